import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { addUserBody } from '@cst/shared';
import { FormField, type FieldSpec } from '../../components/listPage/index.ts';

/** Props of {@link NewAccountFields}. */
export interface NewAccountFieldsProps {
  /** Text keys of the two labels (a seat's "账号" or a customer's "管理员账号"). */
  labels: { username: string; password: string };
  /** Prefix of the inputs' test ids (`seat` → `seat-username`, `seat-password`). */
  testIdPrefix: string;
}

/** The account and password of a new user, checked with the server's schema. */
export function NewAccountFields({ labels, testIdPrefix }: NewAccountFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField name="username" label={t(labels.username)} schema={addUserBody.shape.username}>
        <Input autoComplete="off" data-testid={`${testIdPrefix}-username`} />
      </FormField>
      <FormField name="password" label={t(labels.password)} schema={addUserBody.shape.password}>
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-password`} />
      </FormField>
    </>
  );
}

/** {@link NewAccountFields} as field specs, left out (`hidden`) when editing. */
export function newAccountFieldSpecs(
  { labels, testIdPrefix }: NewAccountFieldsProps,
  hidden: boolean,
): FieldSpec[] {
  return [
    {
      kind: 'text',
      name: 'username',
      label: labels.username,
      schema: addUserBody.shape.username,
      autoComplete: 'off',
      testId: `${testIdPrefix}-username`,
      hidden,
    },
    {
      kind: 'password',
      name: 'password',
      label: labels.password,
      schema: addUserBody.shape.password,
      testId: `${testIdPrefix}-password`,
      hidden,
    },
  ];
}
