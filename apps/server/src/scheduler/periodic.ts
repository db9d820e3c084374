import type { Deps } from '../platform/deps.ts';
import type { Claimed, JobKind } from './scheduler.ts';

/**
 * Periodic upkeep as a job kind of the one scheduler: `work` runs once per period across all
 * instances. The period is a lane (`periodic:<name>`, no daily cap): a claim locks the lane row
 * (`FOR UPDATE SKIP LOCKED`), takes the slot that is due and moves the lane's next slot one period
 * on, in the claim's transaction, so two instances never take the same period. The slot's time is
 * its idempotency key. A period whose instance dies before running it is skipped, not repeated:
 * periodic work must be a check that the next period makes again (expire what is due, vacuum).
 * `work` gets the slot's time (an idempotency key for work it asks for).
 */
export function periodicJob(
  name: string,
  everyMs: number,
  work: (deps: Deps, at: number) => Promise<unknown>,
): JobKind<null> {
  const lane = `periodic:${name}`;
  return {
    name: lane,
    async claim(scope): Promise<Claimed<null>[]> {
      const r = await scope.reserve({
        key: lane,
        tenantId: null,
        pace: { intervalMs: everyMs, jitterMs: 0, dailyCap: null },
        want: 1,
      });
      const at = r?.slots[0];
      if (!r || at === undefined) return [];
      await r.commit(1);
      return [{ lane, key: `${lane}:${at}`, at, data: null }];
    },
    async run(item, ctx) {
      const started = Date.now();
      await work(ctx.deps, item.at);
      ctx.deps.log.debug({ job: item.key, ms: Date.now() - started }, 'periodic job');
    },
    // A period handed back at shutdown is skipped; the next one runs on any instance.
    async release() {},
  };
}
