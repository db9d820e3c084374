import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUB_ROLES, type UserItem } from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  closeThenRefresh,
  EmptyState,
  ExportButton,
  ListPage,
  ListTable,
  SearchFilter,
  SelectFilter,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { positionsApi, seatsKeys, USERS_EXPORT_URL, usersApi } from './api.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { SeatFormModal } from './SeatFormModal.tsx';
import { StatusFilter, StatusSwitch } from './StatusSwitch.tsx';
import { userColumns } from './userColumns.tsx';
import { UserRowActions } from './UserRowActions.tsx';

const dash = (v: string | null) => v || '—';

/** The seats of the tenant: table with filters in the URL, add/edit, status, reset password. */
export function SeatsTab({ onGoPositions }: { onGoPositions: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.user);
  const q = useListQuery(['keyword', 'role', 'status']);
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const { data, isFetching } = useListData(seatsKeys.users, q.params, usersApi.pageList);
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
      <span>
        <AddButton disabled={noPosition} onClick={() => setEditing('new')} testId="add-seat">
          {t('seats.add')}
        </AddButton>
      </span>
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
              <UserRowActions user={u} onEdit={setEditing} onReset={setResetting} />
            ),
          ),
        ]}
      />
      <SeatFormModal seat={editing} onClose={closeThenRefresh(setEditing, refresh)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </ListPage>
  );
}
