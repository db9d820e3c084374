import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import { actionAllowed, actionStates, type AccountAction } from './accountActions.ts';

/** Props of {@link AccountRowActions}. */
export interface AccountRowActionsProps {
  row: WorkAccountItem;
  onAction: (action: AccountAction, rows: WorkAccountItem[]) => void;
}

const MENU: { action: AccountAction; label: string; danger?: boolean }[] = [
  { action: 'restitute', label: 'accounts.restitute' },
  { action: 'multiLogin', label: 'accounts.multiLogin' },
  { action: 'relogin', label: 'accounts.relogin' },
  { action: 'logout', label: 'accounts.logout' },
  { action: 'moveGroup', label: 'accounts.moveGroup' },
  { action: 'proxy', label: 'accounts.setProxy' },
  { action: 'pool', label: 'accounts.poolChange' },
  { action: 'delete', label: 'accounts.delete', danger: true },
];

/** The actions of one account row: distribute, and the rest in a menu (only allowed ones enabled). */
export function AccountRowActions({ row, onAction }: AccountRowActionsProps) {
  const { t } = useTranslation();
  const hint = (action: AccountAction) => {
    const states = actionStates(action);
    return states
      ? t('accounts.allowedIn', { states: states.map((s) => t(`wxStatus.${s}`)).join('、') })
      : undefined;
  };
  const items: MenuProps['items'] = MENU.map(({ action, label, danger }) => {
    const allowed = actionAllowed(action, [row]);
    return {
      key: action,
      danger,
      disabled: !allowed,
      label: (
        <span data-testid={`row-${action}`} title={allowed ? undefined : hint(action)}>
          {t(label)}
        </span>
      ),
    };
  });
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        onClick={() => onAction('distribute', [row])}
        data-testid="row-distribute"
      >
        {t('accounts.distribute')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => onAction(key as AccountAction, [row]) }}
      >
        <Button type="link" size="small" data-testid="row-more">
          {t('accounts.more')} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </Space>
  );
}
