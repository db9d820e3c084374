import { Input } from 'antd';
import type { z } from 'zod';
import { FormField, FormModal } from '../../components/listPage/index.ts';

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
  return (
    <FormModal<{ value: string }>
      open={props.open}
      title={props.title}
      initialValues={{ value: props.initial }}
      okTestId={`${props.testId}-ok`}
      onSubmit={({ value }) => props.onSave((value ?? '').trim())}
      onClose={props.onClose}
    >
      <FormField name="value" label={props.label} extra={props.extra} schema={props.schema}>
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
      </FormField>
    </FormModal>
  );
}
