import { useQuery } from '@tanstack/react-query';
import { App, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { addUserBody, requiredString, SUB_ROLES, type UserItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { rolesApi, rolesKeys } from '../roles/api.ts';
import { positionsApi, seatsKeys, usersApi } from './api.ts';
import { NewAccountFields } from './NewAccountFields.tsx';
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
  positionId: string;
  superiorId: string;
  seatPrefix?: string;
}

const roleRequired = requiredString('roleRequired');
const positionRequired = requiredString('positionRequired');
const superiorRequired = requiredString('superiorRequired');

/** Adds or edits a sub-account: account, password, name, role, position, superior, seat prefix. */
export function SeatFormModal({ seat, onClose }: SeatFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
      positionId: v.positionId,
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
    void message.success(t('common.saved'));
  };

  return (
    <FormModal<SeatForm>
      title={t(editing ? 'seats.edit' : 'seats.add')}
      open={open}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={560}
      okTestId="seat-form-ok"
      initialValues={
        editing
          ? {
              nickname: editing.nickname,
              role: editing.role,
              roleId: editing.roleId ?? undefined,
              positionId: editing.positionId ?? undefined,
              superiorId: editing.superiorId ?? undefined,
              seatPrefix: editing.seatPrefix ?? '',
            }
          : { role: 'office' }
      }
    >
      {!editing && (
        <NewAccountFields
          labels={{ username: 'seats.username', password: 'seats.password' }}
          testIdPrefix="seat"
        />
      )}
      <FormField name="nickname" label={t('seats.nickname')} schema={addUserBody.shape.nickname}>
        <Input data-testid="seat-nickname" />
      </FormField>
      <FormField name="role" label={t('seats.role')} schema={roleRequired}>
        <Select
          data-testid="seat-role"
          options={SUB_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
      </FormField>
      <FormField name="roleId" label={t('seats.customRole')} extra={t('seats.customRoleHelp')}>
        <Select
          allowClear
          data-testid="seat-custom-role"
          loading={roles.isFetching}
          notFoundContent={t('seats.noRoles')}
          options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
        />
      </FormField>
      <FormField name="positionId" label={t('seats.position')} schema={positionRequired}>
        <Select
          data-testid="seat-position"
          loading={positions.isFetching}
          notFoundContent={t('seats.noPositions')}
          options={(positions.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </FormField>
      <FormField name="superiorId" label={t('seats.superior')} schema={superiorRequired}>
        <TreeSelect
          data-testid="seat-superior"
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          loading={tree.isFetching}
          treeData={seatOptions(tree.data ?? [], editing?.uid)}
        />
      </FormField>
      <FormField
        name="seatPrefix"
        label={t('seats.seatPrefix')}
        schema={addUserBody.shape.seatPrefix}
      >
        <Input data-testid="seat-prefix" />
      </FormField>
    </FormModal>
  );
}
