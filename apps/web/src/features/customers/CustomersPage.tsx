import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  closeThenRefresh,
  EmptyState,
  ExportButton,
  ListPage,
  ListTable,
  RowButton,
  SearchFilter,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { UserRowActions } from '../seats/UserRowActions.tsx';
import { seatsKeys, USERS_EXPORT_URL, usersApi } from '../seats/api.ts';
import { ResetPasswordModal } from '../seats/ResetPasswordModal.tsx';
import { StatusFilter, StatusSwitch } from '../seats/StatusSwitch.tsx';
import { BatchAddModal } from './BatchAddModal.tsx';
import { CustomerFormModal } from './CustomerFormModal.tsx';
import { SubUsersDrawer } from './SubUsersDrawer.tsx';

/** The platform admin's customer users: every tenant with its manager. */
export function CustomersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useListQuery(['keyword', 'status']);
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [batch, setBatch] = useState(false);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const [subOf, setSubOf] = useState<UserItem | null>(null);
  const { data, isFetching } = useListData(
    [...seatsKeys.users, 'customers'],
    q.params,
    usersApi.pageList,
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: seatsKeys.users });

  return (
    <ListPage
      title={t('customers.title')}
      testId="customers"
      filters={
        <>
          <SearchFilter
            query={q}
            name="keyword"
            width={280}
            placeholder={t('customers.searchPlaceholder')}
            testId="customer-search"
          />
          <StatusFilter query={q} />
        </>
      }
      actions={
        <>
          <ExportButton url={USERS_EXPORT_URL} params={q.params} testId="customers-export" />
          <Button icon={<UploadOutlined />} onClick={() => setBatch(true)} data-testid="batch-add">
            {t('customers.batchAdd')}
          </Button>
          <AddButton onClick={() => setEditing('new')} testId="add-customer">
            {t('customers.add')}
          </AddButton>
        </>
      }
    >
      <ListTable<UserItem>
        query={q}
        rowKey="uid"
        data={data}
        loading={isFetching}
        empty={<EmptyState title={t('customers.empty')} hint={t('customers.emptyHint')} />}
        columns={[
          { title: t('customers.tenantName'), dataIndex: 'tenantName', width: 200 },
          { title: t('customers.username'), dataIndex: 'username', width: 160 },
          { title: t('customers.nickname'), dataIndex: 'nickname', width: 140 },
          {
            title: t('customers.status'),
            key: 'status',
            width: 100,
            render: (_: unknown, u) => <StatusSwitch user={u} onChanged={refresh} />,
          },
          timeColumn<UserItem>(t('common.createdAt'), 'createdAt'),
          actionsColumn<UserItem>(t('common.actions'), 250, (u) => (
            <>
              <UserRowActions user={u} onEdit={setEditing} onReset={setResetting} />
              <RowButton onClick={() => setSubOf(u)} testId={`sub-${u.username}`}>
                {t('customers.subUsers')}
              </RowButton>
            </>
          )),
        ]}
      />
      <CustomerFormModal customer={editing} onClose={closeThenRefresh(setEditing, refresh)} />
      <BatchAddModal
        open={batch}
        onClose={(created) => {
          setBatch(false);
          if (created) refresh();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <SubUsersDrawer user={subOf} onClose={() => setSubOf(null)} />
    </ListPage>
  );
}
