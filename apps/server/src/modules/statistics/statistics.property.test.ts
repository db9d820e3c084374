import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONTACT_SOURCES, STAT_METRICS, STAT_REPORTS, type StatResult } from '@cst/shared';
import {
  accountStatusLog,
  contactRemovals,
  contactTags,
  contacts,
  conversationFlowLog,
  conversations,
  friendRequests,
  messages,
  tagGroups,
  tags,
  tenants,
  workAccounts,
} from '../../db/schema/index.ts';
import { rowsOf, type Tx } from '../../platform/db.ts';
import { api } from '../../../test/api.ts';
import {
  DB_KIND,
  buildTenant,
  buildUser,
  login,
  type Session,
  useTestServer,
} from '../../../test/support.ts';
import { addLinks, deleteTags } from '../tags/tags.repository.ts';
import { applyStep } from '../tags/bulk-tag.repository.ts';
import { deleteContacts } from '../contacts/contact.repository.ts';
import { backfillStatistics } from './statistics.backfill.ts';
import { daysOf } from './statistics.service.ts';
import {
  clearMoreRollups,
  endSessions,
  moneyContent,
  moreRollupRows,
  randomMoreEvent,
  recomputeMore,
  rowsOfResult,
  shanghaiNoon,
} from './statistics-reports.test-support.ts';

// Issue 20 §2: the rollups kept by triggers agree with a recomputation from the raw rows, for
// random messages, friends gained and lost, friend requests and their status changes, around
// midnight in several time zones, and the backfill rebuilds exactly what the triggers kept.

const DAY = 86_400_000;
const ZONES = ['Asia/Shanghai', 'UTC', 'America/Los_Angeles', 'Asia/Kolkata'];

/** A small seeded generator (mulberry32), so a failure replays. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

/** The calendar day of an instant in a zone. */
function dayIn(ms: number, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(ms));
}

const ctx = useTestServer();
let manager: Session;
let tenantId: string;
const accounts: { id: string; wxid: string; convs: string[] }[] = [];
/** Who sends a work account's messages: the manager, a seat, or nobody (the phone). */
const senders: (string | null)[] = [null];

beforeAll(async () => {
  const t = await buildTenant(ctx, '统计属性');
  tenantId = t.tenant.id;
  manager = await login(ctx, t.manager.username);
  const seat = await buildUser(ctx, { tenantId, role: 'office', superiorId: t.manager.id });
  senders.push(t.manager.id, seat.id);
  for (let i = 0; i < 3; i++) {
    const wxid = `wxid_statprop_${i}_${tenantId.slice(0, 6)}`;
    const [acc] = await ctx.deps.db
      .insert(workAccounts)
      .values({
        tenantId,
        wxid,
        nickname: `统计号${i}`,
        status: 'offline',
        // The service report's owner of an unanswered chat: the account's seat (account 1's
        // single chat was transferred to the manager: its), or nobody.
        distributedTo: i < 2 ? seat.id : null,
      })
      .returning();
    const convs: string[] = [];
    for (let j = 0; j < 2; j++) {
      const [c] = await ctx.deps.db
        .insert(conversations)
        .values({
          tenantId,
          workAccountId: acc!.id,
          workWxid: wxid,
          talkType: j === 0 ? 1 : 2,
          peerId: `peer_${i}_${j}`,
          servedBy: i === 1 && j === 0 ? t.manager.id : null,
        })
        .returning();
      convs.push(c!.id);
    }
    accounts.push({ id: acc!.id, wxid, convs });
  }
}, 60_000);

/** A random instant of the last 12 days, often a few minutes from some zone's midnight. */
function instant(r: ReturnType<typeof rng>, now: number): number {
  const base = now - (1 + r.int(12)) * DAY;
  if (r.next() < 0.5) return base - r.int(DAY);
  const midnightUtc = Math.floor(base / DAY) * DAY;
  const offsetsH = [0, -8, 8, -5.5, 5.5];
  return Math.min(
    now - 1000,
    midnightUtc + r.pick(offsetsH) * 3_600_000 + (r.int(20) - 10) * 60_000,
  );
}

let wxSeq = 0;
/** Draws of the service report's changes (a stream of their own: the others' stay as they were). */
const turnRng = rng(24);
/** Draws of the service flow's assignments and resolutions (a stream of their own, too). */
const flowRng = rng(31);

