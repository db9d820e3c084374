import { App, Form, Input, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountGroupAddBody, type AccountGroupNode } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { groupsApi } from './api.ts';
import { groupOptions } from './useAccountGroups.ts';

/** What the group dialog does: add (under a parent) or rename. */
export type GroupEdit =
  { kind: 'add'; parentId?: string } | { kind: 'rename'; group: AccountGroupNode };

/** Props of {@link GroupNameModal}. */
export interface GroupNameModalProps {
  edit: GroupEdit | null;
  groups: AccountGroupNode[];
  onClose: (saved: boolean) => void;
}

/** Adds an account group (optionally below another) or renames one. */
export function GroupNameModal({ edit, groups, onClose }: GroupNameModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; parentId?: string }>();
  const [saving, setSaving] = useState(false);
  const renaming = edit?.kind === 'rename' ? edit.group : null;

  const handleOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (renaming) await groupsApi.rename(renaming.id, v.name);
      else await groupsApi.add(v.name, v.parentId);
      void message.success(t('common.saved'));
      onClose(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(renaming ? 'accountGroups.rename' : 'accountGroups.add')}
      open={edit !== null}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'group-name-ok' }}
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={{
          name: renaming?.name ?? '',
          parentId: edit?.kind === 'add' ? edit.parentId : undefined,
        }}
        onFinish={() => void handleOk().catch(() => undefined)}
      >
        {!renaming && (
          <Form.Item name="parentId" label={t('accountGroups.parent')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('accountGroups.root')}
              treeData={groupOptions(groups)}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('accountGroups.name')}
          required
          rules={[zodRule(accountGroupAddBody.shape.name, t, t('accountGroups.name'))]}
        >
          <Input autoFocus maxLength={32} data-testid="group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
