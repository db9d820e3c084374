import { and, eq, sql } from 'drizzle-orm';
import { STAT_METRICS, WORK_ACCOUNT_STATUSES, type StatResult } from '@cst/shared';
import {
  accountStatusLog,
  contactTagRemovals,
  contactTags,
  contacts,
  conversationFlowLog,
  conversations,
  messages,
  tagGroups,
  tags,
  users,
  workAccounts,
} from '../../db/schema/index.ts';
import { rowsOf, type Db } from '../../platform/db.ts';

// The property test's part for the service, tag, transfer, red-packet and login reports: random
// events of their kinds, and each report recomputed from the raw rows in TypeScript.

type Rng = {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
};
type Values = Record<string, number>;
/** A report recomputed: its summary, days and accounts (by wxid), and its rows (by id). */
export interface ExpectedMore {
  summary: Values;
  days: Map<string, Values>;
  accounts: Map<string, Values>;
  rows?: Map<string, Values>;
  daily?: Map<string, number[]>;
}
interface Acc {
  id: string;
  wxid: string;
  convs: string[];
}

/** The calendar day of an instant in a zone. */
function dayIn(ms: number, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(ms));
}

/**
 * Noon of the day `daysAgo` days before today in Asia/Shanghai (the tenants' default zone): a
 * test whose messages span minutes from there keeps them on one tenant day whenever it runs
 * ("now minus a little" crosses the tenant's midnight at that hour of the day).
 */
export function shanghaiNoon(daysAgo: number): number {
  const today = dayIn(Date.now(), 'Asia/Shanghai');
  return Date.parse(`${today}T12:00:00+08:00`) - daysAgo * 86_400_000;
}

/** The first instant after `ms` that is on another day of the zone (the next midnight). */
function nextMidnight(ms: number, tz: string): number {
  const d = dayIn(ms, tz);
  let lo = ms;
  let hi = ms + 27 * 3_600_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayIn(mid, tz) === d) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Random content of a red packet or transfer, now and then malformed. */
export function moneyContent(r: Rng, msgType: number): string {
  if (r.next() < 0.1) return r.pick(['', 'not json', '{"money":"x"}']);
  if (msgType === 17) {
    return JSON.stringify({
      money: (r.int(100_000) / 100).toFixed(r.pick([0, 1, 2])),
      paySubType: r.pick([1, 2, 3, 4, 4, 7]),
      transferId: `t${r.int(1e6)}`,
    });
  }
  return JSON.stringify({
    title: '恭喜发财',
    amountCents: r.next() < 0.4 ? null : 1 + r.int(100_000),
  });
}

/** The amount of a red packet or transfer in cents, as stat_money_cents reads it; null unknown. */
function cents(msgType: number, content: string): number | null {
  let c: unknown;
  try {
    c = JSON.parse(content);
  } catch {
    return null;
  }
  if (!c || typeof c !== 'object') return null;
  if (msgType === 17) {
    const m = (c as { money?: unknown }).money;
    return typeof m === 'string' && /^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(m)
      ? Math.round(Number(m) * 100)
      : null;
  }
  const a = (c as { amountCents?: unknown }).amountCents;
  return typeof a === 'number' && Number.isInteger(a) && a >= 0 ? a : null;
}

function payState(content: string): number {
  try {
    const s = (JSON.parse(content) as { paySubType?: unknown }).paySubType;
    return typeof s === 'number' && s >= 1 && s <= 4 ? s : 0;
  } catch {
    return 0;
  }
}

