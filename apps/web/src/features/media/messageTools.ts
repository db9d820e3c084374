import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { create } from 'zustand';
import { MATERIAL_TYPE_OF_MSG, MSG_TYPE, type MessageItem } from '@cst/shared';
import { can, useSession } from '../../lib/session/sessionStore.ts';

/** An action asked from a message's menu, carried out by {@link MessageToolsHost}. */
export type MessageToolAction = 'forward' | 'collect' | 'delete' | 'material';

/** The pending action of the chat's message menu. */
export const useMessageTools = create<{
  pending: { action: MessageToolAction; message: MessageItem } | null;
  ask: (action: MessageToolAction, message: MessageItem) => void;
  done: () => void;
}>((set) => ({
  pending: null,
  ask: (action, message) => set({ pending: { action, message } }),
  done: () => set({ pending: null }),
}));

/** Types the server refuses to forward (red packets, transfers, calls, votes, records, notices). */
const NOT_FORWARDABLE = new Set<number>([
  MSG_TYPE.redPacket,
  MSG_TYPE.transfer,
  MSG_TYPE.voiceCall,
  MSG_TYPE.videoCall,
  MSG_TYPE.forward,
  MSG_TYPE.loginNotice,
  MSG_TYPE.system,
]);

/** The extra menu entries of a stored message: forward, collect, add to material, delete. */
export function messageToolItems(m: MessageItem, t: TFunction): NonNullable<MenuProps['items']> {
  if (!m.messageId || m.revoked) return [];
  return [
    ...(NOT_FORWARDABLE.has(m.msgType) ? [] : [{ key: 'tool:forward', label: t('media.forward') }]),
    { key: 'tool:collect', label: t('media.collect') },
    ...(MATERIAL_TYPE_OF_MSG[m.msgType] && can(useSession.getState().user, 'library.manage')
      ? [{ key: 'tool:material', label: t('material.addToMaterial') }]
      : []),
    { key: 'tool:delete', label: t('media.delete'), danger: true },
  ];
}

/** Handles a menu key of {@link messageToolItems}; false when the key is not one of them. */
export function handleMessageTool(key: string, m: MessageItem): boolean {
  if (!key.startsWith('tool:')) return false;
  useMessageTools.getState().ask(key.slice(5) as MessageToolAction, m);
  return true;
}
