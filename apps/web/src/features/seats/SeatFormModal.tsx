import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { addUserBody, requiredString, SUB_ROLES, type UserItem } from '@cst/shared';
import { EditFormModal } from '../../components/listPage/index.ts';
import { rolesApi, rolesKeys } from '../roles/api.ts';
import { positionsApi, seatsKeys, usersApi } from './api.ts';
import { newAccountFieldSpecs } from './NewAccountFields.tsx';
import { seatOptions } from './seatOptions.ts';

/** Props of {@link SeatFormModal}. */
export interface SeatFormModalProps {
  /** The seat to edit, `'new'` to add one, null when closed. */
  seat: UserItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

interface SeatForm {
  username: string;
  password: string;
  nickname: string;
  role: string;
  roleId?: string;
  positionId?: string;
  superiorId: string;
  seatPrefix?: string;
}

const roleRequired = requiredString('roleRequired');
const superiorRequired = requiredString('superiorRequired');
const ACCOUNT = {
  labels: { username: 'seats.username', password: 'seats.password' },
  testIdPrefix: 'seat',
};

/**
 * Adds or edits a sub-account: account, password, name, role, an optional permission role and
 * position, superior, seat prefix.
 */
export function SeatFormModal({ seat, onClose }: SeatFormModalProps) {
  const open = seat !== null;
  const editing = seat !== null && seat !== 'new' ? seat : null;
  const positions = useQuery({
    queryKey: seatsKeys.positions,
    queryFn: positionsApi.list,
    enabled: open,
  });
  const roles = useQuery({
    queryKey: [...rolesKeys.all, 'options'],
    queryFn: () => rolesApi.list({ page: 1, pageSize: 1000 }),
    enabled: open,
  });
  const tree = useQuery({
    queryKey: seatsKeys.tree,
    queryFn: () => usersApi.accountTree(),
    enabled: open,
  });

  const handleSubmit = async (v: SeatForm) => {
    const common = {
      nickname: v.nickname,
      role: v.role as (typeof SUB_ROLES)[number],
      positionId: v.positionId ?? '',
      superiorId: v.superiorId,
      seatPrefix: v.seatPrefix?.trim() ? v.seatPrefix : null,
    };
    if (editing) await usersApi.edit({ uid: editing.uid, ...common, roleId: v.roleId ?? '' });
    else
      await usersApi.add({
        ...common,
        username: v.username,
        password: v.password,
        roleId: v.roleId,
      });
  };

  const superiorTree = (
    <TreeSelect
      data-testid="seat-superior"
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={tree.isFetching}
      treeData={seatOptions(tree.data ?? [], editing?.uid)}
    />
  );

  return (
    <EditFormModal<SeatForm, UserItem>
      target={seat}
      titles={{ add: 'seats.add', edit: 'seats.edit' }}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={560}
      okTestId="seat-form-ok"
      initialValues={(u) =>
        u
          ? {
              nickname: u.nickname,
              role: u.role,
              roleId: u.roleId ?? undefined,
              positionId: u.positionId ?? undefined,
              superiorId: u.superiorId ?? undefined,
              seatPrefix: u.seatPrefix ?? '',
            }
          : { role: 'office' }
      }
      fields={[
        ...newAccountFieldSpecs(ACCOUNT, editing !== null),
        {
          kind: 'text',
          name: 'nickname',
          label: 'seats.nickname',
          schema: addUserBody.shape.nickname,
          testId: 'seat-nickname',
        },
        {
          kind: 'select',
          name: 'role',
          label: 'seats.role',
          extra: 'seats.roleHelp',
          schema: roleRequired,
          options: { enum: SUB_ROLES, prefix: 'roles.' },
          testId: 'seat-role',
        },
        {
          kind: 'select',
          name: 'roleId',
          label: 'seats.customRole',
          extra: 'seats.customRoleHelp',
          allowClear: true,
          loading: roles.isFetching,
          notFound: 'seats.noRoles',
          options: (roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.roleName })),
          testId: 'seat-custom-role',
        },
        {
          kind: 'select',
          name: 'positionId',
          label: 'seats.position',
          allowClear: true,
          loading: positions.isFetching,
          notFound: 'seats.noPositions',
          options: (positions.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })),
          testId: 'seat-position',
        },
        {
          kind: 'custom',
          name: 'superiorId',
          label: 'seats.superior',
          schema: superiorRequired,
          input: superiorTree,
        },
        {
          kind: 'text',
          name: 'seatPrefix',
          label: 'seats.seatPrefix',
          extra: 'seats.seatPrefixHelp',
          schema: addUserBody.shape.seatPrefix,
          testId: 'seat-prefix',
        },
      ]}
    />
  );
}
