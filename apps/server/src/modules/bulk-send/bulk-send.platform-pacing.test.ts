import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkDetailItem, BulkSettingsResult, PacingPreset, PlatformInfo } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, eventually, signIn } from '../accounts/account.test-support.ts';
import { createBulk, detailsOf, friendsOf } from './bulk-send.test-support.ts';

// Human pacing per platform (issue 34): what the platform declares paces a tenant's mass sends
// while the tenant saved no settings of its own, and a new account's daily caps grow over the
// platform's warm-up. The simulator here declares a strict platform (as WhatsApp's: one person at
// a time, a long gap, a small daily cap, a warm-up); the test clock moves.

const STRICT: PacingPreset = {
  defaults: {
    dailyCapPerAccount: 4,
    messageIntervalSec: 0,
    fanIntervalSec: 90,
    perRoundCount: 1,
    groupIntervalSec: 600,
    groupDailyCap: 1,
    jitterSec: 0,
  },
  ceilings: {
    dailyCapPerAccount: 5,
    messageIntervalSec: 0,
    fanIntervalSec: 45,
    perRoundCount: 2,
    groupIntervalSec: 300,
    groupDailyCap: 3,
    jitterSec: 0,
  },
  // Day 0 of a new account: ⌈4 · 1/3⌉ = 2 a day; day 1: ⌈4 · 2/3⌉ = 3; from day 2: 4.
  warmupDays: 2,
};

const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;
const SEC = 1000;
let demo: Session;

const server = useStartedServer({
  now,
  accounts: { simulator: { loginDelayMs: 20, pacing: STRICT } },
  scheduler: { pollMs: 3_600_000, random: () => 0.5 },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  await apiAs(server, demo).post('/sim-api/config', { deliveryDelayMs: 50, readDelayMs: 50 });
});

const handed = (rows: BulkDetailItem[]) =>
  rows.filter((r) => r.state !== 'toBeSent' && r.state !== 'awaitingReceipt');

/** Runs what the clock allows, then waits until the outbox handed those messages over. */
async function settle(taskId: string) {
  await server.scheduler.drain();
  return eventually(async () => {
    const rows = await detailsOf(server, demo, taskId);
    return rows.some((r) => r.state === 'awaitingReceipt') ? undefined : rows;
  });
}

describe("the platform's human pacing", () => {
  it('is what the console shows and what paces a task while the tenant set nothing', async () => {
    const api = apiAs(server, demo);
    const info = await api.get<PlatformInfo>('/main-api/acc/platform');
    expect(info.data.pacing).toEqual(STRICT);
    const settings = await api.post<BulkSettingsResult>(
      '/task-api/bulk-send-task/settings/get',
      {},
    );
    expect(settings.data).toMatchObject(STRICT.defaults);

    // 01:00 UTC of the next day: the hours below stay in one day (tests run with TZ=UTC).
    const d0 = new Date(now());
    clock.offset += Date.UTC(d0.getUTCFullYear(), d0.getUTCMonth(), d0.getUTCDate() + 1, 1) - now();
    const acc = await addAccount(server, demo, { nickname: '慢节奏号' });
    const friends = (await friendsOf(server, demo, acc.wxid, 4)).map((f) => f.friendWxid);
    const r = await createBulk(server, demo, {
      workWxids: [acc.wxid],
      targets: { mode: 'list', wxids: friends },
    });
    expect(r.status).toBe(200);
    const taskId = r.data.taskId;

    // One person a round (no burst), then the platform's 90 s gap.
    let rows = await settle(taskId);
    expect(handed(rows)).toHaveLength(1);
    clock.offset += 80 * SEC;
    rows = await settle(taskId);
    expect(handed(rows)).toHaveLength(1);
    clock.offset += 10 * SEC;
    rows = await settle(taskId);
    expect(handed(rows)).toHaveLength(2);
    // The first day of its warm-up allows 2 of its 4: hours pass, nothing more today.
    for (let i = 0; i < 3; i++) {
      clock.offset += 3600 * SEC;
      rows = await settle(taskId);
    }
    expect(handed(rows)).toHaveLength(2);

    // The tenant's own settings win over the platform's defaults; the warm-up still holds its cap
    // of 10 to ⌈10 · 1/3⌉ = 4 on the account's first day.
    const saved = await api.post('/task-api/bulk-send-task/settings/save', {
      channel: 1,
      ...STRICT.defaults,
      dailyCapPerAccount: 10,
      fanIntervalSec: 0,
    });
    expect(saved.status).toBe(200);
    const six = (await friendsOf(server, demo, acc.wxid, 6)).map((f) => f.friendWxid);
    const more = await createBulk(server, demo, {
      workWxids: [acc.wxid],
      targets: { mode: 'list', wxids: six.filter((w) => !friends.includes(w)) },
    });
    expect(more.status).toBe(200);
    rows = await settle(taskId);
    expect(handed(rows)).toHaveLength(4);
    expect(handed(await settle(more.data.taskId))).toHaveLength(0);
    // The next day (day 1 of the warm-up): ⌈10 · 2/3⌉ = 7, so the last two go.
    const d = new Date(now());
    clock.offset +=
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 0, 0, 1) - now();
    expect(handed(await settle(more.data.taskId))).toHaveLength(2);
  });
});
