import { useQuery } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Radio, Select, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_MODES, type AssignmentMode, type AssignmentRule } from '@cst/shared';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { groupOptions, useAccountGroups } from '../accounts/table/useAccountGroups.ts';
import { flowApi } from './flowApi.ts';

/** Props of {@link AssignmentRulesModal}. */
export interface AssignmentRulesModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Automatic assignment of an account group or of one work account (the work-account page): off,
 * round robin or the seat with the fewest open chats, with a cap per seat. A work account's own
 * rule comes before its group's.
 */
export function AssignmentRulesModal({ open, onClose }: AssignmentRulesModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const groups = useAccountGroups(open);
  const accounts = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
    enabled: open,
  });
  const [rules, setRules] = useState<AssignmentRule[]>([]);
  const [scope, setScope] = useState<AssignmentRule['scope']>('group');
  const [scopeId, setScopeId] = useState<string | undefined>();
  const [mode, setMode] = useState<AssignmentMode>('off');
  const [cap, setCap] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    flowApi
      .rules()
      .then((r) => setRules(r.list))
      .catch(() => setRules([]));
  }, [open]);

  const pick = (next: AssignmentRule['scope'], id: string | undefined) => {
    setScope(next);
    setScopeId(id);
    const rule = rules.find((r) => r.scope === next && r.scopeId === id);
    setMode(rule?.mode ?? 'off');
    setCap(rule?.cap ?? null);
  };
  const save = () => {
    if (!scopeId) return;
    const rule: AssignmentRule = { scope, scopeId, mode, cap };
    setSaving(true);
    flowApi
      .saveRule(rule)
      .then(() => {
        setRules((list) => [
          ...list.filter((r) => !(r.scope === scope && r.scopeId === scopeId)),
          rule,
        ]);
        void message.success(t('flow.rules.saved'));
      })
      .catch((err: unknown) => {
        if (err instanceof Error) void message.error(err.message);
      })
      .finally(() => setSaving(false));
  };

  return (
    <Modal
      open={open}
      title={t('flow.rules.title')}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ disabled: !scopeId, loading: saving, 'data-testid': 'rules-save' } as never}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('flow.rules.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('flow.rules.scope')}>
          <Radio.Group
            value={scope}
            onChange={(e) => pick(e.target.value as AssignmentRule['scope'], undefined)}
            options={[
              { value: 'group', label: t('flow.rules.group') },
              { value: 'account', label: t('flow.rules.account') },
            ]}
            data-testid="rules-scope"
          />
        </Form.Item>
        {scope === 'group' ? (
          <Form.Item label={t('flow.rules.group')}>
            <TreeSelect
              value={scopeId}
              onChange={(v: string | undefined) => pick('group', v)}
              treeData={groupOptions(groups.data ?? [])}
              treeDefaultExpandAll
              data-testid="rules-group"
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('flow.rules.account')}>
            <Select
              value={scopeId}
              onChange={(v: string) => pick('account', v)}
              showSearch={{ optionFilterProp: 'label' }}
              options={(accounts.data?.wxAccount ?? []).map((a) => ({
                value: a.id,
                label: `${a.remark || a.nickname || a.wxid} (${a.wxid})`,
              }))}
              data-testid="rules-account"
            />
          </Form.Item>
        )}
        <Form.Item label={t('flow.rules.mode')}>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as AssignmentMode)}
            options={ASSIGNMENT_MODES.map((m) => ({ value: m, label: t(`flow.rules.${m}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('flow.rules.cap')}>
          <InputNumber
            min={1}
            max={10_000}
            value={cap}
            placeholder={t('flow.rules.capNone')}
            onChange={(v) => setCap(typeof v === 'number' ? v : null)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
