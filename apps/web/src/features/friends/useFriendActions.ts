import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { indexName, type FriendItem } from '@cst/shared';
import { openConversation } from '../conversations/store/inboxActions.ts';
import { useUserCard } from '../userCard/userCardStore.ts';
import { friendsApi } from './api.ts';
import type { FriendFlag } from './FriendsTable.tsx';
import { friendKey, usePatchFriends } from './useFriendsQuery.ts';

/** The row actions of the friends page: open the chat, the card, flags and delete. */
export function useFriendActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const patch = usePatchFriends();
  const openCard = useUserCard((s) => s.open);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const mark = (key: string, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const name = (f: FriendItem) => f.remark || f.nickname || f.friendWxid;

  const handleFlag = async (f: FriendItem, flag: FriendFlag, on: boolean) => {
    const key = `${friendKey(f)}|${flag}`;
    mark(key, true);
    try {
      patch(
        [await friendsApi.update({ workWxid: f.workWxid, friendWxid: f.friendWxid, [flag]: on })],
        [],
      );
      void message.success(t('friends.updated'));
    } catch {
      // The client showed the server's message.
    } finally {
      mark(key, false);
    }
  };

  const handleDelete = (f: FriendItem) =>
    void modal.confirm({
      title: t('friends.deleteConfirm', { name: name(f) }),
      content: t('friends.deleteHint'),
      okButtonProps: { danger: true, 'data-testid': 'friend-delete-ok' } as never,
      onOk: async () => {
        await friendsApi.remove({ workWxid: f.workWxid, friendWxid: f.friendWxid });
        patch([], [f]);
        void message.success(t('friends.deleted'));
      },
    });

  return {
    busy,
    onFlag: (f: FriendItem, flag: FriendFlag, on: boolean) => void handleFlag(f, flag, on),
    onDelete: handleDelete,
    onCard: (f: FriendItem) =>
      openCard({ workWxid: f.workWxid, wxid: f.friendWxid, name: name(f) }),
    onOpenChat: (f: FriendItem) => {
      openConversation(indexName(1, f.friendWxid, f.workWxid));
      void navigate(`/message?v=${Date.now()}`);
    },
  };
}
