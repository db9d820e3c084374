// Issue 14 §4 figures of the bulk friend-adding tasks, on a fresh in-process server (PGlite, or
// PostgreSQL with BENCH_DB=postgres and scripts/postgres.sh):
// - planning a task of 100,000 rows over 50 accounts (dedupe, data-pool lookup, dealing to the
//   accounts, storing rows and pool entries) through the service, beside the database's floor:
//   one plain insert of 100,000 rows of the same width, measured in the same run. Goal < 2 s.
// - the scheduler's own cost per friend request with intervals at 0: a task of ROWS rows over 10
//   online accounts run to its end, beside the same requests sent straight through the one send
//   path (search + add + record) by 10 loops, one per account. The difference per request is the
//   scheduler's overhead (claims, leases, lanes, outcome writes).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FanTaskCreateBody } from '@cst/shared';
import { DEFAULT_ROLE_PERMISSIONS } from '@cst/shared';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import type { AuthContext } from '../apps/server/src/platform/auth-context.ts';
import { startServer, type Server } from '../apps/server/src/server.ts';
import { FanTaskService } from '../apps/server/src/modules/fan-tasks/fan-task.service.ts';
import {
  addToPool,
  addToPoolProbing,
} from '../apps/server/src/modules/fan-tasks/fan-pool.repository.ts';
import { accountByWxid } from '../apps/server/src/modules/conversations/conversation.repository.ts';
import { callHolder } from '../apps/server/src/modules/conversations/holder-call.ts';
import { sendFriendRequest } from '../apps/server/src/modules/friend-requests/friend-request.send.ts';
import type { FriendInfoDto } from '../apps/server/src/gateway/index.ts';
import { ROOT, report } from './lib.ts';
import { BENCH_ENV, BENCH_PASSWORD } from './session.ts';

const PLAN_ROWS = Number(process.env.BENCH_PLAN_ROWS ?? 100_000);
const PLAN_ACCOUNTS = 50;
const ROWS = Number(process.env.BENCH_FAN_ROWS ?? 1000);
const SEND_ACCOUNTS = 10;

async function start(): Promise<{ server: Server; close: () => Promise<void> }> {
  const usePg = process.env.BENCH_DB === 'postgres';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-'));
  const pgDir = usePg ? fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-pg-')) : null;
  const postgres = (...args: string[]) =>
    execFileSync(path.join(ROOT, 'scripts/postgres.sh'), args, { encoding: 'utf8' });
  const databaseUrl = pgDir
    ? postgres('start', pgDir, process.env.BENCH_PG_PORT ?? '54391')
        .trim()
        .split('\n')
        .pop()
    : '';
  console.log(`database: ${usePg ? 'PostgreSQL 15' : 'PGlite'}`);
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ...BENCH_ENV,
    SIM_TRAFFIC: '0',
    LOG_LEVEL: 'warn',
    SCHEDULER_POLL_MS: '50',
  });
  // People answer long after the bench: answers are not part of the figures.
  const server = await startServer(config, {
    logger: { level: 'warn' },
    accounts: { simulator: { loginDelayMs: 20, friendAcceptDelayMs: 3_600_000 } },
  });
  return {
    server,
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgDir) postgres('stop', pgDir);
    },
  };
}

async function manager(s: Server): Promise<{ auth: AuthContext; token: string }> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/system-api/auth/login',
    payload: { username: 'demo', password: BENCH_PASSWORD },
  });
  const data = (res.json() as { data: { token: string; user: { uid: string; tenantId: string } } })
    .data;
  return {
    token: data.token,
    auth: {
      userId: data.user.uid,
      username: 'demo',
      nickname: 'demo',
      tenantId: data.user.tenantId,
      role: 'manager',
      roleId: null,
      permissions: new Set(DEFAULT_ROLE_PERMISSIONS.manager),
      tokenId: '',
      expiresAt: Date.now() + 3600_000,
    },
  };
}

function body(workWxids: string[], targets: string[]): FanTaskCreateBody {
  return {
    taskName: '压测任务',
    workWxids,
    greeting: '你好',
    intervalSec: 0,
    jitterSec: 0,
    dailyCap: 10_000,
    rowsPerPull: 5,
    startType: 'scheduled',
    // Never starts: planning only.
    startAt: Date.now() + 365 * 86_400_000,
    rows: targets.map((target) => ({ target })),
    includeTried: false,
  };
}

