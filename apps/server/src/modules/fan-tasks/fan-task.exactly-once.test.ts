import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FanTaskListResult, FanTaskRowsResult, SimReceivedItem } from '@cst/shared';
import { openDatabase, rowsOf } from '../../platform/db.ts';
import { startServer, type Server, type ServerOptions } from '../../server.ts';
import { TEST_PASSWORD, testConfig } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  freshStore,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import {
  createTask,
  expectCountsOfRows,
  phones,
  receivedRequests,
  rowsOf as taskRows,
  waitTask,
} from './fan-task.test-support.ts';
import { FAN_JOB } from './fan-task.service.ts';

// Issue 14 §3 "exactly once": each row is sent as a friend request once, whether two scheduler
// instances share one PostgreSQL or the server is killed (kill -9) in the middle of a task.

const PG = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

const stores: { drop(): Promise<void> }[] = [];
const servers: Server[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of servers) await s.stop();
  for (const d of stores) await d.drop();
});

/** Every peer got one request, and the rows are all sent. */
function expectOncePerRow(requests: SimReceivedItem[], peers: (string | null)[]) {
  expect(peers.every((p) => p !== null)).toBe(true);
  const mine = requests.filter((r) => peers.includes(r.peerWxid));
  expect(mine).toHaveLength(peers.length);
  expect(new Set(mine.map((r) => r.peerWxid)).size).toBe(peers.length);
}

describe.skipIf(!PG)('two scheduler instances on one PostgreSQL', () => {
  it('share one task without sending any row twice', async () => {
    const store = await freshStore();
    stores.push(store);
    const fast: ServerOptions = {
      accounts: {
        lease: { leaseMs: 1500, renewMs: 250 },
        simulator: { loginDelayMs: 20, friendAcceptDelayMs: 200 },
      },
      scheduler: { pollMs: 100 },
    };
    const A = await startServer(testConfig({ ...store.config, port: 0 }), fast);
    servers.push(A);
    const B = await startServer(testConfig({ ...store.config, port: 0 }), fast);
    servers.push(B);
    const sa = await signIn(A, 'demo');
    const sb = await signIn(B, 'demo');
    const accounts: ListedAccount[] = [
      await addAccount(A, sa, { nickname: '双实例甲' }),
      await addAccount(A, sa, { nickname: '双实例乙' }),
      await addAccount(B, sb, { nickname: '双实例丙' }),
      await addAccount(B, sb, { nickname: '双实例丁' }),
    ];
    await apiAs(A, sa).post('/sim-api/config', { friendAcceptRate: 1 });
    await apiAs(B, sb).post('/sim-api/config', { friendAcceptRate: 1 });
    const r = await createTask(A, sa, {
      workWxids: accounts.map((a) => a.wxid),
      rows: phones(70, 60).map((target) => ({ target })),
      rowsPerPull: 3,
    });
    expect(r.status).toBe(200);
    await waitTask(B, sb, r.data.taskId, (t) => t.status === 'completed', 60_000);
    const rows = await taskRows(B, sb, r.data.taskId);
    expect(rows.every((x) => x.state === 'done' && (x.status === 1 || x.status === 3))).toBe(true);
    expectOncePerRow(
      await receivedRequests(A, sa),
      rows.map((x) => x.wxid),
    );
    await expectCountsOfRows(B, r.data.taskId);
    // No row was claimed twice: the fan-adding claims of both instances add up to the rows
    // (other kinds, such as the periodic port-expiry check, claim on their own).
    const claimed = (s: Server) => s.scheduler.statsByKind.get(FAN_JOB)?.claimed ?? 0;
    expect(claimed(A) + claimed(B)).toBe(60);
  }, 120_000);
});

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The console server as `npm start` runs it, in a child process. */
async function spawnServer(env: Record<string, string>, port: number, log: string) {
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: TEST_PASSWORD,
      DEMO_PASSWORD: TEST_PASSWORD,
      SIM_TRAFFIC: '0',
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      SCHEDULER_POLL_MS: '200',
      SCHEDULER_LEASE_MS: '1500',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited; see ${log}`);
    if (Date.now() > deadline) throw new Error(`server did not start; see ${log}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A signed-in HTTP client of a child server. */
async function client(url: string) {
  const login = await fetch(`${url}/system-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: TEST_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return async <T>(route: string, body: unknown): Promise<T> => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cst-token': data.token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${json.message}`);
    return json.data;
  };
}

