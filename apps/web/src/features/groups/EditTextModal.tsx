import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../../lib/form/zodRule.ts';

/** Props of {@link EditTextModal}. */
export interface EditTextModalProps {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  /** The shared schema of the field: the form shows the server's messages word for word. */
  schema: z.ZodType;
  maxLength: number;
  multiline?: boolean;
  placeholder?: string;
  extra?: string;
  testId: string;
  /** Saves the value; a rejection keeps the dialog open. */
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
}

/** A one-field dialog: rename a group, set the group card, edit the announcement. */
export function EditTextModal(props: EditTextModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ value }: { value: string }) => {
    setBusy(true);
    try {
      await props.onSave((value ?? '').trim());
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': `${props.testId}-ok` } as never}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ value: props.initial }}
        onFinish={(v) => void submit(v)}
        preserve={false}
      >
        <Form.Item
          name="value"
          label={props.label}
          extra={props.extra}
          rules={[zodRule(props.schema, t, props.label)]}
        >
          {props.multiline ? (
            <Input.TextArea
              autoFocus
              rows={5}
              maxLength={props.maxLength}
              showCount
              placeholder={props.placeholder}
              data-testid={props.testId}
            />
          ) : (
            <Input
              autoFocus
              maxLength={props.maxLength}
              placeholder={props.placeholder}
              data-testid={props.testId}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