async function planning(s: Server, auth: AuthContext): Promise<void> {
  const db = s.deps.db;
  const accounts = rowsOf<{ wxid: string }>(
    await db.execute(sql`
      insert into work_accounts (tenant_id, wxid, nickname, status)
      select ${auth.tenantId}::uuid, 'wxid_fanplan_' || g, '规划号' || g, 'offline'
      from generate_series(1, ${PLAN_ACCOUNTS}) g
      returning wxid`),
  ).map((a) => a.wxid);
  const targets = Array.from(
    { length: PLAN_ROWS },
    (_, i) => `1${50 + (i % 40)}${String(i).padStart(8, '0')}`,
  );
  const service = new FanTaskService(s.deps);

  // Floor: the same number of rows of the same width in one plain insert.
  await db.execute(sql`create temp table plan_floor (a uuid, t text, s int, g text)`);
  const t0 = performance.now();
  await db.execute(sql`
    insert into plan_floor select gen_random_uuid(), x.t, x.s, null
    from json_to_recordset(${JSON.stringify(targets.map((t, i) => ({ t, s: i })))}::json)
      as x(t text, s int)`);
  const floor = performance.now() - t0;

  const t1 = performance.now();
  await service.create(auth, body(accounts, targets));
  const fresh = performance.now() - t1;
  // The same list again: every target is in the data pool now, so every row is skipped.
  const t2 = performance.now();
  await service.create(auth, body(accounts, targets));
  const tried = performance.now() - t2;
  const ms = (v: number) => `${Math.round(v)} ms`;
  report(
    `plan ${PLAN_ROWS} rows / ${PLAN_ACCOUNTS} accounts (new)`,
    ms(fresh),
    ms(floor),
    '< 2000 ms',
  );
  report(`plan ${PLAN_ROWS} rows (all in the data pool)`, ms(tried), ms(floor), '< 2000 ms');

  // The data-pool step alone, both ways, on fresh tenants' pools (the pool has no foreign key):
  // the set difference planning uses now, beside the probe per target (on conflict) it used
  // before, alternated so the machine's load falls on both alike.
  const timed = async (f: typeof addToPool, tenant: string) => {
    const t = performance.now();
    await db.transaction((tx) => f(tx, tenant, randomUUID(), targets, Date.now()));
    return performance.now() - t;
  };
  const now: number[][] = [];
  const before: number[][] = [];
  for (let i = 0; i < 2; i++) {
    for (const [f, out] of [
      [addToPool, now],
      [addToPoolProbing, before],
    ] as const) {
      const tenant = randomUUID();
      out.push([await timed(f, tenant), await timed(f, tenant)]);
    }
  }
  const span = (v: number[]) => `${ms(Math.min(...v))}–${Math.round(Math.max(...v))}`;
  report(
    `data-pool step, ${PLAN_ROWS} new targets`,
    span(now.map((r) => r[0]!)),
    `probe per target: ${span(before.map((r) => r[0]!))} ms`,
  );
  report(
    `data-pool step, ${PLAN_ROWS} tried targets`,
    span(now.map((r) => r[1]!)),
    `probe per target: ${span(before.map((r) => r[1]!))} ms`,
  );
}

async function onlineAccounts(s: Server, token: string, n: number): Promise<string[]> {
  const post = async <T>(url: string, payload: unknown) =>
    (
      (
        await s.app.inject({
          method: 'POST',
          url,
          headers: { 'cst-token': token },
          payload: payload as object,
        })
      ).json() as { data: T }
    ).data;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const { loginId } = await post<{ loginId: string }>('/main-api/acc/qr-login-code', {});
    const { wxid } = await post<{ wxid: string }>('/sim-api/qr/scan', { loginId, confirm: true });
    out.push(wxid);
  }
  for (;;) {
    const r = await post<{ list: { wxid: string; status: string }[] }>('/main-api/acc/all', {});
    if (out.every((w) => r.list.some((a) => a.wxid === w && a.status === 'online'))) return out;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function overhead(s: Server, auth: AuthContext, token: string): Promise<void> {
  const accounts = await onlineAccounts(s, token, SEND_ACCOUNTS * 2);
  const direct = accounts.slice(0, SEND_ACCOUNTS);
  const viaTask = accounts.slice(SEND_ACCOUNTS);
  const per = Math.ceil(ROWS / SEND_ACCOUNTS);
  const numbers = (base: number) =>
    Array.from({ length: ROWS }, (_, i) => `1${base + (i % 2)}${String(i).padStart(8, '0')}`);

  // Baseline: the send path itself, one loop per account, no scheduler.
  const people = numbers(91);
  const t0 = performance.now();
  await Promise.all(
    direct.map(async (wxid, a) => {
      const account = (await accountByWxid(s.deps.db, auth.tenantId!, wxid))!;
      for (const target of people.slice(a * per, (a + 1) * per)) {
        const found = await callHolder<FriendInfoDto | null>(s.deps, wxid, {
          name: 'searchUser',
          keyword: target,
        });
        if (!found) continue;
        await sendFriendRequest(s.deps, account, null, {
          wxid: found.wxid,
          verifyContent: '你好',
          ticket: found.ticket,
          origin: 'task',
          nickname: found.name,
        });
      }
    }),
  );
  const baseline = performance.now() - t0;

  const service = new FanTaskService(s.deps);
  const b = body(viaTask, numbers(93));
  const t1 = performance.now();
  const { taskId } = await service.create(auth, { ...b, startType: 'now', startAt: undefined });
  for (;;) {
    const [t] = rowsOf<{ status: string }>(
      await s.deps.db.execute(sql`select status from fan_tasks where id = ${taskId}`),
    );
    if (t?.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const viaScheduler = performance.now() - t1;
  const each = (v: number) => `${(v / ROWS).toFixed(2)} ms`;
  report(
    `${ROWS} requests / ${SEND_ACCOUNTS} accounts via a task`,
    each(viaScheduler),
    each(baseline),
  );
  report('scheduler overhead per request', each(viaScheduler - baseline), '0 ms');
}

const { server, close } = await start();
try {
  const { auth, token } = await manager(server);
  await planning(server, auth);
  await overhead(server, auth, token);
} finally {
  await close();
}
