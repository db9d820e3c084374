import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUB_ROLES, type UserItem } from '@cst/shared';
import { AddButton, ListScreen, useListPage } from '../../components/listPage/index.ts';
import { useCan, useSession } from '../../lib/session/sessionStore.ts';
import { seatsKeys, USERS_EXPORT_URL, usersApi } from './api.ts';
import { DeleteSeatModal } from './DeleteSeatModal.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { SeatFormModal } from './SeatFormModal.tsx';
import { statusFilterSpec, StatusSwitch } from './StatusSwitch.tsx';
import { userColumns } from './userColumns.tsx';
import { UserRowActions } from './UserRowActions.tsx';

const ROLES = ['manager', ...SUB_ROLES] as const;

/** The seats of the tenant: table with filters in the URL, add/edit, status, reset password. */
export function SeatsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.user);
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const [deleting, setDeleting] = useState<UserItem | null>(null);
  const canDelete = useCan('seat.delete');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: seatsKeys.users });
    void queryClient.invalidateQueries({ queryKey: seatsKeys.tree });
  };
  const locked = (u: UserItem) => u.role === 'manager' || u.uid === me?.uid;
  const add = (
    <AddButton onClick={() => setEditing('new')} testId="add-seat">
      {t('seats.add')}
    </AddButton>
  );
  const page = useListPage({
    key: seatsKeys.users,
    frame: { bare: true, testId: 'seats' },
    fetch: usersApi.pageList,
    rowKey: 'uid',
    toolbar: { export: { url: USERS_EXPORT_URL, testId: 'seats-export' }, actions: add },
    empty: { title: 'seats.empty', hint: 'seats.emptyHint' },
    filters: [
      { kind: 'search', name: 'keyword', placeholder: 'seats.searchPlaceholder' },
      {
        kind: 'select',
        name: 'role',
        placeholder: 'seats.allRoles',
        options: { enum: ROLES, prefix: 'roles.' },
      },
      statusFilterSpec,
    ],
    columns: [
      ...userColumns(t, me?.uid),
      // Sized so that every column, 创建时间 included, is in view at 1440 px: reset password and
      // delete sit behind 「更多」.
      {
        kind: 'text',
        title: 'seats.superior',
        field: 'superiorName',
        width: 110,
        dash: true,
        ellipsis: true,
      },
      { kind: 'text', title: 'seats.seatPrefix', field: 'seatPrefix', width: 90, dash: true },
      {
        kind: 'render',
        title: 'seats.status',
        key: 'status',
        width: 100,
        render: (u) => <StatusSwitch user={u} disabled={locked(u)} onChanged={refresh} />,
      },
      { kind: 'time', title: 'common.createdAt', field: 'createdAt', width: 150 },
      {
        kind: 'actions',
        width: 140,
        render: (u) =>
          u.role === 'manager' ? null : (
            <UserRowActions
              user={u}
              onEdit={setEditing}
              onReset={setResetting}
              onDelete={canDelete && u.uid !== me?.uid ? setDeleting : undefined}
              menu
            />
          ),
      },
    ],
  });

  return (
    <ListScreen page={page}>
      <SeatFormModal seat={editing} onClose={page.afterSave(setEditing, refresh)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <DeleteSeatModal user={deleting} onClose={page.afterSave(setDeleting, refresh)} />
    </ListScreen>
  );
}
