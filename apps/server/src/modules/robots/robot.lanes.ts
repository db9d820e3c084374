import type { PacingPreset } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { laneUsed, type LanePace } from '../../scheduler/lanes.repository.ts';

/** The lane of an account's robot accepts: its daily cap counts there. */
export const acceptLaneOf = (accountId: string) => `autoAccept:${accountId}`;
/** The lane of an account's robot messages: one at a time, in due order, paced. */
export const sendLaneOf = (accountId: string) => `robotSend:${accountId}`;

/**
 * How an account's robot messages (greetings, keyword replies) are spaced (issue 34): never
 * closer than the least gap between messages the platform tolerates (its pacing's ceiling of
 * `messageIntervalSec`), and at random up to twice that, as a person answering would. No spacing
 * while the gateway is not up (nothing is sent then anyway).
 */
export function robotSendPace(pacing: PacingPreset | null): LanePace {
  const leastMs = (pacing?.ceilings.messageIntervalSec ?? 0) * 1000;
  return {
    intervalMs: Math.round(leastMs * 1.5),
    jitterMs: Math.round(leastMs / 2),
    dailyCap: null,
  };
}

/** How many accepts the account's lane counted today (the day as the scheduler counts days). */
export async function acceptedToday(deps: Uses<'scheduler'>, accountId: string): Promise<number> {
  const day = deps.scheduler.options.dayOf(deps.now());
  return laneUsed(deps.db, acceptLaneOf(accountId), day);
}
