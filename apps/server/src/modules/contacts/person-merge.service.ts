import { indexName, WS_EVENTS, type ConvMergedPush } from '@cst/shared';
import type { PersonMergedEvent } from '../../gateway/types.ts';
import type { Uses } from '../../platform/deps.ts';
import { conversationById, convUpdatePush, presentConversation } from '../conversations/index.ts';
import { announceContacts, type ContactsAccount } from './contact.push.ts';
import { mergePerson } from './person-merge.repository.ts';

/**
 * One person, one chat (issue 34): when the platform reports that two ids are one person, the
 * friend, the chat and everything under the id that goes move to the id that stays in one
 * transaction; browsers drop the old chat and take the survivor (`convMerged`). A replay finds
 * nothing left under the old id and changes nothing.
 */
export async function onPersonMerged(
  deps: Uses<'realtime'>,
  account: ContactsAccount,
  ev: PersonMergedEvent,
): Promise<void> {
  if (!ev.wxid || !ev.aliasWxid || ev.wxid === ev.aliasWxid) return;
  const ref = { tenantId: account.tenantId, workAccountId: account.id };
  const phone = ev.contact?.alias ?? '';
  const out = await deps.db.transaction((tx) => mergePerson(tx, ref, ev.wxid, ev.aliasWxid, phone));
  const conv =
    out.conversationId && out.goneConversationId
      ? await conversationById(deps.db, account.tenantId, out.conversationId)
      : null;
  if (conv) {
    const item = presentConversation(conv);
    const data: ConvMergedPush = {
      index_name: indexName(1, ev.aliasWxid, account.wxid),
      workWxid: account.wxid,
      conv: item,
    };
    await deps.realtime.publish(account.tenantId, [
      {
        event: WS_EVENTS.convMerged,
        workAccountId: account.id,
        ...(conv.servedBy ? { conversationId: conv.id } : {}),
        data,
      },
      convUpdatePush(conv),
    ]);
  }
  if (out.contactMoved) await announceContacts(deps, account);
}