/** Applies a batch of random events the way the features write them. */
async function randomEvents(r: ReturnType<typeof rng>, n: number): Promise<void> {
  const db = ctx.deps.db;
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    const acc = r.pick(accounts);
    if (flowRng.next() < 0.3) {
      // The service flow: a chat assigned to someone (or nobody), or resolved.
      await db.insert(conversationFlowLog).values({
        tenantId,
        conversationId: flowRng.pick(acc.convs),
        workAccountId: acc.id,
        kind: flowRng.pick(['assigned', 'resolved'] as const),
        userId: flowRng.pick(senders),
        at: instant(flowRng, now),
      });
    }
    const op = r.int(11);
    if (op >= 9) {
      await randomMoreEvent(db, r, { tenantId, acc, instant: () => instant(r, now) });
    } else if (op <= 2) {
      const rows = Array.from({ length: 1 + r.int(4) }, () => {
        const msgType = r.pick([1, 2, 3, 4, 5, 6, 16, 17, 49]);
        const sendSide = 1 + r.int(2);
        return {
          tenantId,
          workAccountId: acc.id,
          conversationId: r.pick(acc.convs),
          msgType,
          sendSide,
          content: msgType === 16 || msgType === 17 ? moneyContent(r, msgType) : '',
          senderUserId: sendSide === 1 ? r.pick(senders) : null,
          robot: r.next() < 0.2,
          msgTime: instant(r, now),
        };
      });
      await db.insert(messages).values(rows);
    } else if (op === 3) {
      const some = await db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.workAccountId, acc.id))
        .limit(1 + r.int(3));
      if (some.length === 0) continue;
      const ids = some.map((m) => m.id);
      if (r.next() < 0.5) await db.delete(messages).where(inArray(messages.id, ids));
      else {
        await db
          .update(messages)
          .set({
            robot: r.next() < 0.5,
            msgTime: instant(r, now),
            readOk: true,
            ...(r.next() < 0.5 ? { msgType: r.pick([1, 2, 6, 99]) } : {}),
            ...(r.next() < 0.3 ? { content: moneyContent(r, 17) } : {}),
            // The service report's turns: a message changing direction or seat.
            ...(turnRng.next() < 0.3 ? { sendSide: 1 + turnRng.int(2) } : {}),
            ...(turnRng.next() < 0.3 ? { senderUserId: turnRng.pick(senders) } : {}),
          })
          .where(inArray(messages.id, ids));
      }
    } else if (op <= 5) {
      const rows = Array.from({ length: 1 + r.int(3) }, () => ({
        tenantId,
        workAccountId: acc.id,
        wxid: `friend_${r.int(40)}`,
        source: r.pick(CONTACT_SOURCES),
        addedAt: r.next() < 0.1 ? null : new Date(instant(r, now)),
      }));
      // As a sync stores them: a friend already there gets its added time (and nothing else).
      await db
        .insert(contacts)
        .values(rows.filter((x, k) => rows.findIndex((y) => y.wxid === x.wxid) === k))
        .onConflictDoUpdate({
          target: [contacts.workAccountId, contacts.wxid],
          set: { addedAt: sql`excluded.added_at`, updatedAt: sql`now()` },
        });
    } else if (op === 6) {
      const gone = Array.from({ length: 1 + r.int(3) }, () => `friend_${r.int(40)}`);
      if (r.next() < 0.3) {
        await db
          .update(contacts)
          .set({ source: r.pick(CONTACT_SOURCES) })
          .where(and(eq(contacts.workAccountId, acc.id), inArray(contacts.wxid, gone)));
      } else {
        await db
          .delete(contacts)
          .where(and(eq(contacts.workAccountId, acc.id), inArray(contacts.wxid, gone)));
      }
    } else if (op === 7) {
      wxSeq += 1;
      await db.insert(friendRequests).values({
        tenantId,
        workAccountId: acc.id,
        direction: r.next() < 0.7 ? 'out' : 'in',
        wxid: `req_${wxSeq}`,
        origin: r.pick([null, 'manual', 'task', 'autoAccept'] as const),
        status: r.pick([1, 2, 3, 4] as const),
        createdAt: new Date(instant(r, now)),
      });
    } else {
      const some = await db
        .select({ id: friendRequests.id })
        .from(friendRequests)
        .where(eq(friendRequests.workAccountId, acc.id))
        .limit(1 + r.int(3));
      const ids = some.map((x) => x.id);
      if (ids.length === 0) continue;
      if (r.next() < 0.25) await db.delete(friendRequests).where(inArray(friendRequests.id, ids));
      else {
        await db
          .update(friendRequests)
          .set({ status: r.pick([1, 2, 3, 4] as const) })
          .where(inArray(friendRequests.id, ids));
      }
    }
  }
}

type Values = Record<string, number>;
/** The message report's figure of each type it shows apart; the rest are `other`. */
const TYPE_METRIC: Record<number, string> = {
  1: 'text',
  2: 'image',
  3: 'document',
  4: 'emoticon',
  5: 'video',
  6: 'voice',
};

type Expected = {
  summary: Values;
  days: Map<string, Values>;
  accounts: Map<string, Values>;
};

/** Every report recomputed from the raw rows, in TypeScript, with the zone's calendar. */
async function recompute(tz: string, days: string[]): Promise<Record<string, Expected>> {
  const db = ctx.deps.db;
  const msgs = await db.select().from(messages).where(eq(messages.tenantId, tenantId));
  const friends = await db.select().from(contacts).where(eq(contacts.tenantId, tenantId));
  const removals = await db
    .select()
    .from(contactRemovals)
    .where(eq(contactRemovals.tenantId, tenantId));
  const reqs = await db.select().from(friendRequests).where(eq(friendRequests.tenantId, tenantId));
  const inRange = new Set(days);
  const last = days.at(-1)!;
  const out: Record<string, Expected> = {};
  const table = (report: keyof typeof STAT_METRICS): Expected => {
    const z = () => Object.fromEntries(STAT_METRICS[report].map((m) => [m, 0])) as Values;
    return (out[report] = {
      summary: z(),
      days: new Map(days.map((d) => [d, z()])),
      accounts: new Map(accounts.map((a) => [a.wxid, z()])),
    });
  };
  const wxidOf = new Map(accounts.map((a) => [a.id, a.wxid]));
  const bump = (e: Expected, acc: string, day: string, metric: string, n = 1) => {
    if (!inRange.has(day)) return;
    for (const v of [e.days.get(day)!, e.accounts.get(wxidOf.get(acc)!)!, e.summary]) {
      v[metric] = (v[metric] ?? 0) + n;
    }
  };
  const message = table('message');
  for (const m of msgs) {
    const d = dayIn(m.msgTime, tz);
    bump(message, m.workAccountId, d, 'total');
    bump(message, m.workAccountId, d, m.sendSide === 1 ? 'sent' : 'received');
    if (m.robot) bump(message, m.workAccountId, d, 'robot');
    bump(message, m.workAccountId, d, TYPE_METRIC[m.msgType] ?? 'other');
  }
  const gains = [...friends.filter((f) => f.addedAt), ...removals.filter((f) => f.addedAt)].map(
    (f) => ({ acc: f.workAccountId, source: f.source, day: dayIn(f.addedAt!.getTime(), tz) }),
  );
  const losses = removals.map((f) => ({
    acc: f.workAccountId,
    source: f.source,
    day: dayIn(f.removedAt.getTime(), tz),
  }));
  const sys = (s: string) => s === 'task' || s === 'autoAccept';
  for (const [report, events, keep] of [
    ['newfriend', gains, () => true],
    ['sysadd', gains, sys],
    ['nosysadd', gains, (s: string) => !sys(s)],
    ['deletefriend', losses, () => true],
  ] as const) {
    const e = table(report);
    for (const g of events) {
      if (!keep(g.source)) continue;
      bump(e, g.acc, g.day, 'total');
      bump(e, g.acc, g.day, g.source);
    }
  }
  const wx = table('wxfriend');
  for (const g of gains) {
    bump(wx, g.acc, g.day, 'added');
    bump(wx, g.acc, g.day, 'net');
  }
  for (const l of losses) {
    bump(wx, l.acc, l.day, 'removed');
    bump(wx, l.acc, l.day, 'net', -1);
  }
  // Friends at the end of a day: those added by then (or at an unknown time) and not yet lost.
  const friendsAt = (acc: string | null, day: string) =>
    friends.filter(
      (f) =>
        (!acc || f.workAccountId === acc) && (!f.addedAt || dayIn(f.addedAt.getTime(), tz) <= day),
    ).length +
    removals.filter(
      (f) =>
        (!acc || f.workAccountId === acc) &&
        (!f.addedAt || dayIn(f.addedAt.getTime(), tz) <= day) &&
        dayIn(f.removedAt.getTime(), tz) > day,
    ).length;
  for (const d of days) wx.days.get(d)!.friends = friendsAt(null, d);
  wx.summary.friends = friendsAt(null, last);
  for (const a of accounts) wx.accounts.get(a.wxid)!.friends = friendsAt(a.id, last);
  const add = table('addfriend');
  const names = ['', 'requested', 'failed', 'added', 'already'];
  for (const q of reqs) {
    if (q.direction !== 'out') continue;
    const d = dayIn(q.createdAt.getTime(), tz);
    bump(add, q.workAccountId, d, 'sent');
    bump(add, q.workAccountId, d, names[q.status]!);
  }
  for (const v of [...add.days.values(), ...add.accounts.values(), add.summary]) {
    v.passRate = v.sent ? Math.round((1000 * v.added!) / v.sent) / 10 : 0;
  }
  return out;
}

