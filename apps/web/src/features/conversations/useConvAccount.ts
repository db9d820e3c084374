import type { ConversationItem } from '@cst/shared';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';

/** The name and picture of a conversation's work account, as the chat shows them. */
export interface ConvAccount {
  name: string;
  avatar: string | undefined;
}

/**
 * A conversation's work account: from the seat's account list, or, for a chat served through a
 * transfer whose account another seat holds, from the conversation itself; null when unknown.
 */
export function useConvAccount(conv: ConversationItem | undefined): ConvAccount | null {
  const held = useWorkAccounts((s) =>
    conv ? s.accounts.find((a) => a.wxid === conv.workWxid) : undefined,
  );
  const a = held ?? conv?.workAccount ?? null;
  if (!a) return null;
  return { name: a.remark || a.nickname || conv?.workWxid || '', avatar: a.avatar || undefined };
}
