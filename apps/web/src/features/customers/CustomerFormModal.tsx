import { addUserBody, requiredString, type AddUserBody, type UserItem } from '@cst/shared';
import { EditFormModal } from '../../components/listPage/index.ts';
import { usersApi } from '../seats/api.ts';
import { newAccountFieldSpecs } from '../seats/NewAccountFields.tsx';

/** Props of {@link CustomerFormModal}. */
export interface CustomerFormModalProps {
  /** The customer (its manager) to edit, `'new'` to add one, null when closed. */
  customer: UserItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

type CustomerForm = Pick<AddUserBody, 'username' | 'password' | 'nickname'> & {
  tenantName: string;
};

const tenantNameRule = requiredString('tenantNameRequired', 64);
const ACCOUNT = { labels: { username: 'customers.username', password: 'customers.password' } };

/** Adds a customer (a new tenant with its manager) or edits its company name and manager name. */
export function CustomerFormModal({ customer, onClose }: CustomerFormModalProps) {
  const adding = customer === 'new';
  return (
    <EditFormModal<CustomerForm, UserItem>
      target={customer}
      titles={{ add: 'customers.add', edit: 'customers.edit' }}
      onClose={onClose}
      okTestId="customer-form-ok"
      initialValues={(u) => (u ? { tenantName: u.tenantName ?? '', nickname: u.nickname } : {})}
      onSubmit={(v, u) =>
        u
          ? usersApi.edit({ uid: u.uid, tenantName: v.tenantName, nickname: v.nickname })
          : usersApi.add(v)
      }
      fields={[
        {
          kind: 'text',
          name: 'tenantName',
          label: 'customers.tenantName',
          schema: tenantNameRule,
          testId: 'customer-tenant',
        },
        ...newAccountFieldSpecs({ ...ACCOUNT, testIdPrefix: 'customer' }, !adding),
        {
          kind: 'text',
          name: 'nickname',
          label: 'customers.nickname',
          schema: addUserBody.shape.nickname,
          testId: 'customer-nickname',
        },
      ]}
    />
  );
}
