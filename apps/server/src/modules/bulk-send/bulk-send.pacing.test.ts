import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkDetailItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { rowsOf } from '../../platform/db.ts';
import { laneUsage } from '../../scheduler/lanes.repository.ts';
import { localDay } from '../../scheduler/scheduler.ts';
import { addAccount, apiAs, eventually, signIn } from '../accounts/account.test-support.ts';
import { accountByWxid } from '../conversations/conversation.repository.ts';
import { ROUNDS_WITHOUT_GAPS } from './bulk-send.job.ts';
import { laneOf } from './bulk-send-rows.repository.ts';
import { createBulk, detailsOf, friendsOf } from './bulk-send.test-support.ts';

// Pacing, jitter, daily caps (counted in targets) and quiet hours under a test clock: the
// scheduler is driven round by round (`drain`), the outbox hands each message over at once.

const clock = { offset: 0 };
let random = 0.5;
let demo: Session;
const now = () => Date.now() + clock.offset;
const SEC = 1000;

const server = useStartedServer({
  now,
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 3_600_000, random: () => random },
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

async function advance(taskId: string, ms: number) {
  clock.offset += ms;
  return settle(taskId);
}

/** A fresh account with its own settings, and a task of `n` of its friends. */
async function task(settings: Record<string, unknown>, n: number, messages = 2) {
  const acc = await addAccount(server, demo, { nickname: `节奏群发${Math.random()}`.slice(0, 12) });
  const save = await apiAs(server, demo).post('/task-api/bulk-send-task/settings/save', {
    channel: 1,
    dailyCapPerAccount: 100,
    messageIntervalSec: 0,
    fanIntervalSec: 60,
    perRoundCount: 2,
    groupIntervalSec: 0,
    groupDailyCap: 100,
    jitterSec: 0,
    ...settings,
    workWxid: acc.wxid,
  });
  expect(save.status).toBe(200);
  const friends = (await friendsOf(server, demo, acc.wxid, n)).map((f) => f.friendWxid);
  const r = await createBulk(server, demo, {
    workWxids: [acc.wxid],
    targets: { mode: 'list', wxids: friends },
    messages: Array.from({ length: messages }, (_, i) => ({
      kind: 'text',
      content: `第${i + 1}条`,
    })),
  });
  expect(r.status).toBe(200);
  const account = (await accountByWxid(server.deps.db, demo.tenantId!, acc.wxid))!;
  return { taskId: r.data.taskId, accountId: account.id, friends };
}

/** Targets with every message handed over. */
function targetsDone(rows: BulkDetailItem[], messages = 2) {
  const by = new Map<string, number>();
  for (const r of handed(rows)) by.set(r.targetWxid, (by.get(r.targetWxid) ?? 0) + 1);
  return [...by.values()].filter((n) => n === messages).length;
}

describe('pacing per account', () => {
  it('keeps the friend interval, sends a target’s messages together, caps targets a day', async () => {
    random = 0.5;
    // 01:00 UTC of the next day: the hours below stay in one day (tests run with TZ=UTC).
    const d0 = new Date(now());
    clock.offset += Date.UTC(d0.getUTCFullYear(), d0.getUTCMonth(), d0.getUTCDate() + 1, 1) - now();
    const { taskId, accountId } = await task({ dailyCapPerAccount: 3 }, 5);
    let rows = await settle(taskId);
    expect(targetsDone(rows)).toBe(1);
    expect(handed(rows)).toHaveLength(2);
    // (The test clock also moves with real time: a few seconds of margin for a loaded machine.)
    rows = await advance(taskId, 55 * SEC);
    expect(targetsDone(rows)).toBe(1);
    rows = await advance(taskId, 5 * SEC);
    expect(targetsDone(rows)).toBe(2);
    rows = await advance(taskId, 60 * SEC);
    expect(targetsDone(rows)).toBe(3);
    // The cap of 3 friends is used up: hours pass, nothing more today.
    for (let i = 0; i < 4; i++) rows = await advance(taskId, 3600 * SEC);
    expect(handed(rows)).toHaveLength(6);
    // The planned gap (the test clock moved by it), plus the real time a send takes.
    const first = new Map<string, number>();
    for (const r of handed(rows)) if (!first.has(r.targetWxid)) first.set(r.targetWxid, r.sentAt!);
    const times = [...first.values()];
    for (const gap of times.slice(1).map((t, i) => t - times[i]!)) {
      expect(gap).toBeGreaterThanOrEqual(60 * SEC);
      expect(gap).toBeLessThan(66 * SEC);
    }
    const lane = laneOf('friends', accountId);
    expect((await laneUsage(server.deps.db, [lane], localDay(now()))).get(lane)).toBe(3);
    // The next day the account goes on.
    const d = new Date(now());
    clock.offset +=
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 0, 0, 1) - now();
    rows = await settle(taskId);
    expect(targetsDone(rows)).toBe(4);
  });

  it('spreads each friend gap by the jitter and keeps the message interval exact', async () => {
    random = 1; // +5 s on every friend gap
    const { taskId } = await task({ jitterSec: 5, messageIntervalSec: 10 }, 2);
    let rows = await settle(taskId);
    expect(handed(rows)).toHaveLength(1);
    rows = await advance(taskId, 10 * SEC);
    expect(handed(rows)).toHaveLength(2);
    rows = await advance(taskId, 60 * SEC);
    expect(handed(rows)).toHaveLength(2);
    rows = await advance(taskId, 5 * SEC);
    expect(handed(rows)).toHaveLength(3);
    random = 0.5;
  });

  it('claims several rounds at once only when there is no interval to keep', async () => {
    const claimedAfterOneRound = async (settings: Record<string, unknown>) => {
      const { taskId } = await task({ perRoundCount: 2, ...settings }, 12, 1);
      await server.scheduler.tick();
      const r = await server.deps.db.execute(
        sql`select count(*)::int as n from bulk_send_rows
            where task_id = ${taskId} and state <> 'queued'`,
      );
      return rowsOf<{ n: number }>(r)[0]!.n;
    };
    expect(await claimedAfterOneRound({ fanIntervalSec: 0 })).toBe(2 * ROUNDS_WITHOUT_GAPS);
    expect(await claimedAfterOneRound({ fanIntervalSec: 1 })).toBe(2);
    expect(await claimedAfterOneRound({ fanIntervalSec: 0, messageIntervalSec: 1 })).toBe(2);
  });

  it('sends nothing in quiet hours', async () => {
    const h = new Date(now()).getUTCHours();
    const pad = (n: number) => String(n % 24).padStart(2, '0');
    const { taskId } = await task(
      { quietHours: { start: `${pad(h)}:00`, end: `${pad(h + 2)}:00` } },
      2,
      1,
    );
    let rows = await settle(taskId);
    expect(handed(rows)).toHaveLength(0);
    rows = await advance(taskId, 2 * 3600 * SEC);
    expect(handed(rows).length).toBeGreaterThan(0);
  });
});