async function report(
  name: string,
  from: string,
  to: string,
  workWxids?: string[],
): Promise<StatResult> {
  const res = await api(ctx, 'POST', `/main-api/statistics/${name}`, {
    session: manager,
    body: { from, to, workWxids },
  });
  expect(res.status, res.msg).toBe(200);
  return res.data as StatResult;
}

/** Compares every report over the last 14 days up to `endsAgo` days from now (−1: tomorrow). */
async function expectReportsMatchRaw(tz: string, endsAgo = -1): Promise<void> {
  const now = Date.now();
  const from = dayIn(now - 14 * DAY, tz);
  const to = dayIn(now - endsAgo * DAY, tz);
  const days = daysOf(from, to);
  await endSessions(ctx.deps.db, tenantId);
  const expected = {
    ...(await recompute(tz, days)),
    ...(await recomputeMore(ctx.deps.db, { tenantId, tz, days, accounts })),
  };
  for (const name of STAT_REPORTS) {
    const got = await report(name, from, to);
    const want = expected[name]!;
    if ('rows' in want && want.rows) {
      const rows = rowsOfResult(got);
      expect(rows.values, `${name} rows`).toEqual(Object.fromEntries(want.rows));
      if (want.daily) expect(rows.daily, `${name} daily`).toEqual(Object.fromEntries(want.daily));
    }
    expect(got.timeZone).toBe(tz);
    expect(got.summary, `${name} summary`).toEqual(want.summary);
    expect(Object.fromEntries(got.days.map((d) => [d.day, d.values])), `${name} days`).toEqual(
      Object.fromEntries(want.days),
    );
    expect(
      Object.fromEntries(got.accounts.map((a) => [a.workWxid, a.values])),
      `${name} accounts`,
    ).toEqual(Object.fromEntries(want.accounts));
  }
  // The tag and login reports of some accounts by name (the tag report: one account reads its
  // rows, two of three read the tenant's fold less the third's rows).
  for (const some of [accounts.slice(0, 1), accounts.slice(0, 2)]) {
    await expectNamedMatchRaw(tz, from, to, some);
  }
}

/** The tag and login reports of some accounts (by name) equal a recomputation for them. */
async function expectNamedMatchRaw(tz: string, from: string, to: string, accs: typeof accounts) {
  const days = daysOf(from, to);
  const want = await recomputeMore(ctx.deps.db, { tenantId, tz, days, accounts: accs });
  const wxids = accs.map((a) => a.wxid);
  for (const name of ['label', 'login'] as const) {
    const got = await report(name, from, to, wxids);
    const w = want[name]!;
    const label = `${name} of ${wxids.length} named`;
    expect(got.summary, `${label}: summary`).toEqual(w.summary);
    expect(Object.fromEntries(got.days.map((d) => [d.day, d.values])), label).toEqual(
      Object.fromEntries(w.days),
    );
    expect(Object.fromEntries(got.accounts.map((a) => [a.workWxid, a.values])), label).toEqual(
      Object.fromEntries(w.accounts),
    );
    if (w.rows) {
      const rows = rowsOfResult(got);
      expect(rows.values, `${label}: rows`).toEqual(Object.fromEntries(w.rows));
      expect(rows.daily, `${label}: daily`).toEqual(Object.fromEntries(w.daily!));
    }
  }
}

/**
 * Runs `first` in a transaction held open until `second`, begun in another, has had time to wait
 * for its locks (PostgreSQL); `thenFirst` then runs in the first one before it commits. PGlite
 * runs one transaction at a time, so there the second simply follows the first.
 */
