import { DownOutlined, MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Button, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession, can } from '../../../lib/session/sessionStore.ts';
import { accountsApi, accountsKeys } from '../api.ts';
import { statusDot } from '../status.ts';
import { SwitcherPanel } from './SwitcherPanel.tsx';
import { useSwitcherLive } from '../useAccountLiveUpdates.ts';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import '../accounts.css';
import { avatarSrc } from '../../bubbles/media.ts';

/** The switcher for whoever may read conversations or manage accounts. */
export function WorkAccountSwitcher() {
  const user = useSession((s) => s.user);
  const allowed = can(user, 'conversation.read') || can(user, 'account.manage');
  return allowed ? <Switcher canManage={can(user, 'account.manage')} /> : null;
}

/** The header's work-account switcher: the current account, its state, the others by group. */
function Switcher({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const load = useWorkAccounts((s) => s.load);
  const current = useWorkAccounts((s) => s.wxAccount);
  const unread = useWorkAccounts((s) => s.sessionWsList);
  const { data } = useQuery({ queryKey: accountsKeys.switcher, queryFn: accountsApi.switcher });
  useSwitcherLive();
  useEffect(() => {
    if (data) load(data);
  }, [data, load]);
  const othersUnread = unread.some((u) => u.wxid !== current?.wxid && u.unRead > 0);
  const name = current ? current.remark || current.nickname || current.wxid : t('switcher.none');

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      title={
        <span className="wx-switcher-title">
          {t('switcher.choose')}
          {canManage && (
            <Link to="/settings/wxaccount" onClick={() => setOpen(false)}>
              {t('switcher.manage')}
            </Link>
          )}
        </span>
      }
      content={<SwitcherPanel onChosen={() => setOpen(false)} />}
    >
      <Button
        type="text"
        className="wx-switcher-button"
        aria-label={t('switcher.label')}
        title={name}
        data-testid="wx-switcher"
        data-wxid={current?.wxid ?? ''}
      >
        <Badge dot={othersUnread} offset={[-2, 2]}>
          <Badge dot status={current ? statusDot(current.status) : 'default'} offset={[-2, 24]}>
            <Avatar size={26} src={avatarSrc(current?.avatar)} icon={<MobileOutlined />} />
          </Badge>
        </Badge>
        <span className="wx-switcher-current" data-testid="wx-switcher-current">
          {name}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Popover>
  );
}
