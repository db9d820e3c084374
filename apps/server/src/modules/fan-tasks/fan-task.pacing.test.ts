import { beforeAll, describe, expect, it } from 'vitest';
import type { FanTaskRowItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { laneUsage } from '../../scheduler/lanes.repository.ts';
import { localDay } from '../../scheduler/scheduler.ts';
import {
  addAccount,
  apiAs,
  signIn,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { laneOf } from './fan-task-rows.repository.ts';
import { createTask, expectCountsOfRows, phones, rowsOf, taskOf } from './fan-task.test-support.ts';
import { accountByWxid } from '../conversations/conversation.repository.ts';

// Pacing, jitter, daily caps, offline accounts and pause under a test clock: the scheduler is
// driven round by round (`drain`), so minutes and days pass without waiting.

const clock = { offset: 0 };
/** The jitter source: each gap's spread is (2·r − 1) × jitter. */
let random = 0.5;
let demo: Session;
let prefix = 60;

/** The test clock stands still unless the test moves it: under load, real time must not pace sends. */
const frozenAt = Date.now();
const now = () => frozenAt + clock.offset;
const SEC = 1000;

const server = useStartedServer({
  now,
  accounts: { simulator: { loginDelayMs: 20, friendAcceptDelayMs: 60_000 } },
  scheduler: { pollMs: 3_600_000, random: () => random },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
});

async function advance(ms: number) {
  clock.offset += ms;
  await server.scheduler.drain();
}

/** Gaps between send times: each exactly the planned one (the test clock stands still between moves). */
function expectGaps(times: number[], seconds: number[]) {
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  expect(gaps).toEqual(seconds.map((s) => s * SEC));
}

function sent(rows: FanTaskRowItem[]) {
  return rows.filter((r) => r.sentAt !== null);
}

async function freshAccount(): Promise<ListedAccount> {
  return addAccount(server, demo, { nickname: `节奏${prefix}` });
}

async function task(acc: ListedAccount, body: Record<string, unknown>) {
  const targets = phones(prefix++, Number(body.n ?? 6));
  const r = await createTask(server, demo, {
    workWxids: [acc.wxid],
    rows: targets.map((target) => ({ target })),
    ...body,
    n: undefined,
  });
  expect(r.status).toBe(200);
  await server.scheduler.drain();
  return r.data.taskId;
}

describe('pacing per account', () => {
  it('keeps the interval between requests and never passes the daily cap; the next day goes on', async () => {
    random = 0.5;
    // From 01:00 UTC of the next day (tests run with TZ=UTC): the hours below stay in one day.
    const d0 = new Date(now());
    clock.offset += Date.UTC(d0.getUTCFullYear(), d0.getUTCMonth(), d0.getUTCDate() + 1, 1) - now();
    const acc = await freshAccount();
    const id = await task(acc, { intervalSec: 60, jitterSec: 5, dailyCap: 3, rowsPerPull: 2 });
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(1);
    await advance(59 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(1);
    await advance(1 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(2);
    await advance(60 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(3);
    // The cap of 3 is used up: hours pass, nothing more goes today.
    for (let i = 0; i < 5; i++) await advance(3600 * SEC);
    const capped = await rowsOf(server, demo, id);
    const times = sent(capped).map((r) => r.sentAt!);
    expect(times).toHaveLength(3);
    expectGaps(times, [60, 60]);
    expect((await taskOf(server, demo, id))?.counts).toMatchObject({ waiting: 3, failed: 0 });
    const account = (await accountByWxid(server.deps.db, demo.tenantId!, acc.wxid))!;
    expect(
      (await laneUsage(server.deps.db, [laneOf(account.id)], localDay(now()))).get(
        laneOf(account.id),
      ),
    ).toBe(3);
    // The next day the account goes on.
    const d = new Date(now());
    clock.offset +=
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 0, 0, 1) - now();
    await server.scheduler.drain();
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(4);
  });

  it('spreads each gap by the jitter (±jitterSec)', async () => {
    const acc = await freshAccount();
    random = 1; // +5 s
    const id = await task(acc, { intervalSec: 60, jitterSec: 5, dailyCap: 100, rowsPerPull: 3 });
    await advance(60 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(1);
    await advance(5 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(2);
    random = 0; // −5 s: the third was planned with the first pull's gaps (+5 s)
    await advance(65 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(3);
    // The next pull's gaps are 55 s.
    await advance(65 * SEC);
    await advance(55 * SEC);
    const times = sent(await rowsOf(server, demo, id)).map((r) => r.sentAt!);
    expectGaps(times, [65, 65, 65, 55]);
  });

  it('counts the cap per account across tasks', async () => {
    random = 0.5;
    const acc = await freshAccount();
    const a = await task(acc, { n: 3, intervalSec: 0, jitterSec: 0, dailyCap: 3 });
    expect(sent(await rowsOf(server, demo, a))).toHaveLength(3);
    const b = await task(acc, { n: 4, intervalSec: 0, jitterSec: 0, dailyCap: 5 });
    expect(sent(await rowsOf(server, demo, b))).toHaveLength(2);
    await advance(3600 * SEC);
    expect(sent(await rowsOf(server, demo, b))).toHaveLength(2);
  });
});

describe('accounts that are not online, pause and restart', () => {
  it('lets an offline account’s rows wait (not fail) and goes on once it is back', async () => {
    random = 0.5;
    const acc = await freshAccount();
    const id = await task(acc, { n: 4, intervalSec: 60, jitterSec: 0, rowsPerPull: 1 });
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(1);
    await apiAs(server, demo).post('/sim-api/fault', { workWxid: acc.wxid, kind: 'proxyFail' });
    await waitStatus(server, demo, acc.wxid, 'proxyFailed');
    for (let i = 0; i < 4; i++) await advance(60 * SEC);
    const waiting = await taskOf(server, demo, id);
    expect(waiting?.counts).toMatchObject({ failed: 0, waiting: 3 });
    expect(waiting?.status).toBe('running');
    await apiAs(server, demo).post('/main-api/acc/multi-login', { wxids: [acc.wxid] });
    await waitStatus(server, demo, acc.wxid, 'online');
    await advance(0);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(2);
  });

  it('sends nothing while paused (claimed rows go back) and resumes on restart', async () => {
    random = 0.5;
    const acc = await freshAccount();
    const id = await task(acc, { n: 4, intervalSec: 60, jitterSec: 0, rowsPerPull: 3 });
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(1);
    expect((await taskOf(server, demo, id))?.counts.sending).toBe(2);
    expect(
      (await apiAs(server, demo).post('/task-api/fans/task/pause', { taskId: id })).status,
    ).toBe(200);
    for (let i = 0; i < 3; i++) await advance(60 * SEC);
    const paused = await taskOf(server, demo, id);
    expect(paused?.status).toBe('paused');
    expect(paused?.counts).toMatchObject({ sending: 0, waiting: 3 });
    await expectCountsOfRows(server, id);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(1);
    expect(
      (await apiAs(server, demo).post('/task-api/fans/task/restart', { taskId: id })).status,
    ).toBe(200);
    await advance(0);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(2);
    await expectCountsOfRows(server, id);
    for (let i = 0; i < 3; i++) await advance(60 * SEC);
    expect((await taskOf(server, demo, id))?.status).toBe('completed');
    await expectCountsOfRows(server, id);
  });

  it('starts a scheduled task at its time', async () => {
    const acc = await freshAccount();
    const id = await task(acc, {
      n: 2,
      intervalSec: 0,
      startType: 'scheduled',
      startAt: now() + 3600 * SEC,
    });
    expect((await taskOf(server, demo, id))?.status).toBe('pending');
    // A minute early (the test clock also moves with real time, which a loaded machine stretches).
    await advance(3540 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(0);
    expect((await taskOf(server, demo, id))?.status).toBe('pending');
    await advance(60 * SEC);
    expect(sent(await rowsOf(server, demo, id))).toHaveLength(2);
  });
});
