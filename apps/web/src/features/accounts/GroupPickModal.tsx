import { App, Form, Input, Modal, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from './api.ts';
import { groupOptions, useAccountGroups } from './useAccountGroups.ts';

/** Props of {@link GroupPickModal}. */
export interface GroupPickModalProps {
  /** 'moveGroup' sets the group of accounts in any state; 'batchEdit' edits online ones. */
  mode: 'moveGroup' | 'batchEdit';
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}

const UNGROUPED = '__none__';

/** Sets the group of accounts, or edits logged-in ones in bulk (remark and group). */
export function GroupPickModal({ mode, wxids, onClose }: GroupPickModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = wxids !== null;
  const groups = useAccountGroups(open);
  const [form] = Form.useForm<{ groupId?: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  const batch = mode === 'batchEdit';

  const handleOk = async () => {
    if (!wxids) return;
    const v = form.getFieldsValue();
    const groupId = v.groupId === UNGROUPED ? null : v.groupId;
    setSaving(true);
    try {
      const res = batch
        ? await accountsApi.batchEdit({
            wxids,
            ...(v.remark?.trim() ? { remark: v.remark } : {}),
            ...(v.groupId ? { groupId } : {}),
          })
        : await accountsApi.moveGroup(wxids, groupId ?? null);
      void message.success(t('accounts.changed', { count: res.count }));
      onClose(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(batch ? 'accounts.batchEdit' : 'accounts.moveGroup')}
      open={open}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'group-pick-ok' }}
    >
      <Typography.Paragraph type="secondary">
        {t('accounts.selectedInfo', { count: wxids?.length ?? 0 })}
        {batch && <> · {t('accounts.batchEditHint')}</>}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" clearOnDestroy>
        {batch && (
          <Form.Item name="remark" label={t('accounts.remark')}>
            <Input maxLength={64} data-testid="batch-remark" />
          </Form.Item>
        )}
        <Form.Item name="groupId" label={t('accounts.group')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={batch ? t('accounts.keepGroup') : t('accounts.ungrouped')}
            treeData={[
              { value: UNGROUPED, title: t('accounts.ungrouped'), children: [] },
              ...groupOptions(groups.data ?? []),
            ]}
            data-testid="group-pick"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
