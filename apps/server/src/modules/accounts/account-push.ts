import { WS_EVENTS, type UserStatusChangedPush, type WxAccountChangedPush } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import type { WorkAccountRow } from './account.repository.ts';

/** Pushes `userStatusChanged` to everyone who may see the account. */
export async function publishStatus(
  deps: Uses<'realtime'>,
  row: Pick<WorkAccountRow, 'id' | 'tenantId' | 'wxid' | 'status' | 'statusReason'>,
): Promise<void> {
  const data: UserStatusChangedPush & { reason: string } = {
    wxid: row.wxid,
    status: row.status,
    reason: row.statusReason,
  };
  await deps.realtime.publish(row.tenantId, {
    event: WS_EVENTS.userStatusChanged,
    data,
    workAccountId: row.id,
  });
}

/** Pushes `wxAccountChanged` about accounts to those who may see each one (after the change). */
export async function publishAccountsChanged(
  deps: Uses<'realtime'>,
  tenantId: string,
  rows: Pick<WorkAccountRow, 'id' | 'wxid'>[],
  change: WxAccountChangedPush['change'],
): Promise<void> {
  if (rows.length === 0) return;
  await deps.realtime.publish(
    tenantId,
    rows.map((r) => ({
      event: WS_EVENTS.wxAccountChanged,
      data: { wxids: [r.wxid], change } satisfies WxAccountChangedPush,
      workAccountId: r.id,
    })),
  );
}

/** Pushes `wxAccountChanged` to named users (those who saw accounts that are gone or moved). */
export async function publishAccountsChangedTo(
  deps: Uses<'realtime'>,
  tenantId: string,
  userIds: string[],
  wxids: string[],
  change: WxAccountChangedPush['change'],
): Promise<void> {
  if (userIds.length === 0 || wxids.length === 0) return;
  await deps.realtime.publish(tenantId, {
    event: WS_EVENTS.wxAccountChanged,
    data: { wxids, change } satisfies WxAccountChangedPush,
    userIds,
  });
}
