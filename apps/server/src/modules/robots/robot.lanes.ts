import { and, eq } from 'drizzle-orm';
import { schedulerLanes } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { schedulerOf } from '../../scheduler/scheduler.ts';

/** The lane of an account's robot accepts: its daily cap counts there. */
export const acceptLaneOf = (accountId: string) => `autoAccept:${accountId}`;
/** The lane of an account's robot messages: one at a time, in due order. */
export const sendLaneOf = (accountId: string) => `robotSend:${accountId}`;

/** How many accepts the account's lane counted today (the day as the scheduler counts days). */
export async function acceptedToday(deps: Deps, accountId: string): Promise<number> {
  const day = schedulerOf(deps).options.dayOf(deps.now());
  const [row] = await deps.db
    .select({ used: schedulerLanes.used })
    .from(schedulerLanes)
    .where(and(eq(schedulerLanes.key, acceptLaneOf(accountId)), eq(schedulerLanes.day, day)));
  return row?.used ?? 0;
}
