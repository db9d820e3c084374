import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { addUserBody, requiredString, type UserItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { usersApi } from '../seats/api.ts';
import { NewAccountFields } from '../seats/NewAccountFields.tsx';

/** Props of {@link CustomerFormModal}. */
export interface CustomerFormModalProps {
  /** The customer (its manager) to edit, `'new'` to add one, null when closed. */
  customer: UserItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

interface CustomerForm {
  tenantName: string;
  username: string;
  password: string;
  nickname: string;
}

const tenantNameRule = requiredString('tenantNameRequired', 64);

/** Adds a customer (a new tenant with its manager) or edits its company name and manager name. */
export function CustomerFormModal({ customer, onClose }: CustomerFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editing = customer !== null && customer !== 'new' ? customer : null;

  const handleSubmit = async (v: CustomerForm) => {
    if (editing)
      await usersApi.edit({ uid: editing.uid, tenantName: v.tenantName, nickname: v.nickname });
    else await usersApi.add(v);
    void message.success(t('common.saved'));
  };

  return (
    <FormModal<CustomerForm>
      title={t(editing ? 'customers.edit' : 'customers.add')}
      open={customer !== null}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="customer-form-ok"
      initialValues={
        editing ? { tenantName: editing.tenantName ?? '', nickname: editing.nickname } : {}
      }
    >
      <FormField name="tenantName" label={t('customers.tenantName')} schema={tenantNameRule}>
        <Input data-testid="customer-tenant" />
      </FormField>
      {!editing && (
        <NewAccountFields
          labels={{ username: 'customers.username', password: 'customers.password' }}
          testIdPrefix="customer"
        />
      )}
      <FormField
        name="nickname"
        label={t('customers.nickname')}
        schema={addUserBody.shape.nickname}
      >
        <Input data-testid="customer-nickname" />
      </FormField>
    </FormModal>
  );
}
