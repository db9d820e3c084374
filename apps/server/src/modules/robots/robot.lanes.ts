import type { Deps } from '../../platform/deps.ts';
import { laneUsed } from '../../scheduler/lanes.repository.ts';
import { schedulerOf } from '../../scheduler/scheduler.ts';

/** The lane of an account's robot accepts: its daily cap counts there. */
export const acceptLaneOf = (accountId: string) => `autoAccept:${accountId}`;
/** The lane of an account's robot messages: one at a time, in due order. */
export const sendLaneOf = (accountId: string) => `robotSend:${accountId}`;

/** How many accepts the account's lane counted today (the day as the scheduler counts days). */
export async function acceptedToday(deps: Deps, accountId: string): Promise<number> {
  const day = schedulerOf(deps).options.dayOf(deps.now());
  return laneUsed(deps.db, acceptLaneOf(accountId), day);
}
