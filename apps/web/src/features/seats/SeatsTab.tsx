import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUB_ROLES, type UserItem } from '@cst/shared';
import {
  actionsColumn,
  EmptyState,
  ExportButton,
  ListPage,
  ListTable,
  SearchFilter,
  SelectFilter,
  timeColumn,
  useListQuery,
} from '../../components/listPage/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { positionsApi, seatsKeys, USERS_EXPORT_URL, usersApi } from './api.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { SeatFormModal } from './SeatFormModal.tsx';
import { StatusFilter, StatusSwitch } from './StatusSwitch.tsx';
import { userColumns } from './userColumns.tsx';

const dash = (v: string | null) => v || '—';

/** The seats of the tenant: table with filters in the URL, add/edit, status, reset password. */
export function SeatsTab({ onGoPositions }: { onGoPositions: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.user);
  const q = useListQuery(['keyword', 'role', 'status']);
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: [...seatsKeys.users, q.params],
    queryFn: () => usersApi.pageList(q.params),
    placeholderData: keepPreviousData,
  });
  const positions = useQuery({ queryKey: seatsKeys.positions, queryFn: positionsApi.list });
  // A seat needs a position: say so before the user opens the form (issue 13).
  const noPosition = positions.data !== undefined && positions.data.list.length === 0;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: seatsKeys.users });
    void queryClient.invalidateQueries({ queryKey: seatsKeys.tree });
  };
  const locked = (u: UserItem) => u.role === 'manager' || u.uid === me?.uid;
  const add = (
    <Tooltip title={noPosition ? t('seats.needPosition') : undefined}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={noPosition}
        onClick={() => setEditing('new')}
        data-testid="add-seat"
      >
        {t('seats.add')}
      </Button>
    </Tooltip>
  );

  return (
    <ListPage
      bare
      testId="seats"
      notice={
        noPosition && (
          <Alert
            type="warning"
            showIcon
            data-testid="seats-need-position"
            title={t('seats.needPosition')}
            description={t('seats.needPositionHint')}
            action={
              <Button type="primary" size="small" onClick={onGoPositions}>
                {t('seats.goPositions')}
              </Button>
            }
          />
        )
      }
      filters={
        <>
          <SearchFilter query={q} name="keyword" placeholder={t('seats.searchPlaceholder')} />
          <SelectFilter
            query={q}
            name="role"
            placeholder={t('seats.allRoles')}
            options={['manager', ...SUB_ROLES].map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
          <StatusFilter query={q} />
        </>
      }
      actions={
        <>
          <ExportButton url={USERS_EXPORT_URL} params={q.params} testId="seats-export" />
          {add}
        </>
      }
    >
      <ListTable<UserItem>
        query={q}
        rowKey="uid"
        data={data}
        loading={isFetching}
        empty={<EmptyState title={t('seats.empty')} hint={t('seats.emptyHint')} />}
        columns={[
          ...userColumns(t, me?.uid),
          { title: t('seats.superior'), dataIndex: 'superiorName', width: 120, render: dash },
          { title: t('seats.seatPrefix'), dataIndex: 'seatPrefix', width: 100, render: dash },
          {
            title: t('seats.status'),
            key: 'status',
            width: 100,
            render: (_: unknown, u) => (
              <StatusSwitch user={u} disabled={locked(u)} onChanged={refresh} />
            ),
          },
          timeColumn<UserItem>(t('common.createdAt'), 'createdAt'),
          actionsColumn<UserItem>(t('common.actions'), 180, (u) =>
            u.role === 'manager' ? null : (
              <>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing(u)}
                  data-testid={`edit-${u.username}`}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setResetting(u)}
                  data-testid={`reset-${u.username}`}
                >
                  {t('seats.resetPassword')}
                </Button>
              </>
            ),
          ),
        ]}
      />
      <SeatFormModal
        seat={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </ListPage>
  );
}