async function overlap<A, B>(
  first: (tx: Tx) => Promise<A>,
  second: (tx: Tx) => Promise<B>,
  thenFirst?: (tx: Tx) => Promise<void>,
): Promise<[A, B]> {
  const db = ctx.deps.db;
  let began!: () => void;
  const firstDone = new Promise<void>((resolve) => (began = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const a = db.transaction(async (tx) => {
    const r = await first(tx);
    began();
    await gate;
    await thenFirst?.(tx);
    return r;
  });
  await Promise.race([firstDone, new Promise((resolve) => setTimeout(resolve, 2000))]);
  const b = db.transaction((tx) => second(tx));
  setTimeout(release, 300);
  return Promise.all([a, b]);
}

/** The rollups kept by the triggers equal those the backfill rebuilds from the rows. */
async function expectRollupsRebuilt(): Promise<void> {
  const kept = await rollupRows();
  await clearMoreRollups(ctx.deps.db, tenantId);
  await backfillStatistics(ctx.deps.db, tenantId);
  expect(await rollupRows()).toEqual(kept);
}

/** New single chats of the first account with these peers: their ids, in the peers' order. */
async function newChats(peers: string[]): Promise<string[]> {
  const acc = accounts[0]!;
  const chats: string[] = [];
  for (const peer of peers) {
    const [c] = await ctx.deps.db
      .insert(conversations)
      .values({ tenantId, workAccountId: acc.id, workWxid: acc.wxid, talkType: 1, peerId: peer })
      .returning();
    chats.push(c!.id);
  }
  return chats;
}

/** A new tag, in a group of its own; its id. */
async function newTag(name: string): Promise<string> {
  const db = ctx.deps.db;
  const [group] = await db.insert(tagGroups).values({ tenantId, name }).returning();
  const [tag] = await db.insert(tags).values({ tenantId, groupId: group!.id, name }).returning();
  return tag!.id;
}

/** How many links to any of the tags there are. */
async function linkCount(tagIds: string[]): Promise<number> {
  const r = await ctx.deps.db.execute(sql`select count(*)::int as n from contact_tags
    where tag_id = any(${sql.param(tagIds)}::uuid[])`);
  return Number(rowsOf<{ n: number }>(r)[0]!.n);
}

/** The rollups' non-zero rows, to compare the kept ones with the rebuilt ones. */
async function rollupRows(): Promise<string[]> {
  const result = await ctx.deps.db.execute(sql`
    select 'm' || work_account_id || day || msg_type || send_side || robot || ':' || n as k
      from stat_message_daily where tenant_id = ${tenantId} and n <> 0
    union all
    select 'd' || work_account_id || day || ':' || concat_ws('/', sent, received, robot, text,
           image, voice, video, emoticon, document, other)
      from stat_message_day where tenant_id = ${tenantId}
        and (sent <> 0 or received <> 0 or robot <> 0)
    union all
    select 'f' || work_account_id || day || source || ':' || added || '/' || removed
      from stat_friend_daily where tenant_id = ${tenantId} and (added <> 0 or removed <> 0)
    union all
    select 'r' || work_account_id || day || direction || origin || status || ':' || n
      from stat_friend_request_daily where tenant_id = ${tenantId} and n <> 0`);
  const more = await moreRollupRows(ctx.deps.db, tenantId);
  return [
    ...rowsOf<{ k: string }>(result)
      .map((r) => r.k)
      .sort(),
    ...more,
  ];
}

describe(`statistics rollups stay exact (${DB_KIND})`, () => {
  it('every report equals a recomputation from raw rows, in each time zone', async () => {
    const r = rng(20_2026);
    for (const tz of ZONES) {
      // A time-zone change is followed by the backfill (docs/statistics.md).
      await ctx.deps.db.update(tenants).set({ timeZone: tz }).where(eq(tenants.id, tenantId));
      await backfillStatistics(ctx.deps.db, tenantId);
      await randomEvents(r, 120);
      await expectReportsMatchRaw(tz);
    }
    // A range that ends in the past: what was carried at its end (friends, tagged contacts)
    // comes from the days up to it, not from now.
    await expectReportsMatchRaw(ZONES[ZONES.length - 1]!, 4);
    const counts = await ctx.deps.db.execute(sql`
      select (select count(*) from messages where tenant_id = ${tenantId})::int as m,
             (select count(*) from contact_removals where tenant_id = ${tenantId})::int as l,
             (select count(*) from friend_requests where tenant_id = ${tenantId})::int as q`);
    // The run exercised every kind of event (so the comparison above compared something).
    const c = rowsOf<{ m: number; l: number; q: number }>(counts)[0]!;
    expect(c.m).toBeGreaterThan(50);
    expect(c.l).toBeGreaterThan(5);
    expect(c.q).toBeGreaterThan(10);
    // …and of the tag, money, login and service reports.
    const more = rowsOf<{ t: number; p: number; l: number; s: number; u: number }>(
      await ctx.deps.db.execute(sql`
      select (select count(*) from contact_tag_removals where tenant_id = ${tenantId})::int as t,
             (select count(*) from messages where tenant_id = ${tenantId}
                and msg_type in (16, 17))::int as p,
             (select count(*) from account_status_log where tenant_id = ${tenantId}
                and status = 'online')::int as l,
             (select count(*) from messages where tenant_id = ${tenantId}
                and sender_user_id is not null and not robot)::int as s,
             (select count(*) from contact_tags where tenant_id = ${tenantId})::int as u`),
    )[0]!;
    expect(more.t).toBeGreaterThan(3);
    expect(more.u).toBeGreaterThan(3);
    expect(more.p).toBeGreaterThan(20);
    expect(more.l).toBeGreaterThan(5);
    expect(more.s).toBeGreaterThan(20);
  }, 120_000);

  it('the backfill rebuilds exactly what the triggers kept', async () => {
    const kept = await rollupRows();
    expect(kept.length).toBeGreaterThan(20);
    await ctx.deps.db.execute(sql`delete from stat_message_daily where tenant_id = ${tenantId}`);
    await ctx.deps.db.execute(sql`delete from stat_friend_daily where tenant_id = ${tenantId}`);
    await clearMoreRollups(ctx.deps.db, tenantId);
    await backfillStatistics(ctx.deps.db, tenantId);
    expect(await rollupRows()).toEqual(kept);
  });

  it('live traffic in time order keeps the service turns exact, one message at a time', async () => {
    // The single chats' newest messages, one statement each (the triggers' incremental path:
    // an open turn grows or is answered, a new turn begins), then a late history batch.
    const r = rng(99);
    const tz = 'Asia/Shanghai';
    await ctx.deps.db.update(tenants).set({ timeZone: tz }).where(eq(tenants.id, tenantId));
    await backfillStatistics(ctx.deps.db, tenantId);
    const single = accounts.map((a) => ({ acc: a.id, conv: a.convs[0]! }));
    let t = Date.now() - 4 * DAY;
    const row = (c: (typeof single)[number], at: number) => {
      const sendSide = r.next() < 0.5 ? 1 : 2;
      return {
        tenantId,
        workAccountId: c.acc,
        conversationId: c.conv,
        msgType: 1,
        sendSide,
        senderUserId: sendSide === 1 ? r.pick(senders) : null,
        robot: r.next() < 0.1,
        msgTime: at,
      };
    };
    for (let i = 0; i < 80; i++) {
      t += r.int(3_600_000);
      await ctx.deps.db.insert(messages).values(row(r.pick(single), t));
    }
    await ctx.deps.db
      .insert(messages)
      .values(Array.from({ length: 6 }, () => row(r.pick(single), t - r.int(2 * DAY))));
    // Account 1's transferred chat ends unanswered (its newest message): the manager's, not the
    // account's seat's.
    await ctx.deps.db
      .insert(messages)
      .values({ ...row(single[1]!, Date.now()), sendSide: 2, senderUserId: null, robot: false });
    await expectReportsMatchRaw(tz);
    await expectRollupsRebuilt();
  });

  it('two transactions writing one chat take turns, so its turns stay exact', async () => {
    // On PostgreSQL the second writer's trigger waits for the chat's lock and then reads the
    // first one's message (PGlite runs one transaction at a time anyway).
    const db = ctx.deps.db;
    const acc = accounts[2]!;
    const msg = (sendSide: number, msgTime: number) => ({
      tenantId,
      workAccountId: acc.id,
      conversationId: acc.convs[0]!,
      msgType: 1,
      sendSide,
      senderUserId: sendSide === 1 ? senders[2]! : null,
      msgTime,
    });
    // An hour ahead (after every message of the chat), and the answer on another day: the
    // writers share no other rollup row whose lock would make them take turns anyway.
    const now = Date.now() + 3_600_000;
    const later = now + 30 * 3_600_000;
    // The chat's newest message so far is a sent one: the next received one begins a turn.
    await db.insert(messages).values(msg(1, now - 500));
    await overlap(
      (tx) => tx.insert(messages).values(msg(2, now)),
      (tx) => tx.insert(messages).values(msg(1, later)),
    );
    const turn = rowsOf<{ reply: number | string | null }>(
      await db.execute(sql`select reply_t as reply from stat_service_turns
        where conversation_id = ${acc.convs[0]!} and start_t = ${now}`),
    );
    expect(turn.map((t) => Number(t.reply))).toEqual([later]);
    await expectRollupsRebuilt();
  });

  it('transactions writing several chats in opposite orders do not deadlock', async () => {
    // The trigger locks a statement's chats in id order. The first transaction writes the lower
    // chat, then (while the second waits) the higher one; the second writes both in one statement,
    // the higher listed first. Locked in the order given, the second would hold the higher chat
    // while waiting for the lower, and the first's next write would deadlock (PostgreSQL aborts
    // one of them). Every write falls on a day of its own, so no day row orders them.
    const db = ctx.deps.db;
    const acc = accounts[0]!;
    const chats = await newChats(['order_a', 'order_b']);
    const [lo, hi] = chats.sort();
    const msg = (conversationId: string, msgTime: number) => ({
      tenantId,
      workAccountId: acc.id,
      conversationId,
      msgType: 1,
      sendSide: 2,
      msgTime,
    });
    const base = Date.now() - 30 * DAY;
    await overlap(
      (tx) => tx.insert(messages).values(msg(lo!, base)),
      (tx) => tx.insert(messages).values([msg(hi!, base + 2 * DAY), msg(lo!, base + 3 * DAY)]),
      async (tx) => {
        await tx.insert(messages).values(msg(hi!, base + DAY));
      },
    );
    const turns = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from stat_service_turns
        where conversation_id in (${lo!}, ${hi!})`),
    );
    // Each chat: one open turn of two received messages.
    expect(turns[0]!.n).toBe(2);
    await expectRollupsRebuilt();
  });

  it('deleting a chat takes its service figures away at once, as its messages', async () => {
    // The message report's rollups follow deletes of messages; the service figures do the same,
    // also when the chat itself goes (its messages by the cascade): a backfill changes nothing.
    const db = ctx.deps.db;
    const tz = 'Asia/Shanghai';
    await db.update(tenants).set({ timeZone: tz }).where(eq(tenants.id, tenantId));
    await backfillStatistics(db, tenantId);
    const acc = accounts[1]!;
    const seat = senders[2]!;
    const [chat] = await db
      .insert(conversations)
      .values({ tenantId, workAccountId: acc.id, workWxid: acc.wxid, talkType: 1, peerId: 'gone' })
      .returning();
    // Noon two days ago in the tenant's zone: the two minutes of messages stay on one tenant day
    // (`served` counts a chat once a day).
    const at = shanghaiNoon(2);
    const msg = (sendSide: number, msgTime: number) => ({
      tenantId,
      workAccountId: acc.id,
      conversationId: chat!.id,
      msgType: 1,
      sendSide,
      senderUserId: sendSide === 1 ? seat : null,
      msgTime,
    });
    const seatFigures = async () =>
      rowsOf<{ sent: number; served: number; r: number; open: number }>(
        await db.execute(sql`select
          (select coalesce(sum(sent), 0)::int from stat_service_daily
            where tenant_id = ${tenantId} and seat_id = ${seat}) as sent,
          (select coalesce(sum(served), 0)::int from stat_service_daily
            where tenant_id = ${tenantId} and seat_id = ${seat}) as served,
          (select coalesce(sum(r_n), 0)::int from stat_service_daily
            where tenant_id = ${tenantId} and seat_id = ${seat}) as r,
          (select coalesce(sum(n), 0)::int from stat_service_open
            where tenant_id = ${tenantId}) as open`),
      )[0]!;
    const before = await seatFigures();
    // A turn answered twice by the seat, then an open one.
    await db.insert(messages).values(msg(2, at));
    await db.insert(messages).values([msg(1, at + 60_000), msg(1, at + 90_000)]);
    await db.insert(messages).values(msg(2, at + 120_000));
    const during = await seatFigures();
    expect(during).toEqual({
      sent: before.sent + 2,
      served: before.served + 1,
      r: before.r + 1,
      open: before.open + 1,
    });
    await db.delete(conversations).where(eq(conversations.id, chat!.id));
    expect(await seatFigures()).toEqual(before);
    await expectReportsMatchRaw(tz);
    await expectRollupsRebuilt();
  });

  it('the flow figures per account, seat and day follow the log, late history and deletes', async () => {
    // stat_flow_day (migration 0047): a chat's first turn answered by the seat, assigned and
    // resolved; then a received message from before the turn (history) moves the turn's start,
    // so the first response and the time to resolve grow; then the rows go one by one.
    const db = ctx.deps.db;
    const tz = 'UTC';
    await db.update(tenants).set({ timeZone: tz }).where(eq(tenants.id, tenantId));
    await backfillStatistics(db, tenantId);
    const acc = accounts[2]!;
    const seat = senders[1]!;
    const [chat] = await db
      .insert(conversations)
      .values({ tenantId, workAccountId: acc.id, workWxid: acc.wxid, talkType: 1, peerId: 'cell' })
      .returning();
    // Noon of a day three days back, UTC: every write below falls on that day.
    const at = Math.floor(Date.now() / DAY) * DAY - 3 * DAY + DAY / 2;
    const day = new Date(at).toISOString().slice(0, 10);
    const msg = (sendSide: number, msgTime: number) => ({
      tenantId,
      workAccountId: acc.id,
      conversationId: chat!.id,
      msgType: 1,
      sendSide,
      senderUserId: sendSide === 1 ? seat : null,
      msgTime,
    });
    const cell = async () =>
      rowsOf<{ assigned: number; resolved: number; r: string; f: string }>(
        await db.execute(sql`select assigned, resolved, resolve_ms::text as r, first_ms::text as f
          from stat_flow_day
          where work_account_id = ${acc.id} and seat = ${seat} and day = ${day}::date`),
      );
    const before = await cell();
    const base = before[0] ?? { assigned: 0, resolved: 0, r: '{}', f: '{}' };
    const plus = (arr: string, ...xs: number[]) =>
      `{${[...arr.slice(1, -1).split(',').filter(Boolean).map(Number), ...xs]
        .sort((a, b) => a - b)
        .join(',')}}`;
    await db.insert(messages).values(msg(2, at));
    const [answer] = await db
      .insert(messages)
      .values(msg(1, at + 60_000))
      .returning();
    const log = await db
      .insert(conversationFlowLog)
      .values([
        {
          tenantId,
          conversationId: chat!.id,
          workAccountId: acc.id,
          kind: 'assigned' as const,
          userId: seat,
          at: at + 1_000,
        },
        {
          tenantId,
          conversationId: chat!.id,
          workAccountId: acc.id,
          kind: 'resolved' as const,
          userId: seat,
          at: at + 600_000,
        },
      ])
      .returning();
    expect(await cell()).toEqual([
      {
        assigned: base.assigned + 1,
        resolved: base.resolved + 1,
        r: plus(base.r, 600_000),
        f: plus(base.f, 60_000),
      },
    ]);
    // History: a received message five minutes before the turn begins it there.
    await db.insert(messages).values(msg(2, at - 300_000));
    expect(await cell()).toEqual([
      {
        assigned: base.assigned + 1,
        resolved: base.resolved + 1,
        r: plus(base.r, 900_000),
        f: plus(base.f, 360_000),
      },
    ]);
    await expectRollupsRebuilt();
    await db.delete(conversationFlowLog).where(eq(conversationFlowLog.id, log[1]!.id));
    await db.delete(messages).where(eq(messages.id, answer!.id));
    expect(await cell()).toEqual([
      { assigned: base.assigned + 1, resolved: base.resolved, r: base.r, f: base.f },
    ]);
    await db.delete(conversationFlowLog).where(eq(conversationFlowLog.id, log[0]!.id));
    expect(await cell()).toEqual(before);
    await expectRollupsRebuilt();
  });

  it('friends lost on earlier days (history) are counted on their day after a backfill', async () => {
    const r = rng(7);
    const now = Date.now();
    const tz = 'Asia/Shanghai';
    await ctx.deps.db.update(tenants).set({ timeZone: tz }).where(eq(tenants.id, tenantId));
    // Losses spread over past days (the triggers stamp them with the time of the delete).
    const rows = await ctx.deps.db
      .select({ id: contactRemovals.id, addedAt: contactRemovals.addedAt })
      .from(contactRemovals)
      .where(eq(contactRemovals.tenantId, tenantId));
    for (const row of rows) {
      const added = row.addedAt?.getTime() ?? now - 13 * DAY;
      const removed = added + r.int(Math.max(1, now - added));
      await ctx.deps.db
        .update(contactRemovals)
        .set({ removedAt: new Date(removed) })
        .where(eq(contactRemovals.id, row.id));
    }
    await backfillStatistics(ctx.deps.db, tenantId);
    await expectReportsMatchRaw(tz);
  });

  it("two transactions logging one account's status take turns, so its online time stays exact", async () => {
    // On PostgreSQL the second writer's trigger waits for the account's row (locked by the
    // first one's trigger) and then reads the first one's row: the session it closes is counted
    // (PGlite runs one transaction at a time anyway).
    const db = ctx.deps.db;
    const acc = accounts[2]!;
    const row = (status: string, at: number) => ({
      tenantId,
      workAccountId: acc.id,
      status,
      at: new Date(at),
    });
    // After every change of the account so far; the logout on the next day.
    const on = Date.now() + 3_600_000;
    const off = on + 30 * 3_600_000;
    await overlap(
      (tx) => tx.insert(accountStatusLog).values(row('online', on)),
      (tx) => tx.insert(accountStatusLog).values(row('offline', off)),
    );
    const [kept] = rowsOf<{ ms: number | string }>(
      await db.execute(sql`select coalesce(sum(online_ms), 0) as ms from stat_login_daily
        where work_account_id = ${acc.id}`),
    );
    const all = await rollupRows();
    await clearMoreRollups(db, tenantId);
    await backfillStatistics(db, tenantId);
    expect(await rollupRows()).toEqual(all);
    // The 30 hours of the session are in (with the account's earlier sessions).
    expect(Number(kept!.ms)).toBeGreaterThanOrEqual(30 * 3_600_000);
  });

  it('an open session counts up to now; a deleted account leaves the tag report at once', async () => {
    const db = ctx.deps.db;
    const r = rng(27);
    const tz = 'America/Los_Angeles';
    await db.update(tenants).set({ timeZone: tz }).where(eq(tenants.id, tenantId));
    await backfillStatistics(db, tenantId);
    const now = Date.now();
    const wxid = `wxid_statprop_gone_${tenantId.slice(0, 6)}`;
    const [acc] = await db
      .insert(workAccounts)
      .values({
        tenantId,
        wxid,
        nickname: '将删除',
        status: 'offline',
        statusAt: new Date(now - 14 * DAY),
      })
      .returning();
    const gone = { id: acc!.id, wxid, convs: [] };
    // Raw log rows in two statements, neither in time order, the second reaching back before the
    // first's: the trigger rereads from the row before each account's earliest new one.
    const statuses = ['online', 'offline', 'online', 'kickedOut', 'online', 'notLoggedIn'];
    for (let batch = 0; batch < 2; batch++) {
      const rows = Array.from({ length: 6 }, (_, i) => ({
        tenantId,
        workAccountId: gone.id,
        status: statuses[(i + batch) % statuses.length]!,
        at: new Date(instant(r, now) - 2 * DAY),
      }));
      await db.insert(accountStatusLog).values(rows);
    }
    // Online from two days ago on: an open session over two midnights, counted up to now.
    await db
      .update(workAccounts)
      .set({ status: 'online', statusAt: new Date(now - 2 * DAY - 20 * 60_000) })
      .where(eq(workAccounts.id, gone.id));
    const from = dayIn(now - 14 * DAY, tz);
    const to = dayIn(now + DAY, tz);
    const days = daysOf(from, to);
    const t0 = Date.now();
    const got = await report('login', from, to, [wxid]);
    const t1 = Date.now();
    const want = async (openUntil: number) =>
      (await recomputeMore(db, { tenantId, tz, days, accounts: [gone], openUntil })).login!;
    const [w0, w1] = [await want(t0), await want(t1)];
    const between = (
      v: Record<string, number>,
      a: Record<string, number>,
      b: Record<string, number>,
    ) => {
      expect({ ...v, onlineHours: 0 }).toEqual({ ...a, onlineHours: 0 });
      expect(v.onlineHours).toBeGreaterThanOrEqual(a.onlineHours!);
      expect(v.onlineHours).toBeLessThanOrEqual(b.onlineHours!);
    };
    between(got.summary, w0.summary, w1.summary);
    expect(got.summary.onlineHours).toBeGreaterThan(48);
    for (const d of got.days) between(d.values, w0.days.get(d.day)!, w1.days.get(d.day)!);
    between(got.accounts[0]!.values, w0.accounts.get(wxid)!, w1.accounts.get(wxid)!);

    // Its friends, tagged on past days, one untagged again.
    const friends = await db
      .insert(contacts)
      .values(
        [1, 2, 3].map((i) => ({
          tenantId,
          workAccountId: gone.id,
          wxid: `wxid_gone_friend_${i}`,
          addedAt: new Date(now - 10 * DAY),
        })),
      )
      .returning();
    const [tag] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from tags where tenant_id = ${tenantId} limit 1`),
    );
    await db.insert(contactTags).values(
      friends.map((f, i) => ({
        contactId: f.id,
        tagId: tag!.id,
        tenantId,
        createdAt: new Date(now - (3 + i) * DAY),
      })),
    );
    await db.delete(contactTags).where(eq(contactTags.contactId, friends[0]!.id));
    await endSessions(db, tenantId); // the login reports below: closed sessions only
    // The whole tenant (the folds), then every account by name but one (the fold less its rows).
    await expectNamedMatchRaw(tz, from, to, [...accounts, gone]);
    await expectNamedMatchRaw(tz, from, to, [...accounts]);
    const before = await report('label', from, to);
    await db.delete(workAccounts).where(eq(workAccounts.id, gone.id));
    const after = await report('label', from, to);
    expect(after.summary.added).toBe(before.summary.added! - 3);
    expect(after.summary.contacts).toBe(before.summary.contacts! - 2);
    // The gone account's rows left the per-tag fold: the tenant's report is the three's again.
    await expectNamedMatchRaw(tz, from, to, [...accounts]);
    await expectRollupsRebuilt();
  });

  it('a tag deleted while contacts are being tagged keeps neither links nor rollups', async () => {
    // On PostgreSQL, in both orders: a deletion waits for the tagging and takes its links with it;
    // a tagging that waits for a deletion finds the tag gone.
    const db = ctx.deps.db;
    const acc = accounts[1]!;
    const friends = await db
      .insert(contacts)
      .values(
        [1, 2].map((i) => ({ tenantId, workAccountId: acc.id, wxid: `wxid_race_friend_${i}` })),
      )
      .returning();
    const ids = friends.map((f) => f.id);
    const taggedFirst = await newTag('先打标签');
    const [added, removed] = await overlap(
      (tx) => addLinks(tx, tenantId, ids, [taggedFirst]),
      (tx) => deleteTags(tx, tenantId, [taggedFirst]),
    );
    expect(added).toBe(2);
    expect(removed.removed).toBe(1);
    const deletedFirst = await newTag('先删除');
    const [gone, late] = await overlap(
      (tx) => deleteTags(tx, tenantId, [deletedFirst]),
      (tx) => addLinks(tx, tenantId, ids, [deletedFirst]),
    );
    expect(gone.removed).toBe(1);
    expect(late).toBe(0);
    expect(await linkCount([taggedFirst, deletedFirst])).toBe(0);
    await expectRollupsRebuilt();
  });

  it('a friend deleted while being tagged, one by one or in bulk, keeps no links', async () => {
    // As with tags: the deletion waits for the tagging and takes its links with it, or the
    // tagging waits for the deletion and skips the friend.
    const db = ctx.deps.db;
    const acc = accounts[2]!;
    const ref = { tenantId, workAccountId: acc.id };
    const tag = await newTag('删除中');
    const friend = async (wxid: string) => {
      const [c] = await db
        .insert(contacts)
        .values({ ...ref, wxid })
        .returning();
      return c!.id;
    };
    const bulk = (tx: Tx, wxid: string) =>
      applyStep(tx, { tenantId, accountIds: [acc.id], list: [wxid] }, [tag], 'add', undefined, 10);
    const cases: [string, (tx: Tx, id: string, wxid: string) => Promise<number>][] = [
      ['one', (tx, id) => addLinks(tx, tenantId, [id], [tag])],
      ['bulk', async (tx, _id, wxid) => (await bulk(tx, wxid)).changed],
    ];
    for (const [how, tagFriend] of cases) {
      const taggedFirst = `wxid_race_tagged_${how}`;
      const a = await friend(taggedFirst);
      const [added] = await overlap(
        (tx) => tagFriend(tx, a, taggedFirst),
        (tx) => deleteContacts(tx, ref, [taggedFirst]),
      );
      expect(added, how).toBe(1);
      const deletedFirst = `wxid_race_deleted_${how}`;
      const b = await friend(deletedFirst);
      const [, late] = await overlap(
        (tx) => deleteContacts(tx, ref, [deletedFirst]),
        (tx) => tagFriend(tx, b, deletedFirst),
      );
      expect(late, how).toBe(0);
    }
    expect(await linkCount([tag])).toBe(0);
    await expectRollupsRebuilt();
  });

  it('received messages joining an open turn keep the turns exact (the fast path)', async () => {
    // Migration 0048: received messages after the start of their chat's open turn only bump its
    // count; anything else in the chat (a reply, history from before the turn, a robot's message,
    // a move or a delete) takes the general path. After every step the kept rollups equal the
    // rebuilt ones, and the open turn counts exactly the chat's received messages since its start.
    const db = ctx.deps.db;
    const acc = accounts[0]!;
    const seat = senders[2]!;
    const chats = await newChats(['fast_a', 'fast_b']);
    const [a, b] = chats as [string, string];
    const at = Date.now() - 3 * DAY;
    const msg = (conversationId: string, sendSide: number, msgTime: number, robot = false) => ({
      tenantId,
      workAccountId: acc.id,
      conversationId,
      msgType: 1,
      sendSide,
      senderUserId: sendSide === 1 ? seat : null,
      robot,
      msgTime,
    });
    const turns = async (c: string) =>
      rowsOf<{ start: string; n: number; reply: string | null }>(
        await db.execute(sql`select start_t::text as start, n_in as n, reply_t::text as reply
          from stat_service_turns where conversation_id = ${c} order by start_t, start_id`),
      ).map(
        (t) => `${Number(t.start) - at}:${t.n}:${t.reply === null ? '-' : Number(t.reply) - at}`,
      );
    // A turn begins (general path), then two received messages join it in one statement beside
    // a chat whose first turn begins in the same statement.
    await db.insert(messages).values(msg(a, 2, at));
    await db
      .insert(messages)
      .values([msg(a, 2, at + 1000), msg(b, 2, at + 1500), msg(a, 2, at + 2000)]);
    expect(await turns(a)).toEqual(['0:3:-']);
    expect(await turns(b)).toEqual(['1500:1:-']);
    await expectRollupsRebuilt();
    // A robot's message is no part of a turn; the received one beside it joins.
    await db.insert(messages).values([msg(a, 2, at + 3000, true), msg(a, 2, at + 4000)]);
    expect(await turns(a)).toEqual(['0:4:-']);
    await expectRollupsRebuilt();
    // History from before the open turn's start, with a new message in the same statement: the
    // turn now begins earlier and counts both.
    await db.insert(messages).values([msg(a, 2, at + 5000), msg(a, 2, at - 60_000)]);
    expect(await turns(a)).toEqual(['-60000:6:-']);
    await expectRollupsRebuilt();
    // A received message and a reply in one statement, then a received one after the reply
    // (a new turn), then one joining that.
    await db.insert(messages).values([msg(a, 2, at + 6000), msg(a, 1, at + 7000)]);
    expect(await turns(a)).toEqual(['-60000:7:7000']);
    await db.insert(messages).values(msg(a, 2, at + 8000));
    await db.insert(messages).values(msg(a, 2, at + 9000));
    expect(await turns(a)).toEqual(['-60000:7:7000', '8000:2:-']);
    await expectRollupsRebuilt();
    // A received message in a chat whose newest message is a sent one begins a turn.
    await db.insert(messages).values(msg(b, 1, at + 10_000));
    await db.insert(messages).values(msg(b, 2, at + 11_000));
    await db.insert(messages).values(msg(b, 2, at + 12_000));
    expect(await turns(b)).toEqual(['1500:1:10000', '11000:2:-']);
    // A message moved to the other chat, one deleted; then the open turns grow again.
    await db
      .update(messages)
      .set({ conversationId: b, msgTime: at + 13_000 })
      .where(and(eq(messages.conversationId, a), eq(messages.msgTime, at + 9000)));
    await db
      .delete(messages)
      .where(and(eq(messages.conversationId, a), eq(messages.msgTime, at + 1000)));
    expect(await turns(a)).toEqual(['-60000:6:7000', '8000:1:-']);
    expect(await turns(b)).toEqual(['1500:1:10000', '11000:3:-']);
    await expectRollupsRebuilt();
    await db.insert(messages).values([msg(a, 2, at + 14_000), msg(b, 2, at + 15_000)]);
    expect(await turns(a)).toEqual(['-60000:6:7000', '8000:2:-']);
    expect(await turns(b)).toEqual(['1500:1:10000', '11000:4:-']);
    await expectRollupsRebuilt();
  });

  it("one update that changes some of a chat's messages and leaves the rest keeps the turns exact", async () => {
    // Migration 0050: an update's old rows count -1 and its new rows +1, so the rows it leaves
    // as they were cancel out; a changed row's old values leave the turns and its new ones join
    // (a robot's message on neither side, whichever side it is a robot's on).
    const db = ctx.deps.db;
    const acc = accounts[0]!;
    const seat = senders[2]!;
    const [c] = (await newChats(['upd_a'])) as [string];
    const at = Date.now() - 2 * DAY;
    const row = (sendSide: number, msgTime: number, robot = false) => ({
      tenantId,
      workAccountId: acc.id,
      conversationId: c,
      msgType: 1,
      sendSide,
      senderUserId: sendSide === 1 ? seat : null,
      robot,
      msgTime,
    });
    const turns = async () =>
      rowsOf<{ start: string; n: number; reply: string | null }>(
        await db.execute(sql`select start_t::text as start, n_in as n, reply_t::text as reply
          from stat_service_turns where conversation_id = ${c} order by start_t, start_id`),
      ).map(
        (t) => `${Number(t.start) - at}:${t.n}:${t.reply === null ? '-' : Number(t.reply) - at}`,
      );
    for (const m of [row(2, at), row(1, at + 1000), row(2, at + 2000), row(1, at + 2600, true)]) {
      await db.insert(messages).values(m);
    }
    await db.insert(messages).values(row(2, at + 3000));
    expect(await turns()).toEqual(['0:1:1000', '2000:2:-']);
    await expectRollupsRebuilt();
    // One statement over every message of the chat: the seat's reply moves after the second
    // received message, the robot's message becomes the seat's own; the others keep their values.
    await db
      .update(messages)
      .set({
        msgTime: sql`case when ${messages.msgTime} = ${at + 1000} then ${at + 2500}::bigint else ${messages.msgTime} end`,
        robot: false,
        content: sql`${messages.content} || ''`,
      })
      .where(eq(messages.conversationId, c));
    expect(await turns()).toEqual(['0:2:2500', '3000:1:-']);
    await expectRollupsRebuilt();
  });
});
