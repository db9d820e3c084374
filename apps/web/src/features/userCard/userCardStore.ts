import { create } from 'zustand';
import type { ConversationItem, MessageItem } from '@cst/shared';

/** Whose card to show: a person as one work account sees them (in a group when `chatRoom`). */
export interface UserCardTarget {
  workWxid: string;
  wxid: string;
  chatRoom?: string;
  /** Shown while the card loads. */
  name?: string;
}

/** The open user card (one at a time, mounted once by {@link UserCardHost}). */
export const useUserCard = create<{
  target: UserCardTarget | null;
  open: (target: UserCardTarget) => void;
  close: () => void;
}>((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));

/** The card of a conversation's peer (single chats only; a group has no user card). */
export function peerCardTarget(conv: ConversationItem): UserCardTarget | null {
  if (conv.talkType !== 1) return null;
  return { workWxid: conv.workWxid, wxid: conv.receiver_id, name: conv.name };
}

/** The card of a received message's writer: the peer, or the group member who wrote it. */
export function writerCardTarget(conv: ConversationItem, m: MessageItem): UserCardTarget | null {
  if (m.sendSide === 1) return null;
  if (conv.talkType === 1) return peerCardTarget(conv);
  if (!m.participant) return null;
  return {
    workWxid: conv.workWxid,
    wxid: m.participant,
    chatRoom: conv.receiver_id,
    name: m.memberName ?? undefined,
  };
}