/** Random tag links and removals, tag deletions, and account status changes. */
export async function randomMoreEvent(
  db: Db,
  r: Rng,
  p: { tenantId: string; acc: Acc; instant: () => number },
): Promise<void> {
  const { tenantId, acc } = p;
  const op = r.int(4);
  if (op === 0) {
    let tagIds = (await db.select().from(tags).where(eq(tags.tenantId, tenantId))).map((t) => t.id);
    if (tagIds.length < 3) {
      const [g] = await db
        .insert(tagGroups)
        .values({ tenantId, name: `组${r.int(1e9)}` })
        .returning();
      const [t] = await db
        .insert(tags)
        .values({ tenantId, groupId: g!.id, name: `标签${r.int(1e9)}` })
        .returning();
      tagIds = [...tagIds, t!.id];
    }
    const some = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.workAccountId, acc.id))
      .limit(1 + r.int(4));
    if (some.length === 0) return;
    const tagId = r.pick(tagIds);
    await db
      .insert(contactTags)
      .values(
        some.map((c) => ({ contactId: c.id, tagId, tenantId, createdAt: new Date(p.instant()) })),
      )
      .onConflictDoNothing();
  } else if (op === 1) {
    if (r.next() < 0.1) {
      const [t] = await db.select().from(tags).where(eq(tags.tenantId, tenantId)).limit(1);
      if (t) await db.delete(tags).where(eq(tags.id, t.id));
      return;
    }
    const links = await db
      .select({ contactId: contactTags.contactId, tagId: contactTags.tagId })
      .from(contactTags)
      .where(eq(contactTags.tenantId, tenantId))
      .limit(1 + r.int(3));
    for (const l of links) {
      await db
        .delete(contactTags)
        .where(and(eq(contactTags.contactId, l.contactId), eq(contactTags.tagId, l.tagId)));
    }
  } else {
    await db
      .update(workAccounts)
      .set({
        status: r.next() < 0.5 ? 'online' : r.pick(WORK_ACCOUNT_STATUSES),
        statusAt: new Date(p.instant()),
      })
      .where(eq(workAccounts.id, acc.id));
  }
}

/** Ends every account's sessions now, so online time does not depend on when it is read. */
export async function endSessions(db: Db, tenantId: string): Promise<void> {
  for (const status of ['loggingIn', 'offline'] as const) {
    await db
      .update(workAccounts)
      .set({ status, statusAt: new Date() })
      .where(eq(workAccounts.tenantId, tenantId));
  }
}

