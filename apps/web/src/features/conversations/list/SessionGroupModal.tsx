import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionGroupSaveBody, type SessionGroupItem } from '@cst/shared';
import { zodRule } from '../../../lib/form/zodRule.ts';
import { conversationsApi } from '../api.ts';

/** Props of {@link SessionGroupModal}. */
export interface SessionGroupModalProps {
  /** 'new' creates a group; a group renames it; null: closed. */
  group: SessionGroupItem | 'new' | null;
  /** Closes; with the saved group's id after a save. */
  onClose: (savedId?: string) => void;
}

/** Creates or renames a custom session group. */
export function SessionGroupModal({ group, onClose }: SessionGroupModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const renaming = group && group !== 'new' ? group : null;

  const handleOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await conversationsApi.saveGroup({ id: renaming?.id, name: v.name });
      void message.success(t('inbox.groups.saved'));
      onClose(r.id);
    } catch (err) {
      // Shown on the field (e.g. the name is taken).
      form.setFields([{ name: 'name', errors: [err instanceof Error ? err.message : ''] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(renaming ? 'inbox.groups.rename' : 'inbox.groups.add')}
      open={group !== null}
      onCancel={() => onClose()}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'session-group-ok' }}
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={{ name: renaming?.name ?? '' }}
        onFinish={() => void handleOk().catch(() => undefined)}
      >
        <Form.Item
          name="name"
          label={t('inbox.groups.name')}
          rules={[zodRule(sessionGroupSaveBody.shape.name, t, t('inbox.groups.name'))]}
        >
          <Input
            autoFocus
            maxLength={32}
            placeholder={t('inbox.groups.namePlaceholder')}
            data-testid="session-group-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