type Call = Awaited<ReturnType<typeof client>>;

async function until<T>(check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function onlineAccount(call: Call, nickname: string): Promise<string> {
  const { loginId } = await call<{ loginId: string }>('/main-api/acc/qr-login-code', {});
  const { wxid } = await call<{ wxid: string }>('/sim-api/qr/scan', {
    loginId,
    confirm: true,
    nickname,
  });
  await until(async () => {
    const r = await call<{ list: { wxid: string; status: string }[] }>('/main-api/acc/all', {
      keyword: wxid,
    });
    return r.list.find((a) => a.wxid === wxid && a.status === 'online');
  }, 30_000);
  return wxid;
}

describe('a server killed in the middle of a task', () => {
  it('sends every row exactly once after it starts again (kill -9)', async () => {
    const store = await freshStore();
    stores.push(store);
    const env: Record<string, string> = store.config.databaseUrl
      ? { DATABASE_URL: store.config.databaseUrl }
      : { DATA_DIR: store.config.dataDir! };
    const log = path.join(os.tmpdir(), `cst-fan-kill-${process.pid}.log`);
    const port = await freePort();
    const first = await spawnServer(env, port, log);
    let call = await client(first.url);
    const a = await onlineAccount(call, '断电甲');
    const b = await onlineAccount(call, '断电乙');
    await call('/sim-api/config', { friendAcceptRate: 1 });
    const rows = phones(71, 16).map((target) => ({ target }));
    const { taskId } = await call<{ taskId: string }>('/task-api/fans/task/create', {
      taskName: '断电任务',
      workWxids: [a, b],
      greeting: '你好',
      intervalSec: 1,
      jitterSec: 0,
      rowsPerPull: 4,
      rows,
    });
    const sentCount = async (c: Call) => {
      const r = await c<FanTaskRowsResult>('/task-api/fans/task/rows', { taskId, pageSize: 100 });
      return r.list.filter((x) => x.sentAt !== null).length;
    };
    // Killed with rows sent, rows claimed and waiting for their slot, and rows not claimed.
    await until(async () => ((await sentCount(call)) >= 4 ? true : undefined), 30_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const before = await sentCount(call).catch(() => -1);
    expect(before).toBe(-1);

    const second = await spawnServer(env, port, log);
    call = await client(second.url);
    // The accounts come back once their leases lapse; the dead instance's claims lapse too.
    const done = await until(async () => {
      const r = await call<FanTaskListResult>('/task-api/fans/task/list', {});
      const t = r.list.find((x) => x.taskId === taskId);
      return t?.status === 'completed' ? t : undefined;
    }, 90_000);
    expect(done.counts.total).toBe(16);
    const list = await call<FanTaskRowsResult>('/task-api/fans/task/rows', {
      taskId,
      pageSize: 100,
    });
    expect(list.list.every((x) => x.state === 'done' && (x.status === 1 || x.status === 3))).toBe(
      true,
    );
    const received = await call<{ list: SimReceivedItem[] }>('/sim-api/received', {});
    expectOncePerRow(
      received.list.filter((x) => x.kind === 'friendRequest'),
      list.list.map((x) => x.wxid),
    );
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    // The kill caught rows claimed by the first process: the second claimed them again (their
    // lease lapsed) and their requests went out once all the same.
    const database = await openDatabase({
      databaseUrl: store.config.databaseUrl,
      dataDir: store.config.dataDir ?? null,
    });
    try {
      const [again] = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from fan_task_rows where task_id = ${taskId} and attempts > 1`,
        ),
      );
      expect(again!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
