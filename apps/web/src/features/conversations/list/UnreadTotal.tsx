import { MessageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/session/sessionStore.ts';
import { totalUnread, useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { inboxKeys } from '../api.ts';
import { askNotificationPermissionOnce } from '../store/attention.ts';
import { reconcileUnread } from '../store/unreadCounts.ts';
import { INBOX_MODE_PARAM } from '../store/useInboxQueries.ts';
import { useInboxLive } from '../store/useInboxLive.ts';
import { useUnreadTitle } from './useUnreadTitle.ts';

/** The header's unread total, for whoever may read conversations. */
export function UnreadTotal() {
  return useCan('conversation.read') ? <LiveUnreadTotal /> : null;
}

/**
 * The unread total (a click opens the conversation screen's unread sessions). It also keeps the inbox live on every
 * screen: pushes, per-account counts, the cue tone, desktop notifications and the tab title.
 */
function LiveUnreadTotal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useInboxLive();
  // A query, so a `resync` (which invalidates every query) reads the counts again.
  useQuery({
    queryKey: inboxKeys.unread,
    queryFn: async () => {
      await reconcileUnread();
      return true;
    },
    staleTime: Infinity,
  });
  const total = useWorkAccounts((s) => totalUnread(s.sessionWsList));
  useUnreadTitle(total);
  useEffect(() => askNotificationPermissionOnce(), []);
  const label = t('inbox.unreadTotal', { count: total });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="unread-total"
        data-count={total}
        onClick={() => void navigate(`/message?${INBOX_MODE_PARAM}=unread`)}
        icon={
          <Badge count={total} size="small" overflowCount={999} offset={[4, -2]}>
            <MessageOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
