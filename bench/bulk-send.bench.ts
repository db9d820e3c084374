// Issue 16 §4 figures of the group helper's mass send, on a fresh in-process server (PGlite, or
// PostgreSQL with BENCH_DB=postgres and scripts/postgres.sh):
// - sends per second of a task with every interval at 0 over 20 accounts: 20,000 targets, one
//   message each (BENCH_BULK_SENDS sends in all, BENCH_BULK_MESSAGES per target; each account
//   gets friends enough beyond its simulated world), beside the floor in the same run: the same
//   number of messages stored straight into the conversations outbox by 20 loops (one per
//   account, no scheduler) and dispatched by the same dispatcher. Each runs on a fresh server
//   (same run, same machine), so neither inherits the other's rows. (On one shared PGlite
//   server the task after the floor once went at a quarter of its speed: stale planner
//   statistics, fixed by analysing grown tables; see docs/bulk-send.md.)
// - the pacing error with a friend interval of 10 s ± 5 s, measured on the simulator's receive
//   times: each gap between two friends of one account must lie in [5 s, 15 s].
import { sql } from 'drizzle-orm';
import { MSG_TYPE, type SimReceivedItem } from '@cst/shared';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import type { AuthContext } from '../apps/server/src/platform/auth-context.ts';
import type { Server } from '../apps/server/src/server.ts';
import { BulkSendService } from '../apps/server/src/modules/bulk-send/bulk-send.service.ts';
import { accountByWxid } from '../apps/server/src/modules/conversations/conversation.repository.ts';
import * as convRepo from '../apps/server/src/modules/conversations/conversation.repository.ts';
import { afterSendCommit } from '../apps/server/src/modules/conversations/message-dispatch.service.ts';
import { messages } from '../apps/server/src/db/schema/index.ts';
import { percentile, report } from './lib.ts';
import { manager, startInProcess } from './in-process.ts';

const ACCOUNTS = 20;
/** Messages per target (BENCH_BULK_MESSAGES; the figure: 20,000 targets, one each). */
const MESSAGES = Number(process.env.BENCH_BULK_MESSAGES ?? 1);
const SENDS = Number(process.env.BENCH_BULK_SENDS ?? 20_000);
const PACED_TARGETS = Number(process.env.BENCH_BULK_PACED ?? 6);

type Post = <T>(url: string, payload: unknown) => Promise<T>;

function poster(s: Server, token: string): Post {
  return async <T>(url: string, payload: unknown) =>
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
}

