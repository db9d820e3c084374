import { Form, Modal, type FormInstance } from 'antd';
import type { FormItemProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../../lib/form/zodRule.ts';

/** Props of {@link FormModal}. */
export interface FormModalProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** The form, from `Form.useForm<V>()`, when the page reads or sets fields itself. */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Saves the validated values; a rejection keeps the dialog open (the client showed why). */
  onSubmit: (values: V) => Promise<void>;
  /** The dialog closes: `true` after a save, `false` on cancel. */
  onClose: (saved: boolean) => void;
  /** The fields ({@link FormField}) and any explanation. */
  children: ReactNode;
  okText?: string;
  width?: number;
  /** `data-testid` of the OK button. */
  okTestId?: string;
}

/**
 * A dialog holding a form: validates (the fields' zod rules show the spec's messages inline),
 * saves, and closes on success (`onClose(true)`). The body scrolls, so the buttons stay in view on short windows.
 */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields show what is wrong.
    }
    setSaving(true);
    try {
      await props.onSubmit(values);
      props.onClose(true);
    } catch {
      // The client has shown the server's message; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={props.title}
      open={props.open}
      onCancel={() => props.onClose(false)}
      onOk={() => void handleOk()}
      okText={props.okText}
      confirmLoading={saving}
      destroyOnHidden
      centered
      width={props.width}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', paddingRight: 4 } }}
      okButtonProps={props.okTestId ? { 'data-testid': props.okTestId } : undefined}
    >
      <Form<V>
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={props.initialValues}
        onFinish={() => void handleOk()}
      >
        {props.children}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

/** Props of {@link FormField}. */
export interface FormFieldProps extends Omit<FormItemProps, 'rules' | 'label' | 'required'> {
  label: string;
  /** The shared zod schema of the value: its messages show inline, word for word. */
  schema?: z.ZodType;
  /** Marked required; by default, whether the schema refuses an empty value. */
  required?: boolean;
  rules?: FormItemProps['rules'];
}

/** Whether a schema refuses a missing value (the field is then marked required). */
export function refusesEmpty(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/** A form field checked with a shared zod schema (the same the server uses). */
export function FormField({ label, schema, required, rules = [], ...rest }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      {...rest}
      label={label}
      required={required ?? (schema ? refusesEmpty(schema) : false)}
      rules={schema ? [zodRule(schema, t, label), ...rules] : rules}
    />
  );
}
