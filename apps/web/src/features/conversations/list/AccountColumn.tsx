import { ClearOutlined } from '@ant-design/icons';
import { App, Badge, Button, Popconfirm, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwitcherAccount } from '@cst/shared';
import { useCan, useSession } from '../../../lib/session/sessionStore.ts';
import { TransferModal, type TransferTarget } from '../../service/TransferModal.tsx';
import { statusDot } from '../../accounts/status.ts';
import { totalUnread, useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { clearUnread } from '../store/inboxActions.ts';
import { InboxAvatar } from '../InboxAvatar.tsx';

/** Props of {@link AccountColumn}. */
export interface AccountColumnProps {
  /** The account whose conversations the account mode shows; null while every account shows. */
  selected: string | null;
  onPickAccount: (wxid: string) => void;
  onPickAll: () => void;
  /** Whether the visible accounts have been read: until then none is not 「no account」. */
  loaded: boolean;
}

const nameOf = (a: SwitcherAccount) => a.remark || a.nickname || a.wxid;

/** The work-account column: every visible account with its unread count and clear-unread. */
export function AccountColumn({ selected, onPickAccount, onPickAll, loaded }: AccountColumnProps) {
  const { t } = useTranslation();
  // A right click on an account hands all its conversations to another seat (service transfer).
  const canTransfer = useCan('conversation.send');
  const [transferOf, setTransferOf] = useState<TransferTarget | null>(null);
  const { message } = App.useApp();
  const accounts = useWorkAccounts((s) => s.accounts);
  // A manager sees every account of the company, assigned or not.
  const manager = useSession((s) => s.user?.role === 'manager');
  const unread = useWorkAccounts((s) => s.sessionWsList);
  const total = totalUnread(unread);
  const unreadOf = (wxid: string) => unread.find((u) => u.wxid === wxid)?.unRead ?? 0;

  const handleClear = async (wxid: string | null) => {
    try {
      const count = await clearUnread(wxid);
      void message.success(t('inbox.cleared', { count }));
    } catch {
      // The client has shown the server's message.
    }
  };

  const clearButton = (wxid: string | null, name: string) => (
    <Popconfirm
      title={wxid ? t('inbox.clearAccountConfirm', { name }) : t('inbox.clearAllConfirm')}
      onConfirm={() => handleClear(wxid)}
      okButtonProps={{ 'data-testid': 'clear-unread-ok' }}
    >
      <Tooltip title={wxid ? t('inbox.clearUnread') : t('inbox.clearAllUnread')}>
        <Button
          size="small"
          type="text"
          className="account-clear"
          icon={<ClearOutlined />}
          aria-label={wxid ? t('inbox.clearUnread') : t('inbox.clearAllUnread')}
          data-testid={wxid ? 'clear-account-unread' : 'clear-all-unread'}
          onClick={(e) => e.stopPropagation()}
        />
      </Tooltip>
    </Popconfirm>
  );

  return (
    <nav className="inbox-accounts" aria-label={t('inbox.accounts')} data-testid="inbox-accounts">
      <div
        role="button"
        tabIndex={0}
        className={`account-item account-all${selected === null ? ' is-active' : ''}`}
        onClick={onPickAll}
        onKeyDown={(e) => e.key === 'Enter' && onPickAll()}
        data-testid="account-all"
      >
        <span className="account-name">{t('inbox.allAccounts')}</span>
        <Badge count={total} size="small" overflowCount={999} data-testid="account-all-unread" />
        {total > 0 && clearButton(null, '')}
      </div>
      {loaded && accounts.length === 0 && (
        <Typography.Text type="secondary" className="inbox-accounts-empty">
          {manager ? t('inbox.noAccountsTenant') : t('inbox.noAccounts')}
        </Typography.Text>
      )}
      {accounts.map((a) => {
        const n = unreadOf(a.wxid);
        return (
          <div
            key={a.wxid}
            role="button"
            tabIndex={0}
            className={`account-item${a.wxid === selected ? ' is-active' : ''}`}
            onClick={() => onPickAccount(a.wxid)}
            onKeyDown={(e) => e.key === 'Enter' && onPickAccount(a.wxid)}
            onContextMenu={(e) => {
              if (!canTransfer) return;
              e.preventDefault();
              setTransferOf({ kind: 'account', workWxid: a.wxid, name: nameOf(a) });
            }}
            data-testid="account-item"
            data-wxid={a.wxid}
            title={`${nameOf(a)} · ${t(`wxStatus.${a.status}`)}`}
          >
            <Badge dot status={statusDot(a.status)} offset={[-3, 28]}>
              <InboxAvatar src={a.avatar} name={nameOf(a)} size={32} shape="circle" />
            </Badge>
            <span className="account-name">{nameOf(a)}</span>
            {n > 0 && (
              <>
                <Badge count={n} size="small" overflowCount={999} data-testid="account-unread" />
                {clearButton(a.wxid, nameOf(a))}
              </>
            )}
          </div>
        );
      })}
      <TransferModal target={transferOf} onClose={() => setTransferOf(null)} />
    </nav>
  );
}
