import { App, Input, InputNumber, Select, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueText } from '../../lib/form/zodRule.ts';
import { optionsOf, type SpecOptions } from './filterSpec.tsx';
import { FormField, FormModal, type FormModalProps } from './FormModal.tsx';

interface FieldBase {
  name: string;
  /** Text key of the label. */
  label: string;
  /** The shared zod schema of the value: its messages show inline, word for word. */
  schema?: z.ZodType;
  /** Text key of the message of a value that must be given (no schema says so). */
  requiredMessage?: string;
  /** Text key of a help line below the field. */
  extra?: string;
  /** Text key of the placeholder. */
  placeholder?: string;
  /** `data-testid` of the input. */
  testId?: string;
  /** Leave the field out (e.g. only when adding). */
  hidden?: boolean;
  /** Marked required (by default: the schema refuses an empty value, or `requiredMessage`). */
  required?: boolean;
  /** More antd rules after the schema's (e.g. a {@link mappedZodRule}). */
  rules?: FormRule[];
}

/**
 * One field of a dialog form, declared by kind (text keys for label, placeholder, help):
 * `text`, `password` (new password), `textarea`, `number` (whole numbers in `min`–`max`),
 * `select` (`options`, `searchable`), `custom` (`input`: any form control).
 */
export type FieldSpec =
  | (FieldBase & { kind: 'text'; maxLength?: number; autoComplete?: string })
  | (FieldBase & { kind: 'password' })
  | (FieldBase & { kind: 'textarea'; rows?: number })
  | (FieldBase & { kind: 'number'; min?: number; max?: number })
  | (FieldBase & {
      kind: 'select';
      options: SpecOptions;
      searchable?: boolean;
      allowClear?: boolean;
      loading?: boolean;
      /** Text key shown when there is no option. */
      notFound?: string;
      onChange?: () => void;
    })
  | (FieldBase & { kind: 'custom'; input: ReactNode });

/**
 * A rule checking a field with a shared zod schema after `map` turned the input into what is sent
 * (lines of a text box into a list, a trimmed value, …); `skip` lets some values through (an
 * unchanged one). Messages name `label`, as the server's would.
 */
export function mappedZodRule(
  schema: z.ZodType,
  t: TFunction,
  label: string,
  options: { map?: (value: unknown) => unknown; skip?: (value: unknown) => boolean } = {},
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.skip?.(value)) return;
      const result = schema.safeParse(options.map ? options.map(value) : value);
      if (!result.success) throw new Error(issueText(result.error.issues[0]!, t, label));
    },
  };
}

/**
 * The control of a field: an element, not a component, so that the form item around it hands it
 * its value and onChange.
 */
function inputOf(spec: FieldSpec, t: TFunction): ReactNode {
  const placeholder = spec.placeholder && t(spec.placeholder);
  const common = { placeholder, 'data-testid': spec.testId };
  switch (spec.kind) {
    case 'text':
      return <Input {...common} maxLength={spec.maxLength} autoComplete={spec.autoComplete} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'textarea':
      return <Input.TextArea {...common} rows={spec.rows} />;
    case 'number':
      return (
        <InputNumber
          {...common}
          min={spec.min}
          max={spec.max}
          precision={0}
          style={{ width: '100%' }}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          showSearch={spec.searchable ? { optionFilterProp: 'label' } : undefined}
          allowClear={spec.allowClear}
          loading={spec.loading}
          notFoundContent={spec.notFound && t(spec.notFound)}
          options={optionsOf(spec.options, t)}
          onChange={spec.onChange}
        />
      );
    case 'custom':
      return spec.input;
  }
}

/** The fields of a dialog form drawn from their specs, in order (hidden ones left out). */
export function FormFields({ fields }: { fields: readonly FieldSpec[] }) {
  const { t } = useTranslation();
  return (
    <>
      {fields
        .filter((f) => !f.hidden)
        .map((f) => (
          <FormField
            key={f.name}
            name={f.name}
            label={t(f.label)}
            schema={f.schema}
            extra={f.extra && t(f.extra)}
            required={f.required ?? (f.requiredMessage ? true : undefined)}
            rules={[
              ...(f.requiredMessage ? [{ required: true, message: t(f.requiredMessage) }] : []),
              ...(f.rules ?? []),
            ]}
          >
            {inputOf(f, t)}
          </FormField>
        ))}
    </>
  );
}

/** Props of {@link EditFormModal}. */
export interface EditFormModalProps<V extends object, R> extends Omit<
  FormModalProps<V>,
  'open' | 'title' | 'onSubmit' | 'initialValues' | 'children'
> {
  /** The row to edit, `'new'` to add one, null when closed. */
  target: R | 'new' | null;
  /** Text keys of the title when adding and when editing. */
  titles: { add: string; edit: string };
  fields: readonly FieldSpec[];
  /** The form's first values: `editing` is the row, or null when adding. */
  initialValues?: (editing: R | null) => Partial<V>;
  /** Saves; `editing` is the row, or null when adding. Resolving `false`: nothing changed. */
  onSubmit: (values: V, editing: R | null) => Promise<unknown>;
  /** Text key of the message after a save (default `common.saved`; '' for none). */
  savedText?: string;
  /** Anything after the fields (an explanation). */
  children?: ReactNode;
}

/**
 * The add / edit dialog of a list row, declared: the title by mode, the fields from their specs,
 * the "saved" message after a save, and `onClose(true)` so the list refreshes.
 */
export function EditFormModal<V extends object, R>(props: EditFormModalProps<V, R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { target, titles, fields, initialValues, onSubmit, savedText = 'common.saved' } = props;
  const editing = target !== null && target !== 'new' ? target : null;
  const submit = async (values: V) => {
    const result = await onSubmit(values, editing);
    if (result !== false && savedText) void message.success(t(savedText));
    return result;
  };
  return (
    <FormModal<V>
      {...props}
      open={target !== null}
      title={t(editing ? titles.edit : titles.add)}
      initialValues={initialValues?.(editing)}
      onSubmit={submit}
    >
      <FormFields fields={fields} />
      {props.children}
    </FormModal>
  );
}
