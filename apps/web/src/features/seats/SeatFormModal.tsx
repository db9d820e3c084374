import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addUserBody, requiredString, SUB_ROLES, type UserItem } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { rolesApi, rolesKeys } from '../roles/api.ts';
import { positionsApi, seatsKeys, usersApi } from './api.ts';
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

/** Adds or edits a sub-account: account, password, name, role, position, superior, seat prefix. */
export function SeatFormModal({ seat, onClose }: SeatFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SeatForm>();
  const [saving, setSaving] = useState(false);
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
  const rule = (schema: Parameters<typeof zodRule>[0], label: string) => [
    zodRule(schema, t, t(label)),
  ];

  const handleOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const common = {
      nickname: v.nickname,
      role: v.role as (typeof SUB_ROLES)[number],
      positionId: v.positionId,
      superiorId: v.superiorId,
      seatPrefix: v.seatPrefix?.trim() ? v.seatPrefix : null,
    };
    try {
      if (editing) await usersApi.edit({ uid: editing.uid, ...common, roleId: v.roleId ?? '' });
      else
        await usersApi.add({
          ...common,
          username: v.username,
          password: v.password,
          roleId: v.roleId,
        });
      void message.success(t('common.saved'));
      onClose(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(editing ? 'seats.edit' : 'seats.add')}
      open={open}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'seat-form-ok' }}
    >
      <Form
        form={form}
        layout="vertical"
        clearOnDestroy
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
          <>
            <Form.Item
              name="username"
              label={t('seats.username')}
              required
              rules={rule(addUserBody.shape.username, 'seats.username')}
            >
              <Input autoComplete="off" data-testid="seat-username" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('seats.password')}
              required
              rules={rule(addUserBody.shape.password, 'seats.password')}
            >
              <Input.Password autoComplete="new-password" data-testid="seat-password" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="nickname"
          label={t('seats.nickname')}
          required
          rules={rule(addUserBody.shape.nickname, 'seats.nickname')}
        >
          <Input data-testid="seat-nickname" />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('seats.role')}
          required
          rules={rule(requiredString('roleRequired'), 'seats.role')}
        >
          <Select
            data-testid="seat-role"
            options={SUB_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('seats.customRole')} extra={t('seats.customRoleHelp')}>
          <Select
            allowClear
            data-testid="seat-custom-role"
            loading={roles.isFetching}
            notFoundContent={t('seats.noRoles')}
            options={(roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
        <Form.Item
          name="positionId"
          label={t('seats.position')}
          required
          rules={rule(requiredString('positionRequired'), 'seats.position')}
        >
          <Select
            data-testid="seat-position"
            loading={positions.isFetching}
            notFoundContent={t('seats.noPositions')}
            options={(positions.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="superiorId"
          label={t('seats.superior')}
          required
          rules={rule(requiredString('superiorRequired'), 'seats.superior')}
        >
          <TreeSelect
            data-testid="seat-superior"
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            loading={tree.isFetching}
            treeData={seatOptions(tree.data ?? [], editing?.uid)}
          />
        </Form.Item>
        <Form.Item
          name="seatPrefix"
          label={t('seats.seatPrefix')}
          rules={rule(addUserBody.shape.seatPrefix, 'seats.seatPrefix')}
        >
          <Input data-testid="seat-prefix" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
