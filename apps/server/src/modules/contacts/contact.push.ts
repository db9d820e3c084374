import { WS_EVENTS, type FlushContactorPush } from '@cst/shared';
import type { Deps, Uses } from '../../platform/deps.ts';
import { type PushInput } from '../../realtime/realtime.ts';
import { countsOf } from './contact.repository.ts';

/** A work account whose contacts changed. */
export interface ContactsAccount {
  id: string;
  tenantId: string;
  wxid: string;
}

/** The `flushContactor` push of an account: its contacts changed, with the new counts. */
export async function contactsPush(deps: Deps, account: ContactsAccount): Promise<PushInput> {
  const counts = await countsOf(deps.db, account.id);
  const data: FlushContactorPush = { wxid: account.wxid, ...counts };
  return { event: WS_EVENTS.flushContactor, data, workAccountId: account.id };
}

/** Tells the account's viewers that its contacts changed, with the new counts (`flushContactor`). */
export async function announceContacts(
  deps: Uses<'realtime'>,
  account: ContactsAccount,
): Promise<void> {
  await deps.realtime.publish(account.tenantId, await contactsPush(deps, account));
}
