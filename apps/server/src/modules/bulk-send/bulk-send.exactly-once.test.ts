import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BulkTaskFetchResult, BulkTaskItem, FriendItem, SimReceivedItem } from '@cst/shared';
import { openDatabase, rowsOf } from '../../platform/db.ts';
import {
  client,
  freePort,
  kill9,
  killChildren,
  onlineAccount,
  spawnServer,
  until,
  type Call,
} from '../../../test/child-server.ts';
import { freshStore } from '../accounts/account.test-support.ts';

// Issue 16 §4 "exactly once": a task of 2,000 targets over 10 accounts, two messages each; the
// server is killed with kill -9 three times while it runs (and, on PostgreSQL, one of two
// instances sharing the database is killed); afterwards the simulator's record shows that every
// target received every message exactly once.

const PG = process.env.TEST_DATABASE_URL;
/** At least this many accounts (more join when they have too few friends between them). */
/** 2,000 targets on ten-odd accounts start slower, and their claims are longer. */
const SLOW_START = { leaseMs: 2000, startMs: 90_000 };
/** One instance restarted: its accounts come back 5 s after a kill rather than 30 s. */
const RESTARTED = { ...SLOW_START, accountLeaseMs: 5000 };
const ACCOUNTS = 10;
const TARGETS = 2000;
const MESSAGES = ['双十一第一条：全场五折', '双十一第二条：今晚八点开抢'];

const stores: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  killChildren();
  for (const d of stores) await d.drop();
});

/** Ten accounts online and 2,000 of their friends (200 each, topped up from the others). */
async function world(calls: Call[]) {
  const wxids: string[] = [];
  const pools: FriendItem[][] = [];
  const distinct = new Set<string>();
  // Ten accounts at least; a simulated account has 50–300 friends, some shared with the others,
  // so a few more join until 2,000 different people are friends of them.
  for (let i = 0; i < ACCOUNTS || distinct.size < TARGETS; i++) {
    if (i >= 30) throw new Error('not enough friends in the simulated world');
    const call = calls[i % calls.length]!;
    const w = await onlineAccount(call, `断电群发${i}`);
    const list = (
      await call<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
        workWxid: w,
        pageSize: 1000,
      })
    ).list;
    wxids.push(w);
    pools.push(list);
    for (const f of list) distinct.add(f.friendWxid);
  }
  // Round robin over the accounts, each friend once (people may be friends of several accounts).
  const seen = new Set<string>();
  const cursors = pools.map(() => 0);
  for (let moved = true; seen.size < TARGETS && moved;) {
    moved = false;
    pools.forEach((p, i) => {
      while (cursors[i]! < p.length && seen.size < TARGETS) {
        const f = p[cursors[i]!++]!.friendWxid;
        if (seen.has(f)) continue;
        seen.add(f);
        moved = true;
        break;
      }
    });
  }
  const targets = [...seen];
  expect(new Set(targets).size).toBe(TARGETS);
  return { wxids, targets };
}

async function taskOf(call: Call, taskId: string): Promise<BulkTaskItem | undefined> {
  const r = await call<BulkTaskFetchResult>('/task-api/bulk-send-task/fetch', { pageSize: 100 });
  return r.list.find((t) => t.taskId === taskId);
}

/** Waits until the task has sent at least `n` messages. */
function sentAtLeast(call: Call, taskId: string, n: number) {
  return until(async () => {
    const t = await taskOf(call, taskId);
    return t && t.sent + t.failed >= n ? t : undefined;
  }, 120_000);
}

/** Every target received each message exactly once (the simulator's record, per account). */
async function expectEachOnce(call: Call, wxids: string[], targets: string[]) {
  const got = new Map<string, string[]>();
  for (const w of wxids) {
    const r = await call<{ list: SimReceivedItem[] }>('/sim-api/received', { workWxid: w });
    for (const m of r.list) {
      if (m.kind !== 'message') continue;
      got.set(m.peerWxid, [...(got.get(m.peerWxid) ?? []), m.content]);
    }
  }
  const wrong = targets.filter(
    (t) => JSON.stringify(got.get(t) ?? []) !== JSON.stringify(MESSAGES),
  );
  expect(wrong.map((t) => [t, got.get(t)])).toEqual([]);
  expect([...got.values()].reduce((n, l) => n + l.length, 0)).toBe(TARGETS * MESSAGES.length);
}

