import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@cst/shared';
import { ListScreen, RowButton, useListPage } from '../../components/listPage/index.ts';
import { UserRowActions } from '../seats/UserRowActions.tsx';
import { seatsKeys, USERS_EXPORT_URL, usersApi } from '../seats/api.ts';
import { ResetPasswordModal } from '../seats/ResetPasswordModal.tsx';
import { statusFilterSpec, StatusSwitch } from '../seats/StatusSwitch.tsx';
import { BatchAddModal } from './BatchAddModal.tsx';
import { CustomerFormModal } from './CustomerFormModal.tsx';
import { SubUsersDrawer } from './SubUsersDrawer.tsx';

/** The platform admin's customer users: every tenant with its manager. */
export function CustomersPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [batch, setBatch] = useState(false);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const [subOf, setSubOf] = useState<UserItem | null>(null);
  const refresh = () => void page.refresh();
  const statusCell = (u: UserItem) => <StatusSwitch user={u} onChanged={refresh} customer />;
  const page = useListPage({
    key: [...seatsKeys.users, 'customers'],
    refreshKey: seatsKeys.users,
    frame: { title: 'customers.title', testId: 'customers' },
    fetch: usersApi.pageList,
    rowKey: 'uid',
    toolbar: {
      export: { url: USERS_EXPORT_URL, testId: 'customers-export' },
      add: { label: 'customers.add', onClick: () => setEditing('new'), testId: 'add-customer' },
      actions: (
        <>
          <Button icon={<UploadOutlined />} onClick={() => setBatch(true)} data-testid="batch-add">
            {t('customers.batchAdd')}
          </Button>
        </>
      ),
    },
    empty: { title: 'customers.empty', hint: 'customers.emptyHint' },
    filters: [
      {
        kind: 'search',
        name: 'keyword',
        width: 280,
        placeholder: 'customers.searchPlaceholder',
        testId: 'customer-search',
      },
      statusFilterSpec,
    ],
    columns: [
      { kind: 'text', title: 'customers.tenantName', field: 'tenantName', width: 200 },
      { kind: 'text', title: 'customers.username', field: 'username', width: 160 },
      { kind: 'text', title: 'customers.nickname', field: 'nickname', width: 140 },
      { kind: 'render', title: 'customers.status', key: 'status', width: 100, render: statusCell },
      { kind: 'time', title: 'common.createdAt', field: 'createdAt' },
      {
        kind: 'actions',
        width: 250,
        render: (u) => (
          <>
            <UserRowActions user={u} onEdit={setEditing} onReset={setResetting} />
            <RowButton onClick={() => setSubOf(u)} testId={`sub-${u.username}`}>
              {t('customers.subUsers')}
            </RowButton>
          </>
        ),
      },
    ],
  });

  return (
    <ListScreen page={page}>
      <CustomerFormModal customer={editing} onClose={page.afterSave(setEditing)} />
      <BatchAddModal
        open={batch}
        onClose={(created) => {
          setBatch(false);
          if (created) refresh();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <SubUsersDrawer user={subOf} onClose={() => setSubOf(null)} />
    </ListScreen>
  );
}
