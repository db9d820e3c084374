import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkTaskCreateBody, type BulkMessageInput } from '@cst/shared';
import { FormField } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { bulkSendApi } from './api.ts';
import type { BulkCreateValues } from './bulkCreateValues.ts';
import { blankMessage, MessagesEditor } from './MessagesEditor.tsx';
import { idsOfList, TargetFields } from './TargetFields.tsx';

const shape = bulkTaskCreateBody.shape;

/** Props of {@link CreateBulkTaskModal}. */
export interface CreateBulkTaskModalProps {
  open: boolean;
  onClose: (created: boolean) => void;
}

/** A new mass-send task: name, type, accounts, recipients, 1–5 messages, now or at a time. */
export function CreateBulkTaskModal({ open, onClose }: CreateBulkTaskModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BulkCreateValues>();
  const [saving, setSaving] = useState(false);
  const sendType = Form.useWatch('sendType', form) ?? 'now';
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
    enabled: open,
  });
  const submit = async () => {
    let v: BulkCreateValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await bulkSendApi.create({
        taskName: v.taskName,
        taskType: v.taskType,
        workWxids: v.workWxids,
        targets: {
          mode: v.mode,
          tagIds: v.mode === 'tags' ? v.tagIds : undefined,
          wxids:
            v.mode === 'list' ? idsOfList(v.list) : v.mode === 'groups' ? v.groupIds : undefined,
        },
        messages: v.messages,
        sendType: v.sendType,
        sendAt: v.sendType === 'scheduled' ? v.sendAt?.valueOf() : undefined,
      });
      void message.success(t('bulkSend.create.created'));
      form.resetFields();
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('bulkSend.create.title')}
      onCancel={() => onClose(false)}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => onClose(false)}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={saving}
          onClick={() => void submit()}
          data-testid="bulk-create-ok"
        >
          {t('common.ok')}
        </Button>,
      ]}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          taskType: 'friends',
          mode: 'all',
          sendType: 'now',
          messages: [blankMessage()],
        }}
      >
        <FormField name="taskName" label={t('bulkSend.name')} schema={shape.taskName}>
          <Input maxLength={64} data-testid="bulk-task-name" />
        </FormField>
        <FormField name="taskType" label={t('bulkSend.create.taskType')}>
          <Radio.Group
            onChange={() => form.setFieldValue('mode', 'all')}
            options={(['friends', 'groups'] as const).map((k) => ({
              value: k,
              label: t(`bulkSend.types.${k}`),
            }))}
          />
        </FormField>
        <FormField name="workWxids" label={t('bulkSend.create.workWxids')} schema={shape.workWxids}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('bulkSend.create.workWxidsPlaceholder')}
            options={(switcher?.wxAccount ?? []).map((a) => ({
              value: a.wxid,
              label: `${a.remark || a.nickname || a.wxid} (${a.wxid})`,
            }))}
            data-testid="bulk-task-accounts"
          />
        </FormField>
        <TargetFields form={form} />
        <FormField
          name="messages"
          label={t('bulkSend.create.messages')}
          required
          rules={[
            {
              validator: (_, v?: BulkMessageInput[]) =>
                v?.length && !v.some((m) => m.kind === 'text' && !m.content.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('msg.textOrImageRequired'))),
            },
          ]}
        >
          <MessagesEditor />
        </FormField>
        <FormField name="sendType" label={t('bulkSend.create.sendType')}>
          <Radio.Group
            options={(['now', 'scheduled'] as const).map((k) => ({
              value: k,
              label: t(`bulkSend.sendTypes.${k}`),
            }))}
          />
        </FormField>
        {sendType === 'scheduled' && (
          <FormField
            name="sendAt"
            label={t('bulkSend.create.sendAt')}
            required
            rules={[{ required: true, message: t('msg.bulkSendAtRequired') }]}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </FormField>
        )}
      </Form>
    </Modal>
  );
}