async function createTask(call: Call, wxids: string[], targets: string[]) {
  await call('/task-api/bulk-send-task/settings/save', {
    channel: 1,
    dailyCapPerAccount: 10_000,
    messageIntervalSec: 0,
    fanIntervalSec: 0,
    perRoundCount: 10,
    groupIntervalSec: 0,
    groupDailyCap: 1000,
    jitterSec: 0,
  });
  const { taskId } = await call<{ taskId: string }>('/task-api/bulk-send-task/create', {
    taskName: '断电群发',
    taskType: 'friends',
    workWxids: wxids,
    targets: { mode: 'list', wxids: targets },
    messages: MESSAGES.map((content) => ({ kind: 'text', content })),
  });
  return taskId;
}

/** Rows claimed more than once (a kill caught them claimed). */
async function reclaimed(store: Awaited<ReturnType<typeof freshStore>>, taskId: string) {
  const database = await openDatabase({
    databaseUrl: store.config.databaseUrl,
    dataDir: store.config.dataDir ?? null,
  });
  try {
    const [r] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from bulk_send_rows where task_id = ${taskId} and attempts > 1`,
      ),
    );
    return r!.n;
  } finally {
    await database.close();
  }
}

function envOf(store: Awaited<ReturnType<typeof freshStore>>): Record<string, string> {
  return store.config.databaseUrl
    ? { DATABASE_URL: store.config.databaseUrl }
    : { DATA_DIR: store.config.dataDir! };
}

describe('a server killed three times in the middle of a task', () => {
  it('sends every message to every target exactly once (kill -9 ×3)', async () => {
    const store = await freshStore();
    stores.push(store);
    const env = envOf(store);
    const log = path.join(os.tmpdir(), `cst-bulk-kill-${process.pid}.log`);
    const port = await freePort();
    let server = await spawnServer(env, port, log, RESTARTED);
    let call = await client(server.url);
    const { wxids, targets } = await world([call]);
    const taskId = await createTask(call, wxids, targets);
    const total = TARGETS * MESSAGES.length;
    const atKills: BulkTaskItem[] = [];
    for (const share of [0.1, 0.35, 0.6]) {
      await sentAtLeast(call, taskId, Math.floor(total * share));
      await kill9(server.child);
      // What was sent once the process was gone (read by the next instance).
      server = await spawnServer(env, port, log, RESTARTED);
      call = await client(server.url);
      atKills.push((await taskOf(call, taskId))!);
    }
    // Each kill caught the task running, with sends still to go.
    for (const t of atKills) {
      expect(t.status).toBe('running');
      expect(t.sent).toBeLessThan(total);
    }
    const done = await until(async () => {
      const t = await taskOf(call, taskId);
      return t?.status === 'completed' ? t : undefined;
    }, 240_000);
    expect(done).toMatchObject({ total, sent: total, failed: 0, pending: 0 });
    await expectEachOnce(call, wxids, targets);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    // Rows a kill caught claimed (not moved to the outbox yet) were claimed again and still sent
    // once. Whether a kill lands in that short window is chance, so the figure is reported, not
    // required; the routes test takes such rows back deterministically.
    console.info(`bulk kill -9: ${await reclaimed(store, taskId)} rows claimed again`);
  }, 600_000);
});

describe.skipIf(!PG)('two instances on one PostgreSQL, one killed', () => {
  it('share the task and send every message once', async () => {
    const store = await freshStore();
    stores.push(store);
    const env = envOf(store);
    const log = path.join(os.tmpdir(), `cst-bulk-two-${process.pid}.log`);
    const a = await spawnServer(env, await freePort(), log, SLOW_START);
    const b = await spawnServer(env, await freePort(), log, SLOW_START);
    const callA = await client(a.url);
    const callB = await client(b.url);
    const { wxids, targets } = await world([callA, callB]);
    const taskId = await createTask(callB, wxids, targets);
    await sentAtLeast(callB, taskId, TARGETS * MESSAGES.length * 0.3);
    await kill9(a.child);
    const done = await until(async () => {
      const t = await taskOf(callB, taskId);
      return t?.status === 'completed' ? t : undefined;
    }, 240_000);
    expect(done).toMatchObject({ sent: TARGETS * MESSAGES.length, failed: 0 });
    await expectEachOnce(callB, wxids, targets);
    b.child.kill('SIGTERM');
    await new Promise((r) => b.child.once('exit', r));
  }, 600_000);
});
