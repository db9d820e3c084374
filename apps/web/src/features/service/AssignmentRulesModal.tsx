import { App, Form, InputNumber, Modal, Radio, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_MODES, type AssignmentMode, type AssignmentRule } from '@cst/shared';
import { groupOptions, useAccountGroups } from '../accounts/table/useAccountGroups.ts';
import { flowApi } from './flowApi.ts';

/** Props of {@link AssignmentRulesModal}. */
export interface AssignmentRulesModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Automatic assignment of an account group (the work-account page): off, round robin or the seat
 * with the fewest open chats, with a cap per seat. A rule of one work account (API) comes first.
 */
export function AssignmentRulesModal({ open, onClose }: AssignmentRulesModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const groups = useAccountGroups(open);
  const [rules, setRules] = useState<AssignmentRule[]>([]);
  const [groupId, setGroupId] = useState<string | undefined>();
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

  const pickGroup = (id: string | undefined) => {
    setGroupId(id);
    const rule = rules.find((r) => r.scope === 'group' && r.scopeId === id);
    setMode(rule?.mode ?? 'off');
    setCap(rule?.cap ?? null);
  };
  const save = () => {
    if (!groupId) return;
    const rule: AssignmentRule = { scope: 'group', scopeId: groupId, mode, cap };
    setSaving(true);
    flowApi
      .saveRule(rule)
      .then(() => {
        setRules((list) => [...list.filter((r) => r.scopeId !== groupId), rule]);
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
      okButtonProps={{ disabled: !groupId, loading: saving, 'data-testid': 'rules-save' } as never}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('flow.rules.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('flow.rules.group')}>
          <TreeSelect
            value={groupId}
            onChange={(v: string | undefined) => pickGroup(v)}
            treeData={groupOptions(groups.data ?? [])}
            treeDefaultExpandAll
            data-testid="rules-group"
          />
        </Form.Item>
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
