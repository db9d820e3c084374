import { WS_EVENTS, type FriendRequestPush } from '@cst/shared';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { recordEvents } from '../webhooks/index.ts';
import { toFriendRequestItem } from './friend-request.presenter.ts';
import * as repo from './friend-request.repository.ts';

/**
 * Pushes `friendRequest` for these rows to everyone who sees their accounts (after the commit).
 * A push carries the console's own reasons in zh-CN; the list fetched after it speaks the reader's
 * language.
 */
export async function publishRequests(
  deps: Uses<'realtime'>,
  tenantId: string,
  ids: string[],
): Promise<void> {
  const rows = await repo.findRequests(deps.db, tenantId, [...new Set(ids)]);
  if (rows.length === 0) return;
  await deps.realtime.publish(
    tenantId,
    rows.map((row) => {
      const data: FriendRequestPush = toFriendRequestItem(row, 'zh-CN');
      return { event: WS_EVENTS.friendRequest, data, workAccountId: row.workAccountId };
    }),
  );
}

/**
 * Records `friend.request` (data: the `friendRequest` push) for new received requests, in the
 * transaction that stored them.
 */
export async function recordRequestEvents(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  const rows = await repo.findRequests(tx, tenantId, [...new Set(ids)]);
  await recordEvents(
    tx,
    rows.map((row) => {
      const data: FriendRequestPush = toFriendRequestItem(row, 'zh-CN');
      return { tenantId, workAccountId: row.workAccountId, event: 'friend.request', data };
    }),
  );
}
