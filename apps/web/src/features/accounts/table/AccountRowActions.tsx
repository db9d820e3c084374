import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import { ACTION_LABELS, actionAllowed, type AccountAction } from './accountActions.ts';
import { actionHint } from './actionHint.ts';

/** Props of {@link AccountRowActions}. */
export interface AccountRowActionsProps {
  row: WorkAccountItem;
  onAction: (action: AccountAction, rows: WorkAccountItem[]) => void;
}

const MENU: AccountAction[] = [
  'restitute',
  'multiLogin',
  'relogin',
  'logout',
  'moveGroup',
  'proxy',
  'pool',
  'delete',
];

/** The actions of one account row: distribute, and the rest in a menu (only allowed ones enabled). */
export function AccountRowActions({ row, onAction }: AccountRowActionsProps) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = MENU.map((action) => {
    const allowed = actionAllowed(action, [row]);
    return {
      key: action,
      danger: action === 'delete',
      disabled: !allowed,
      label: (
        <span data-testid={`row-${action}`} title={allowed ? undefined : actionHint(t, action)}>
          {t(ACTION_LABELS[action])}
        </span>
      ),
    };
  });
  return (
    <>
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
    </>
  );
}
