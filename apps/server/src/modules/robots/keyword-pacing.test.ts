import { beforeAll, describe, expect, it } from 'vitest';
import type { PacingPreset } from '@cst/shared';
import { SIMULATOR_PACING } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import { chatOf, createRule, say } from './robots.test-support.ts';

// Issue 34: the keyword robot answers at a person's pace on the platform — one account's replies
// are never closer than the least gap between messages the platform tolerates (its pacing), at
// random up to twice that. Another account's replies are not held by it. The test clock moves.
const LEAST_SEC = 60;
const PLATFORM: PacingPreset = {
  ...SIMULATOR_PACING,
  defaults: { ...SIMULATOR_PACING.defaults, messageIntervalSec: LEAST_SEC },
  ceilings: { ...SIMULATOR_PACING.ceilings, messageIntervalSec: LEAST_SEC },
};

const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;
const SEC = 1000;
let demo: Session;
let acc: ListedAccount;
let acc2: ListedAccount;

const server = useStartedServer({
  now,
  accounts: { simulator: { loginDelayMs: 20, pacing: PLATFORM } },
  // The random source at its middle: every gap is exactly 1.5 × the least gap.
  scheduler: { pollMs: 3_600_000, random: () => 0.5 },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '慢回复号' });
  acc2 = await addAccount(server, demo, { nickname: '另一号' });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
});

/** Lets the gateway's events arrive and the scheduler run what the clock allows. */
async function settle() {
  await server.accounts.gateway.simulator?.idle();
  await server.scheduler.drain();
}

/** The robot's replies stored in each chat so far. */
async function replies(workWxid: string, peers: string[]) {
  let n = 0;
  for (const p of peers)
    n += (await chatOf(server, demo, workWxid, p)).filter((m) => m.robot).length;
  return n;
}

describe('keyword replies at the platform’s pace', () => {
  it('spaces one account’s replies by the platform’s least gap, not another account’s', async () => {
    await createRule(server, demo, {
      keywords: ['运费'],
      replies: [{ kind: 'text', content: '满 99 包邮' }],
    });
    const people = ['wxid_pace_a', 'wxid_pace_b', 'wxid_pace_c'];
    for (const p of people) await say(server, demo, acc.wxid, p, '运费多少？');
    await say(server, demo, acc2.wxid, 'wxid_pace_d', '运费多少？');
    await settle();
    // One reply at once on each account; the rest of the first account's wait.
    expect(await replies(acc.wxid, people)).toBe(1);
    expect(await replies(acc2.wxid, ['wxid_pace_d'])).toBe(1);

    // Not before the least gap (60 s) … nor at it: the gap is 1.5 × here (90 s).
    clock.offset += LEAST_SEC * SEC;
    await settle();
    expect(await replies(acc.wxid, people)).toBe(1);
    clock.offset += 30 * SEC;
    await settle();
    expect(await replies(acc.wxid, people)).toBe(2);
    clock.offset += 90 * SEC;
    await settle();
    expect(await replies(acc.wxid, people)).toBe(3);
  });
});
