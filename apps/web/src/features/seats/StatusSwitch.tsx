import { App, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, type UserItem } from '@cst/shared';
import {
  SelectFilter,
  type FilterQuery,
  type FilterSpec,
} from '../../components/listPage/index.ts';
import { usersApi } from './api.ts';

/** Props of {@link StatusSwitch}. */
export interface StatusSwitchProps {
  user: UserItem;
  disabled?: boolean;
  onChanged: () => void;
  /**
   * A customer (the platform admin's list): the switch stops or restarts the whole company, so
   * the confirmation names the company and says every account of it is signed out.
   */
  customer?: boolean;
}

/** Enables or disables a user after a confirmation (a disabled user is signed out at once). */
export function StatusSwitch({ user, disabled, onChanged, customer }: StatusSwitchProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const enabled = user.status === 'enabled';

  const handleChange = () => {
    void modal.confirm({
      title: t(enabled ? 'common.disable' : 'common.enable'),
      content: customer
        ? t(enabled ? 'seats.disableCompanyConfirm' : 'seats.enableCompanyConfirm', {
            name: user.tenantName ?? user.nickname,
          })
        : t(enabled ? 'seats.disableConfirm' : 'seats.enableConfirm', { name: user.nickname }),
      okButtonProps: { danger: enabled, 'data-testid': 'status-confirm' },
      onOk: async () => {
        setBusy(true);
        try {
          await usersApi.changeStatus({ uid: user.uid, status: enabled ? 'disabled' : 'enabled' });
          void message.success(t('seats.statusChanged'));
          onChanged();
        } catch {
          // The client has shown the server's message.
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Switch
      checked={enabled}
      loading={busy}
      disabled={disabled}
      checkedChildren={t('common.enabled')}
      unCheckedChildren={t('common.disabled')}
      onChange={handleChange}
      data-testid={`status-${user.username}`}
    />
  );
}

/** The enabled / disabled filter of a user list (seats, customers). */
export function StatusFilter({ query }: { query: FilterQuery<'status'> }) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      query={query}
      name="status"
      placeholder={t('seats.allStatus')}
      width={140}
      options={USER_STATUSES.map((s) => ({ value: s, label: t(`common.${s}`) }))}
    />
  );
}

/** The enabled / disabled filter of a user list, declared for `useListPage`. */
export const statusFilterSpec = {
  kind: 'select',
  name: 'status',
  placeholder: 'seats.allStatus',
  width: 140,
  options: { enum: USER_STATUSES, prefix: 'common.' },
} as const satisfies FilterSpec<'status'>;
