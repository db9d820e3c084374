import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { readConversation, setPinned } from './inboxActions.ts';
import { useInbox } from './inboxStore.ts';
import { PointMenu, type MenuAt } from './PointMenu.tsx';

/** The entries of a conversation's menu: pin or unpin, mark read (with unread), set groups. */
export function conversationMenuItems(
  c: ConversationItem,
  t: TFunction,
): NonNullable<MenuProps['items']> {
  return [
    { key: 'pin', label: c.isPin ? t('inbox.unpin') : t('inbox.pin') },
    ...(c.unRead > 0 ? [{ key: 'read', label: t('inbox.markRead') }] : []),
    { key: 'groups', label: t('inbox.setGroups') },
  ];
}

/** The conversation list's one menu ({@link PointMenu}), opened on a right click on a row. */
export function ConversationMenu({
  at,
  onClose,
  onPickGroups,
}: {
  at: MenuAt | null;
  onClose: () => void;
  onPickGroups: (id: string) => void;
}) {
  const { t } = useTranslation();
  const c = useInbox((s) => (at ? s.convs[at.key] : undefined));
  if (!at || !c) return null;
  const id = at.key;
  const handleMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'pin') void setPinned(id, !c.isPin).catch(() => undefined);
    else if (key === 'read') readConversation(id);
    else onPickGroups(id);
  };
  return (
    <PointMenu at={at} items={conversationMenuItems(c, t)} onClick={handleMenu} onClose={onClose} />
  );
}
