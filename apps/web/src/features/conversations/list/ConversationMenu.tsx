import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { useCan } from '../../../lib/session/sessionStore.ts';
import { setDisturb } from '../../service/transferActions.ts';
import { readConversation, setPinned } from '../store/inboxActions.ts';
import { useInbox } from '../store/inboxStore.ts';
import { PointMenu, type MenuAt } from '../PointMenu.tsx';

/**
 * The entries of a conversation's menu: pin or unpin, mark read (with unread), set groups, do not
 * disturb, and transfer to another seat (for those who may send).
 */
export function conversationMenuItems(
  c: ConversationItem,
  t: TFunction,
  opts: { transfer?: boolean } = {},
): NonNullable<MenuProps['items']> {
  return [
    { key: 'pin', label: c.isPin ? t('inbox.unpin') : t('inbox.pin') },
    ...(c.unRead > 0 ? [{ key: 'read', label: t('inbox.markRead') }] : []),
    { key: 'groups', label: t('inbox.setGroups') },
    { key: 'disturb', label: c.disturb ? t('service.undisturb') : t('service.disturb') },
    ...(opts.transfer ? [{ key: 'transfer', label: t('service.transfer') }] : []),
  ];
}

/** The conversation list's one menu ({@link PointMenu}), opened on a right click on a row. */
export function ConversationMenu({
  at,
  onClose,
  onPickGroups,
  onTransfer,
}: {
  at: MenuAt | null;
  onClose: () => void;
  onPickGroups: (id: string) => void;
  onTransfer: (c: ConversationItem) => void;
}) {
  const { t } = useTranslation();
  const canTransfer = useCan('conversation.send');
  const c = useInbox((s) => (at ? s.convs[at.key] : undefined));
  if (!at || !c) return null;
  const id = at.key;
  const handleMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'pin') void setPinned(id, !c.isPin).catch(() => undefined);
    else if (key === 'read') readConversation(id);
    else if (key === 'disturb') void setDisturb(id, !c.disturb).catch(() => undefined);
    else if (key === 'transfer') onTransfer(c);
    else onPickGroups(id);
  };
  return (
    <PointMenu
      at={at}
      items={conversationMenuItems(c, t, { transfer: canTransfer })}
      onClick={handleMenu}
      onClose={onClose}
    />
  );
}