/** The five reports recomputed from the raw rows in a zone over some days (manager's view). */
export async function recomputeMore(
  db: Db,
  p: { tenantId: string; tz: string; days: string[]; accounts: Acc[]; openUntil?: number },
): Promise<Record<string, ExpectedMore>> {
  const { tenantId, tz, days, accounts } = p;
  const inRange = new Set(days);
  const wxidOf = new Map(accounts.map((a) => [a.id, a.wxid]));
  const out: Record<string, ExpectedMore> = {};
  const zeros = (report: keyof typeof STAT_METRICS): Values =>
    Object.fromEntries(STAT_METRICS[report].map((m) => [m, 0]));
  const table = (report: keyof typeof STAT_METRICS): ExpectedMore =>
    (out[report] = {
      summary: zeros(report),
      days: new Map(days.map((d) => [d, zeros(report)])),
      accounts: new Map(accounts.map((a) => [a.wxid, zeros(report)])),
    });
  const bump = (e: ExpectedMore, acc: string, day: string, m: string, n = 1, row?: string) => {
    if (!inRange.has(day)) return;
    const vs = [
      e.days.get(day),
      e.accounts.get(wxidOf.get(acc)!),
      e.summary,
      row && e.rows?.get(row),
    ];
    for (const v of vs) if (v) v[m] = (v[m] ?? 0) + n;
  };
  const all = (e: ExpectedMore) => [
    ...e.days.values(),
    ...e.accounts.values(),
    e.summary,
    ...(e.rows?.values() ?? []),
  ];
  const msgs = (await db.select().from(messages).where(eq(messages.tenantId, tenantId))).sort(
    (a, b) => a.msgTime - b.msgTime || a.id - b.id,
  );

  // Transfers and red packets.
  const eft = table('eft');
  const red = table('redpacket');
  const names = ['', 'initiated', 'expired', 'accepted', 'returned'];
  for (const m of msgs) {
    if (m.msgType !== 16 && m.msgType !== 17) continue;
    const d = dayIn(m.msgTime, tz);
    const c = cents(m.msgType, m.content);
    const e = m.msgType === 17 ? eft : red;
    bump(e, m.workAccountId, d, 'total');
    bump(e, m.workAccountId, d, 'amount', c ?? 0);
    if (m.msgType === 17) {
      const s = names[payState(m.content)];
      if (s) {
        bump(e, m.workAccountId, d, s);
        bump(e, m.workAccountId, d, `${s}Amount`, c ?? 0);
      }
    } else {
      bump(e, m.workAccountId, d, m.sendSide === 1 ? 'sent' : 'received');
      if (c === null) bump(e, m.workAccountId, d, 'unknownAmount');
    }
  }
  for (const e of [eft, red]) {
    for (const v of all(e)) {
      for (const k of Object.keys(v)) if (/amount$/i.test(k) && k !== 'unknownAmount') v[k]! /= 100;
    }
  }

  // Service: per seat, from the single chats' turns.
  const seats = await db.select().from(users).where(eq(users.tenantId, tenantId));
  const svc = table('service');
  const seatRows = new Map(
    seats.map((s) => [s.id, { ...zeros('service'), frN: 0, frMs: 0, rN: 0, rMs: 0 }]),
  );
  svc.rows = seatRows;
  for (const v of all(svc)) Object.assign(v, { frN: 0, frMs: 0, rN: 0, rMs: 0 });
  const convs = await db.select().from(conversations).where(eq(conversations.tenantId, tenantId));
  const accRows = await db.select().from(workAccounts).where(eq(workAccounts.tenantId, tenantId));
  const seatOfAcc = new Map(accRows.map((a) => [a.id, a.distributedTo]));
  const isSeat = (u: string | null): u is string => !!u && seatRows.has(u);
  // The medians' samples per figure set: first responses (`f`) and times to resolve (`x`).
  const samples = new Map<Values, { f: number[]; x: number[] }>();
  const sample = (acc: string, day: string, k: 'f' | 'x', ms: number, row: string) => {
    if (!inRange.has(day)) return;
    for (const v of [
      svc.days.get(day),
      svc.accounts.get(wxidOf.get(acc)!),
      svc.summary,
      seatRows.get(row),
    ]) {
      if (!v) continue;
      const got = samples.get(v) ?? { f: [], x: [] };
      got[k].push(ms);
      samples.set(v, got);
    }
  };
  /** Per single chat: when each of its turns began. */
  const turnStarts = new Map<string, number[]>();
  for (const c of convs.filter((x) => x.talkType === 1)) {
    const ms = msgs.filter((m) => m.conversationId === c.id && !m.robot);
    const served = new Map<string, Set<string>>();
    for (const m of ms) {
      const d = dayIn(m.msgTime, tz);
      if (m.sendSide !== 1 || !isSeat(m.senderUserId) || !inRange.has(d)) continue;
      bump(svc, c.workAccountId, d, 'sent', 1, m.senderUserId);
      const k = `${m.senderUserId}|${d}`;
      const set = served.get(k) ?? new Set<string>();
      set.add(c.id);
      served.set(k, set);
    }
    for (const [k] of served) {
      const [seat, d] = k.split('|') as [string, string];
      bump(svc, c.workAccountId, d, 'served', 1, seat);
    }
    // Turns: runs of received messages; the first sent message after one answers it.
    const firstOfDay = new Set<string>();
    for (let i = 0; i < ms.length; i++) {
      if (ms[i]!.sendSide !== 2 || (i > 0 && ms[i - 1]!.sendSide === 2)) continue;
      const st = ms[i]!.msgTime;
      let j = i;
      while (j < ms.length && ms[j]!.sendSide === 2) j++;
      const d = dayIn(st, tz);
      turnStarts.set(c.id, [...(turnStarts.get(c.id) ?? []), st]);
      const first = !firstOfDay.has(d);
      firstOfDay.add(d);
      const reply = ms[j];
      if (!reply) {
        const owner = c.servedBy ?? seatOfAcc.get(c.workAccountId) ?? null;
        if (isSeat(owner)) bump(svc, c.workAccountId, d, 'unanswered', 1, owner);
        continue;
      }
      if (!isSeat(reply.senderUserId)) continue;
      const seat = reply.senderUserId;
      bump(svc, c.workAccountId, d, 'received', j - i, seat);
      bump(svc, c.workAccountId, d, 'rN', 1, seat);
      bump(svc, c.workAccountId, d, 'rMs', reply.msgTime - st, seat);
      if (first) {
        bump(svc, c.workAccountId, d, 'frN', 1, seat);
        bump(svc, c.workAccountId, d, 'frMs', reply.msgTime - st, seat);
        sample(c.workAccountId, d, 'f', reply.msgTime - st, seat);
      }
    }
  }
  // The flow log: chats assigned to a seat, resolved with it as the assignee, timed from the
  // first turn after the chat's previous resolution.
  const flow = (
    await db.select().from(conversationFlowLog).where(eq(conversationFlowLog.tenantId, tenantId))
  ).sort((a, b) => a.id - b.id);
  const lastResolved = new Map<string, number>();
  for (const f of flow) {
    const prev = lastResolved.get(f.conversationId) ?? -1;
    if (f.kind === 'resolved') lastResolved.set(f.conversationId, f.at);
    if (!isSeat(f.userId) || !wxidOf.has(f.workAccountId)) continue;
    const d = dayIn(f.at, tz);
    bump(svc, f.workAccountId, d, f.kind, 1, f.userId);
    if (f.kind !== 'resolved') continue;
    const starts = (turnStarts.get(f.conversationId) ?? []).filter((x) => x > prev && x <= f.at);
    if (starts.length > 0) sample(f.workAccountId, d, 'x', f.at - Math.min(...starts), f.userId);
  }
  const median = (xs: number[]) => {
    if (xs.length === 0) return null;
    const o = [...xs].sort((a, b) => a - b);
    const lo = o[Math.floor((o.length - 1) / 2)]!;
    const hi = o[Math.ceil((o.length - 1) / 2)]!;
    return lo + (hi - lo) * 0.5;
  };
  for (const v of all(svc)) {
    const got = samples.get(v);
    const f = median(got?.f ?? []);
    const x = median(got?.x ?? []);
    v.medianFirstResponse = f === null ? 0 : Math.round((f / 1000) * 10) / 10;
    v.medianResolution = x === null ? 0 : Math.round((x / 60_000) * 10) / 10;
  }
  const avg = (ms: number, n: number) => (n ? Math.round((ms / n / 1000) * 10) / 10 : 0);
  for (const v of all(svc)) {
    v.firstResponse = avg(v.frMs!, v.frN!);
    v.avgResponse = avg(v.rMs!, v.rN!);
    delete v.frN;
    delete v.frMs;
    delete v.rN;
    delete v.rMs;
  }

  // Tags: links at the end of each day (made by then, not yet removed), gains and losses.
  const tagRows = await db.select().from(tags).where(eq(tags.tenantId, tenantId));
  const lab = table('label');
  lab.rows = new Map(tagRows.map((t) => [t.id, zeros('label')]));
  const daily = new Map(tagRows.map((t) => [t.id, days.map(() => 0)]));
  lab.daily = daily;
  const linkRows = rowsOf<{ account: string; tag: string; added: string | Date }>(
    await db.execute(sql`
      select c.work_account_id as account, ct.tag_id as tag, ct.created_at as added
      from contact_tags ct join contacts c on c.id = ct.contact_id
      where ct.tenant_id = ${tenantId}`),
  );
  const removed = await db
    .select()
    .from(contactTagRemovals)
    .where(eq(contactTagRemovals.tenantId, tenantId));
  const links = [
    ...linkRows.map((l) => ({
      account: l.account,
      tag: l.tag,
      added: new Date(l.added).getTime(),
      removed: null as number | null,
    })),
    ...removed.map((l) => ({
      account: l.workAccountId,
      tag: l.tagId,
      added: l.addedAt.getTime(),
      removed: l.removedAt.getTime() as number | null,
    })),
  ].filter((l) => lab.rows!.has(l.tag) && wxidOf.has(l.account)); // existing tags and accounts
  const last = days.at(-1)!;
  for (const l of links) {
    const ad = dayIn(l.added, tz);
    const rd = l.removed === null ? null : dayIn(l.removed, tz);
    bump(lab, l.account, ad, 'added', 1, l.tag);
    bump(lab, l.account, ad, 'net', 1, l.tag);
    if (rd) {
      bump(lab, l.account, rd, 'removed', 1, l.tag);
      bump(lab, l.account, rd, 'net', -1, l.tag);
    }
    const carries = (d: string) => ad <= d && (rd === null || rd > d);
    days.forEach((d, i) => {
      if (!carries(d)) return;
      daily.get(l.tag)![i]! += 1;
      lab.days.get(d)!.contacts! += 1;
    });
    if (carries(last)) {
      lab.summary.contacts! += 1;
      lab.accounts.get(wxidOf.get(l.account)!)!.contacts! += 1;
      lab.rows!.get(l.tag)!.contacts! += 1;
    }
  }

  // Logins: the log's events per day, and online sessions split at the zone's midnights.
  const log = (
    await db.select().from(accountStatusLog).where(eq(accountStatusLog.tenantId, tenantId))
  )
    .filter((e) => wxidOf.has(e.workAccountId))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  const login = table('login');
  for (const e of log) {
    const d = dayIn(e.at.getTime(), tz);
    if (e.status === 'online') bump(login, e.workAccountId, d, 'logins');
    if (e.prevStatus === 'online' && (e.status === 'offline' || e.status === 'notLoggedIn')) {
      bump(login, e.workAccountId, d, 'logouts');
    }
    if (e.status === 'banned') bump(login, e.workAccountId, d, 'bans');
    if (e.status === 'kickedOut') bump(login, e.workAccountId, d, 'kickouts');
  }
  for (const a of accounts) {
    const own = log.filter((e) => e.workAccountId === a.id);
    own.forEach((e, i) => {
      const next = own[i + 1];
      // The account's open session (its latest change, to online) runs until `openUntil`.
      if (e.status !== 'online' || (!next && p.openUntil === undefined)) return;
      let s = e.at.getTime();
      const end = next ? next.at.getTime() : p.openUntil!;
      while (s < end) {
        const cut = Math.min(end, nextMidnight(s, tz));
        bump(login, a.id, dayIn(s, tz), 'onlineHours', cut - s);
        s = cut;
      }
    });
  }
  for (const v of all(login)) v.onlineHours = Math.round(v.onlineHours! / 36_000) / 100;
  return out;
}

