import { Input } from 'antd';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import { FormField, FormModal } from '../../components/listPage/index.ts';

/** Props of {@link NameDialog}. */
export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  schema: ZodType;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: (saved: boolean) => void;
  testId?: string;
  /** More controls under the name. */
  extra?: ReactNode;
}

/** A one-field dialog naming a folder or a group (the shared schema's messages inline). */
export function NameDialog(props: NameDialogProps) {
  return (
    <FormModal<{ name: string }>
      open={props.open}
      title={props.title}
      initialValues={{ name: props.initial ?? '' }}
      onSubmit={(v) => props.onSubmit(v.name.trim())}
      onClose={props.onClose}
      okTestId={props.testId ? `${props.testId}-ok` : undefined}
    >
      <FormField name="name" label={props.label} schema={props.schema}>
        <Input autoFocus maxLength={30} data-testid={props.testId} />
      </FormField>
      {props.extra}
    </FormModal>
  );
}