async function onlineAccounts(post: Post, n: number): Promise<string[]> {
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

/**
 * Gives each account at least `n` friends beyond its simulated world's 50–300: people the
 * platform knows as friends and the console's contacts of them, as a contact sync stores them.
 */
async function growFriends(s: Server, tenantId: string, wxids: string[], n: number) {
  for (const w of wxids) {
    const account = (await accountByWxid(s.deps.db, tenantId, w))!;
    await s.deps.db.execute(sql`
      insert into sim_people (account_wxid, wxid, nickname, alias, avatar, sex, province, city,
                              signature, is_friend, added_at)
      select ${w}, 'wxid_bench_' || ${w} || '_' || i, '压测好友' || i, '', '', 'unknown', '', '',
             '', true, ${Date.now()}::bigint
      from generate_series(1, ${n}::int) i
      on conflict do nothing`);
    await s.deps.db.execute(sql`
      insert into contacts (tenant_id, work_account_id, wxid, nickname, added_at)
      select ${tenantId}, ${account.id}, p.wxid, p.nickname, now()
      from sim_people p where p.account_wxid = ${w} and p.is_friend
      on conflict do nothing`);
  }
}

/** Up to `perAccount` friends of each account, a person once (first account first). */
async function targetsOf(s: Server, tenantId: string, wxids: string[], perAccount: number) {
  const rows = rowsOf<{ work_wxid: string; wxid: string }>(
    await s.deps.db.execute(sql`
      select a.wxid as work_wxid, c.wxid
      from contacts c join work_accounts a on a.id = c.work_account_id
      where c.tenant_id = ${tenantId} and a.wxid = any(${sql.param(wxids)})
      order by a.wxid, c.wxid`),
  );
  const seen = new Set<string>();
  const count = new Map<string, number>();
  const out: { workWxid: string; wxid: string }[] = [];
  for (const r of rows) {
    const k = count.get(r.work_wxid) ?? 0;
    if (seen.has(r.wxid) || k >= perAccount) continue;
    seen.add(r.wxid);
    count.set(r.work_wxid, k + 1);
    out.push({ workWxid: r.work_wxid, wxid: r.wxid });
  }
  return out;
}

async function settings(post: Post, over: Record<string, unknown> = {}) {
  await post('/task-api/bulk-send-task/settings/save', {
    channel: 1,
    dailyCapPerAccount: 100_000,
    messageIntervalSec: 0,
    fanIntervalSec: 0,
    perRoundCount: 20,
    groupIntervalSec: 0,
    groupDailyCap: 1000,
    jitterSec: 0,
    ...over,
  });
}

async function waitDispatched(s: Server, accountIds: string[]) {
  for (;;) {
    const [r] = rowsOf<{ n: number }>(
      await s.deps.db.execute(sql`
        select count(*)::int as n from messages
        where work_account_id = any(${sql.param(accountIds)}::uuid[])
          and dispatch_state in ('pending', 'dispatching')`),
    );
    if (Number(r?.n) === 0) return;
    await new Promise((res) => setTimeout(res, 20));
  }
}

/** ACCOUNTS accounts online, with friends enough and `perAccount` targets each. */
async function prepare(s: Server, auth: AuthContext, post: Post) {
  const accounts = await onlineAccounts(post, ACCOUNTS);
  await settings(post);
  const perAccount = Math.ceil(SENDS / MESSAGES / ACCOUNTS);
  await growFriends(s, auth.tenantId!, accounts, perAccount);
  return { accounts, targets: await targetsOf(s, auth.tenantId!, accounts, perAccount) };
}

/**
 * The floor: the outbox itself, one loop per account: store the message (pending) and wake the
 * holder, as a console send does; then wait until the dispatcher handed every one over.
 */
async function floorRun(s: Server, auth: AuthContext, post: Post) {
  const { targets } = await prepare(s, auth, post);
  const n = targets.length;
  const byAccount = new Map<string, string[]>();
  for (const t of targets) {
    byAccount.set(t.workWxid, [...(byAccount.get(t.workWxid) ?? []), t.wxid]);
  }
  const ids: string[] = [];
  const t0 = performance.now();
  await Promise.all(
    [...byAccount].map(async ([wxid, people]) => {
      const account = (await accountByWxid(s.deps.db, auth.tenantId!, wxid))!;
      ids.push(account.id);
      for (const peer of people) {
        for (let m = 0; m < MESSAGES; m++) {
          const row = await s.deps.db.transaction(async (tx) => {
            const conv = await convRepo.ensureConversation(tx, {
              tenantId: account.tenantId,
              workAccountId: account.id,
              workWxid: account.wxid,
              talkType: 1,
              peerId: peer,
            });
            const [msg] = await tx
              .insert(messages)
              .values({
                tenantId: account.tenantId,
                conversationId: conv.id,
                workAccountId: account.id,
                requestId: `floor:${peer}:${m}`,
                msgType: MSG_TYPE.text,
                sendSide: 1,
                content: `第${m + 1}条`,
                dispatchState: 'pending',
                msgTime: Date.now(),
              })
              .returning();
            return msg!;
          });
          await afterSendCommit(s.deps, account, []);
          void row;
        }
      }
    }),
  );
  await waitDispatched(s, ids);
  return { ms: performance.now() - t0, n };
}

/** The task: every target of ACCOUNTS accounts, intervals at 0, from its start to its end. */
async function taskRun(s: Server, auth: AuthContext, post: Post) {
  const { accounts, targets } = await prepare(s, auth, post);
  const service = new BulkSendService(s.deps);
  const t1 = performance.now();
  const { taskId } = await service.create(auth, {
    taskName: '压测群发',
    taskType: 'friends',
    workWxids: accounts,
    targets: { mode: 'list', wxids: targets.map((t) => t.wxid) },
    messages: Array.from({ length: MESSAGES }, (_, i) => ({
      kind: 'text' as const,
      content: `第${i + 1}条`,
    })),
    sendType: 'now',
  });
  const planned = performance.now() - t1;
  // The task completes once no row is queued, claimed or in the outbox (the job's upkeep checks
  // every round); its status is one row by key, where counting its rows every 20 ms would take a
  // good part of the one database thread from the sends being measured.
  for (;;) {
    const [t] = rowsOf<{ status: string }>(
      await s.deps.db.execute(sql`select status from bulk_send_tasks where id = ${taskId}`),
    );
    if (t?.status === 'completed' || t?.status === 'abnormal') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ms: performance.now() - t1, planned, n: targets.length };
}

async function pacing(s: Server, post: Post): Promise<void> {
  const accounts = await onlineAccounts(post, 2);
  await settings(post, { fanIntervalSec: 10, jitterSec: 5, perRoundCount: 5 });
  const { auth } = await manager(s);
  const targets = await targetsOf(s, auth.tenantId!, accounts, PACED_TARGETS);
  const since = Date.now();
  const { taskId } = await new BulkSendService(s.deps).create(auth, {
    taskName: '节奏测量',
    taskType: 'friends',
    workWxids: accounts,
    targets: { mode: 'list', wxids: targets.map((t) => t.wxid) },
    messages: [{ kind: 'text', content: '节奏测量' }],
    sendType: 'now',
  });
  for (;;) {
    const [t] = rowsOf<{ status: string }>(
      await s.deps.db.execute(sql`select status from bulk_send_tasks where id = ${taskId}`),
    );
    if (t?.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const gaps: number[] = [];
  for (const w of accounts) {
    const got = await post<{ list: SimReceivedItem[] }>('/sim-api/received', {
      workWxid: w,
      sinceMs: since,
    });
    const times = got.list.filter((m) => m.kind === 'message').map((m) => m.at);
    times.slice(1).forEach((at, i) => gaps.push(at - times[i]!));
  }
  const out = gaps.filter((g) => g < 5000 || g > 15000);
  const err = gaps.map((g) => Math.max(0, 5000 - g, g - 15000));
  const sec = (v: number) => `${(v / 1000).toFixed(2)} s`;
  report(
    `pacing 10 s ± 5 s: ${gaps.length} gaps, mean`,
    sec(gaps.reduce((a, b) => a + b, 0) / gaps.length),
    '10.00 s',
  );
  report(
    '  shortest / longest gap',
    `${sec(Math.min(...gaps))} / ${sec(Math.max(...gaps))}`,
    '5 / 15 s',
  );
  report('  gaps outside [5 s, 15 s]', String(out.length), '0');
  report('  error beyond the band (p100)', sec(percentile(err, 100)), '0 s');
}

/** Runs `fn` on a fresh server: neither measure inherits the other's rows or timers. */
async function fresh<T>(fn: (s: Server, auth: AuthContext, post: Post) => Promise<T>) {
  const { server, close } = await startInProcess(process.env.BENCH_PG_PORT ?? '54392', {
    env: { SCHEDULER_POLL_MS: '50' },
    server: { accounts: { simulator: { loginDelayMs: 20 } } },
  });
  try {
    const { auth, token } = await manager(server);
    return await fn(server, auth, poster(server, token));
  } finally {
    await close();
  }
}

const floor = await fresh(floorRun);
await fresh(async (s, auth, post) => {
  const task = await taskRun(s, auth, post);
  const total = task.n * MESSAGES;
  const rate = (r: { ms: number; n: number }) =>
    `${Math.round(((r.n * MESSAGES) / r.ms) * 1000)} /s`;
  console.log(`${total} sends: ${task.n} targets × ${MESSAGES} messages over ${ACCOUNTS} accounts`);
  report(`plan the task (${total} rows)`, `${Math.round(task.planned)} ms`, '—');
  report('sends/s via a task, intervals 0', rate(task), rate(floor), '>= 500 /s (PGlite)');
  await pacing(s, post);
});