/** Compares a report's rows (seats or tags) with the recomputation. */
export function rowsOfResult(r: StatResult): {
  values: Record<string, Values>;
  daily: Record<string, number[]>;
} {
  return {
    values: Object.fromEntries((r.rows ?? []).map((x) => [x.id, x.values])),
    daily: Object.fromEntries((r.rows ?? []).filter((x) => x.daily).map((x) => [x.id, x.daily!])),
  };
}

/** The new rollups' non-zero rows, to compare the kept ones with the rebuilt ones. */
export async function moreRollupRows(db: Db, tenantId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select 't' || work_account_id || tag_id || day || ':' || added || '/' || removed as k
      from stat_tag_daily where tenant_id = ${tenantId} and (added <> 0 or removed <> 0)
    union all
    select 'p' || work_account_id || day || msg_type || send_side || state || ':' || n || '/'
           || priced || '/' || amount_cents
      from stat_money_daily where tenant_id = ${tenantId} and n <> 0
    union all
    select 'l' || work_account_id || day || ':' || logins || '/' || logouts || '/' || bans
           || '/' || kickouts || '/' || online_ms
      from stat_login_daily where tenant_id = ${tenantId}
        and (logins <> 0 or logouts <> 0 or bans <> 0 or kickouts <> 0 or online_ms <> 0)
    union all
    select 'n' || work_account_id || tag_id || ':' || n
      from stat_tag_total where tenant_id = ${tenantId} and n <> 0
    union all
    select 'g' || tag_id || day || ':' || added || '/' || removed
      from stat_tag_day where tenant_id = ${tenantId} and (added <> 0 or removed <> 0)
    union all
    select 'c' || work_account_id || day || ':' || added || '/' || removed
      from stat_tag_account_day where tenant_id = ${tenantId} and (added <> 0 or removed <> 0)
    union all
    select 's' || work_account_id || seat_id || day || ':'
           || concat_ws('/', sent, served, received, r_n, r_ms, fr_n, fr_ms)
      from stat_service_daily where tenant_id = ${tenantId}
        and (sent <> 0 or served <> 0 or received <> 0 or r_n <> 0 or fr_n <> 0)
    union all
    select 'u' || conversation_id || start_t || '/' || start_id || ':' || concat_ws('/', day,
           n_in, reply_t, reply_id, seat, first_of_day)
      from stat_service_turns where tenant_id = ${tenantId}
    union all
    select 'o' || work_account_id || day || ':' || n
      from stat_service_open where tenant_id = ${tenantId} and n <> 0
    union all
    select 'w' || flow_id || ':' || concat_ws('/', conversation_id, work_account_id,
           coalesce(seat::text, '-'), kind, at, day, coalesce(ms::text, '-'))
      from stat_service_flow where tenant_id = ${tenantId}
    union all
    select 'M' || work_account_id || day || msg_type || ':' || concat_ws('/', n, sent, priced,
           cents, n1, n2, n3, n4, c1, c2, c3, c4)
      from stat_money_day where tenant_id = ${tenantId} and n <> 0
    union all
    select 'R' || work_account_id || day || ':' || concat_ws('/', sent, failed, added, already)
      from stat_request_day where tenant_id = ${tenantId} and sent <> 0
    union all
    select 'W' || work_account_id || seat || day || ':' || concat_ws('/', assigned, resolved,
           resolve_ms::text, first_ms::text)
      from stat_flow_day where tenant_id = ${tenantId}
    union all
    select 'F' || work_account_id || day || ':' || concat_ws('/', added_manual, added_task,
           added_auto_accept, added_phone, added_other, removed_manual, removed_task,
           removed_auto_accept, removed_phone, removed_other)
      from stat_friend_day where tenant_id = ${tenantId}
        and (added_manual <> 0 or added_task <> 0 or added_auto_accept <> 0 or added_phone <> 0
          or added_other <> 0 or removed_manual <> 0 or removed_task <> 0
          or removed_auto_accept <> 0 or removed_phone <> 0 or removed_other <> 0)`);
  return rowsOf<{ k: string }>(result)
    .map((r) => r.k)
    .sort();
}

/** Deletes the new rollups of a tenant (the backfill must rebuild them). */
export async function clearMoreRollups(db: Db, tenantId: string): Promise<void> {
  for (const t of [
    'stat_tag_daily',
    'stat_tag_total',
    'stat_tag_day',
    'stat_tag_account_day',
    'stat_money_daily',
    'stat_login_daily',
    'stat_service_daily',
    'stat_service_turns',
    'stat_service_open',
    'stat_service_flow',
    // Last: deleting the tables they fold moves them (their triggers), so they are empty only
    // after those.
    'stat_money_day',
    'stat_flow_day',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(t)} where tenant_id = ${tenantId}`);
  }
}
