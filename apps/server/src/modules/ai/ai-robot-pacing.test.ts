import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PacingPreset } from '@cst/shared';
import { BULK_DEFAULT_SETTINGS, SIMULATOR_PACING } from '@cst/shared';
import { schedulerLanes, workAccounts } from '../../db/schema/index.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import { receivedBy, say, stored } from '../robots/robots.test-support.ts';
import { fakeOpenAi } from './ai.test-support.ts';
import { aiLaneOf } from './ai-robot.job.ts';

// Issue 34: the AI robot answers at the platform's human pace. With no mass-send settings saved,
// the platform's default gap between messages paces its replies (not the simulator's SPEC
// defaults); with a tenant's gap shorter than the least the platform tolerates, that least gap.
const DEFAULT_SEC = 40;
const LEAST_SEC = 20;
const PLATFORM: PacingPreset = {
  ...SIMULATOR_PACING,
  defaults: { ...SIMULATOR_PACING.defaults, messageIntervalSec: DEFAULT_SEC, jitterSec: 0 },
  ceilings: { ...SIMULATOR_PACING.ceilings, messageIntervalSec: LEAST_SEC },
};

// A clock that moves only when the test moves it, so the waits read here are exact.
const clock = { offset: 0 };
const T0 = Date.now();
const now = () => T0 + clock.offset;
const SEC = 1000;
const fake = fakeOpenAi();
const server = useStartedServer({
  now,
  accounts: { simulator: { loginDelayMs: 20, pacing: PLATFORM } },
  scheduler: { pollMs: 3_600_000 },
});
let demo: Session;
let acc: ListedAccount;

/** Lets the gateway's events arrive and the scheduler run what the clock allows. */
async function settle() {
  await server.accounts.gateway.simulator?.idle();
  await stored(server);
  await server.scheduler.drain();
  await server.accounts.gateway.simulator?.idle();
}

async function answered(peer: string) {
  return (await receivedBy(server, demo, acc.wxid, peer)).length;
}

/** How long after now the account's AI lane lets its next reply go. */
async function laneWait() {
  const [a] = await server.deps.db
    .select({ id: workAccounts.id })
    .from(workAccounts)
    .where(eq(workAccounts.wxid, acc.wxid));
  const [l] = await server.deps.db
    .select()
    .from(schedulerLanes)
    .where(eq(schedulerLanes.key, aiLaneOf(a!.id)));
  return l!.nextAt - server.deps.now();
}

beforeAll(async () => {
  await fake.listen();
  const c = server.deps.config;
  c.ai = { baseUrl: fake.baseUrl, apiKey: 'sk-pace', model: 'gpt-test', sttModel: null };
  c.allowPrivateNetwork = true;
  fake.state.answer = () => ({ text: '您好，请问想看哪款？' });
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '慢AI号' });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
  const r = await apiAs(server, demo).post('/task-api/ai-reply/save', {
    workWxids: [acc.wxid],
    enabled: true,
    instructions: '你是客服。',
    handoffKeywords: [],
    maxRepliesPerConversation: 5,
    replyDelaySec: 0,
  });
  expect(r.status, r.message).toBe(200);
});
afterAll(async () => {
  await fake.close();
});

describe('AI replies at the platform’s pace', () => {
  it('waits the platform’s default gap when nothing is saved, its least gap below that', async () => {
    await say(server, demo, acc.wxid, 'wxid_aipace_a', '你好');
    await settle();
    expect(await answered('wxid_aipace_a')).toBe(1);
    // The platform's default (40 s), not the SPEC default the simulator's tenants start with.
    expect(await laneWait()).toBe(DEFAULT_SEC * SEC);
    await say(server, demo, acc.wxid, 'wxid_aipace_b', '在吗');
    clock.offset += (DEFAULT_SEC - 5) * SEC;
    await settle();
    expect(await answered('wxid_aipace_b')).toBe(0);
    clock.offset += 5 * SEC;
    await settle();
    expect(await answered('wxid_aipace_b')).toBe(1);

    // A tenant that saved no gap at all: still the least the platform tolerates (20 s).
    const saved = await apiAs(server, demo).post('/task-api/bulk-send-task/settings/save', {
      ...BULK_DEFAULT_SETTINGS,
      messageIntervalSec: 0,
      jitterSec: 0,
    });
    expect(saved.status, saved.message).toBe(200);
    await say(server, demo, acc.wxid, 'wxid_aipace_c', '有货吗');
    clock.offset += DEFAULT_SEC * SEC;
    await settle();
    expect(await answered('wxid_aipace_c')).toBe(1);
    expect(await laneWait()).toBe(LEAST_SEC * SEC);
  });
});
