import { sql, type SQL } from 'drizzle-orm';
import { jsonArraysOf, jsonRows, objectsOf, rowsOf, type DbOrTx } from '../../platform/db.ts';
import { selfAndBelowSql } from '../accounts/index.ts';
import type { DayRange } from './statistics.repository.ts';

// The queries of the service, tag, transfer, red-packet and login reports (docs/statistics.md).

const uuidArray = (ids: string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A seat a service report may show. */
export interface StatSeat {
  id: string;
  name: string;
}

/** The seats of a tenant a caller sees: all for a manager, else itself and those below it. */
export async function statSeats(
  db: DbOrTx,
  f: { tenantId: string; below: string | null; seatIds?: string[] },
): Promise<StatSeat[]> {
  const result = await db.execute(sql`
    select u.id, coalesce(nullif(u.nickname, ''), u.username) as name from users u
    where ${seatConds(f)} order by u.username`);
  return rowsOf<StatSeat>(result);
}

/** Which users are the seats of `statSeats`. */
function seatConds(f: { tenantId: string; below: string | null; seatIds?: string[] }): SQL {
  const conds: SQL[] = [sql`u.tenant_id = ${f.tenantId}`, sql`u.role <> 'admin'`];
  if (f.below) conds.push(sql`u.id in (${selfAndBelowSql(f.tenantId, f.below)})`);
  if (f.seatIds?.length) conds.push(sql`u.id = any(${uuidArray(f.seatIds)})`);
  return sql.join(conds, sql` and `);
}

/**
 * Service figures summed by day, by work account or by seat (the others null; averages are made
 * from the sums).
 */
export interface ServiceCell {
  seat: string | null;
  account: string | null;
  day: string | null;
  sent: number;
  served: number;
  received: number;
  frN: number;
  frMs: number;
  rN: number;
  rMs: number;
  unanswered: number;
}

const SERVICE_CELL_COLUMNS = [
  'seat',
  'account',
  'day',
  'sent',
  'served',
  'received',
  'frN',
  'frMs',
  'rN',
  'rMs',
  'unanswered',
] as const;

/**
 * The service report's reads in one statement (docs/statistics.md):
 * - the seats of `statSeats`, in username order;
 * - their service figures over the range in the accounts' single chats, summed per day, per
 *   account and per seat, from the rollups the message triggers keep: `stat_service_daily` for
 *   sent, served and the turns answered, `stat_service_turns` for the turns nothing answered yet
 *   (at most one per chat), counted for the seat serving the chat now: the account's seat
 *   (`stat_service_open`: open turns per account and day), less those of the chats a transfer
 *   gave to a seat (`served_by`, few: its partial index), which count for that seat;
 * - the range's cells of the flow fold `stat_flow_day` (per account, seat and day: chats assigned,
 *   resolved, and the samples of both medians, kept by triggers, migration 0047), as
 *   `[account's position in accountIds, seat's position in the seats (1-based), day from the
 *   range's first, assigned, resolved, [times to resolve, first responses]]`, the cells' JSON
 *   text put together as it is (converting every sample to JSON was most of the read on PGlite).
 */
export async function serviceRead(
  db: DbOrTx,
  p: {
    tenantId: string;
    below: string | null;
    seatIds?: string[];
    accountIds: string[];
    range: DayRange;
  },
): Promise<{ seats: StatSeat[]; cells: ServiceCell[]; flow: FlowRow[] }> {
  const { tenantId, range: r } = p;
  const accounts = uuidArray(p.accountIds);
  const result = await db.execute(sql`
    with seat as (
      select u.id, coalesce(nullif(u.nickname, ''), u.username) as name,
             row_number() over (order by u.username) as pos
      from users u where ${seatConds(p)}
    ),
    served as (
      -- Open turns of chats a transfer gave to a seat: theirs, not the account's seat's.
      select c.served_by as seat, wa.distributed_to as owner, k.work_account_id as account, k.day,
             count(*)::int as n
      from conversations c
      join stat_service_turns k on k.conversation_id = c.id and k.reply_t is null
      join work_accounts wa on wa.id = k.work_account_id
      where c.tenant_id = ${tenantId} and c.served_by is not null
        and c.work_account_id = any(${accounts})
        and k.day between ${r.from}::date and ${r.to}::date
      group by 1, 2, 3, 4
    ),
    f as (
      select seat_id as seat, work_account_id as account, day, sent, served, received, fr_n,
             fr_ms, r_n, r_ms, 0 as unanswered
      from stat_service_daily
      where tenant_id = ${tenantId} and work_account_id = any(${accounts})
        and seat_id in (select id from seat) and day between ${r.from}::date and ${r.to}::date
      union all
      select wa.distributed_to, o.work_account_id, o.day, 0, 0, 0, 0, 0, 0, 0, o.n
      from stat_service_open o join work_accounts wa on wa.id = o.work_account_id
      where o.tenant_id = ${tenantId} and o.work_account_id = any(${accounts})
        and o.day between ${r.from}::date and ${r.to}::date and o.n <> 0
        and wa.distributed_to in (select id from seat)
      union all
      select s.seat, s.account, s.day, 0, 0, 0, 0, 0, 0, 0, s.n
      from served s where s.seat in (select id from seat)
      union all
      select s.owner, s.account, s.day, 0, 0, 0, 0, 0, 0, 0, -s.n
      from served s where s.owner in (select id from seat)
    ),
    cells as (
      select seat, account, day::text as day, sum(sent)::int as sent, sum(served)::int as served,
             sum(received)::int as received, sum(fr_n)::int as "frN",
             sum(fr_ms)::float8 as "frMs", sum(r_n)::int as "rN", sum(r_ms)::float8 as "rMs",
             sum(unanswered)::int as unanswered
      from f group by grouping sets ((day), (account), (seat))
      having sum(sent) <> 0 or sum(served) <> 0 or sum(r_n) <> 0 or sum(unanswered) <> 0
    )
    select
      (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by pos),
                       '[]'::json) from seat) as seats,
      (select ${jsonArraysOf('c', SERVICE_CELL_COLUMNS)} from cells c) as cells,
      (select '[' || coalesce(string_agg(concat_ws(',', '[' || array_position(${accounts},
                d.work_account_id), s.pos, d.day - ${r.from}::date, d.assigned, d.resolved,
                d.samples || ']'), ','), '') || ']'
       from stat_flow_day d join seat s on s.id = d.seat
       where d.tenant_id = ${tenantId} and d.day between ${r.from}::date and ${r.to}::date
         and d.work_account_id = any(${accounts}) ) as flow`);
  const row = rowsOf<{
    seats: StatSeat[] | string;
    cells: unknown;
    flow: string | null;
  }>(result)[0]!;
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return {
    seats: parse(row.seats),
    cells: objectsOf<ServiceCell>(SERVICE_CELL_COLUMNS, row.cells),
    flow: JSON.parse(row.flow ?? '[]') as FlowRow[],
  };
}

/**
 * The service flow's figures of a day, an account, a seat or the whole range (all null): chats
 * assigned to and resolved by the seat, and the medians (ms, null when nothing was counted) of
 * the first response of each chat and day and of the time to resolve.
 */
export interface FlowCell {
  seat: string | null;
  account: string | null;
  day: string | null;
  assigned: number;
  resolved: number;
  medFirstMs: number | null;
  medResolveMs: number | null;
}

/**
 * The flow figures of one day, account, seat or the whole range, while being gathered: the
 * counts, and the cells (rows of `FlowRow`) whose samples its medians take.
 */
interface FlowGroup {
  assigned: number;
  resolved: number;
  cells: FlowRow[];
  /** How many samples of each kind its cells hold (times to resolve, first responses). */
  nResolve: number;
  nFirst: number;
}

/**
 * The k-th smallest of the `n` first of `xs` (0-based), reordering them so that the k first
 * are the smaller ones (quickselect).
 */
function nth(xs: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = xs[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i]! < pivot) i++;
      while (xs[j]! > pivot) j--;
      if (i <= j) {
        const x = xs[i]!;
        xs[i++] = xs[j]!;
        xs[j--] = x;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return xs[k]!;
}

/**
 * The median of the `n` first of `xs` as PostgreSQL's `percentile_cont(0.5)` gives it (the
 * middle one, or for an even count `lo + 0.5 × (hi − lo)` of the two middle ones, in the same
 * float arithmetic); null when there is none. Reorders them.
 */
function medianIn(xs: Float64Array, n: number): number | null {
  if (n === 0) return null;
  const hi = nth(xs, n, n >> 1);
  if (n % 2 === 1) return hi;
  // After the select the n / 2 first are the smaller half: the lower middle is their largest.
  let lo = xs[0]!;
  for (let i = 1; i < n >> 1; i++) if (xs[i]! > lo) lo = xs[i]!;
  return lo + 0.5 * (hi - lo);
}

/**
 * A cell of `stat_flow_day` as `serviceRead` gives it: [account's position, seat's position
 * (1-based), day from the range's first, assigned, resolved, [times to resolve, first responses]].
 */
export type FlowRow = [number, number, number, number, number, [number[], number[]]];

/**
 * The service flow's figures of some accounts and seats over a range (docs/statistics.md), by
 * day, account, seat and in total (medians do not add up), from the range's cells of
 * `stat_flow_day` (`serviceRead`); the medians are taken here of the merged samples, as
 * `percentile_cont(0.5)` takes them. A group keeps its cells, not copies of their samples: each
 * median copies the group's samples into one scratch array of floats, sized for the total's.
 */
export function flowCells(
  rows: FlowRow[],
  p: { accountIds: string[]; seatIds: string[]; range: DayRange },
): FlowCell[] {
  const r = p.range;
  const group = (): FlowGroup => ({ assigned: 0, resolved: 0, cells: [], nResolve: 0, nFirst: 0 });
  const days = new Map<number, FlowGroup>();
  const byAccount = new Map<number, FlowGroup>();
  const bySeat = new Map<number, FlowGroup>();
  const total = group();
  const of = (m: Map<number, FlowGroup>, k: number) => {
    let g = m.get(k);
    if (!g) m.set(k, (g = group()));
    return g;
  };
  for (const row of rows) {
    const [a, s, d, assigned, resolved, [resolve, first]] = row;
    for (const g of [of(days, d), of(byAccount, a), of(bySeat, s), total]) {
      g.assigned += assigned;
      g.resolved += resolved;
      g.cells.push(row);
      g.nResolve += resolve.length;
      g.nFirst += first.length;
    }
  }
  const scratch = new Float64Array(Math.max(total.nResolve, total.nFirst));
  /** The median of the group's samples of one kind (0: times to resolve, 1: first responses). */
  const median = (g: FlowGroup, kind: 0 | 1) => {
    let n = 0;
    for (const c of g.cells) for (const x of c[5][kind]) scratch[n++] = x;
    return medianIn(scratch, n);
  };
  const cell = (g: FlowGroup, key: Partial<FlowCell>): FlowCell => ({
    seat: null,
    account: null,
    day: null,
    ...key,
    assigned: g.assigned,
    resolved: g.resolved,
    medFirstMs: median(g, 1),
    medResolveMs: median(g, 0),
  });
  const from = Date.parse(`${r.from}T00:00:00Z`);
  const cells: FlowCell[] = [];
  for (const [d, g] of days) {
    cells.push(cell(g, { day: new Date(from + d * 86_400_000).toISOString().slice(0, 10) }));
  }
  for (const [a, g] of byAccount) cells.push(cell(g, { account: p.accountIds[a - 1]! }));
  for (const [s, g] of bySeat) cells.push(cell(g, { seat: p.seatIds[s - 1]! }));
  // The total is there even with no cell (as the grouping set `()` was).
  cells.push(cell(total, {}));
  return cells;
}

/** A tag of the tenant, with its group. */
export interface StatTag {
  id: string;
  name: string;
  color: string;
  group: string;
}

/** The tenant's tags, in the order of their groups and their own. */
export async function statTags(db: DbOrTx, tenantId: string): Promise<StatTag[]> {
  const result = await db.execute(sql`
    select t.id, t.name, t.color, g.name as "group" from tags t join tag_groups g on g.id = t.group_id
    where t.tenant_id = ${tenantId} order by g.sort, g.name, t.sort, t.name`);
  return rowsOf<StatTag>(result);
}

/** The tag rollup over a range (see `tagCells`). */
export interface TagCells {
  /**
   * Per tag, its days from the range's first one on (`d`: the offset from it; those past the
   * range's end give the net to take off the links carried now) with the links gained (`a`) and
   * lost (`r`).
   */
  tags: { tag: string; d: number[]; a: number[]; r: number[] }[];
  /** Per account: links gained and lost in the range, over the existing tags; `later`: the net after it. */
  accounts: { account: string; added: number; removed: number; later: number }[];
  /** Per account and tag: the links carried now. */
  totals: { account: string; tag: string; n: number }[];
}

/**
 * The tag report's cells (docs/statistics.md), from the range's first day on (the links carried
 * now, `stat_tag_total`, stand for the days before it), in one query. Per tag and day: over the
 * whole tenant the fold over its accounts (`stat_tag_day`); for accounts by name, when they are
 * most of the tenant's, that fold less the other accounts' rows of `stat_tag_daily`, else their
 * own rows. Per account: the fold over the existing tags (`stat_tag_account_day`). A tag's days
 * come as arrays (JSON of a row per tag and day costs most of the query on PGlite). Deleted tags'
 * cells, and over the whole tenant deleted accounts', are left to the caller.
 */
export async function tagCells(
  db: DbOrTx,
  p: { tenantId: string; accountIds: string[]; range: DayRange; wholeTenant: boolean },
): Promise<TagCells> {
  const { tenantId, range: r } = p;
  const accounts = uuidArray(p.accountIds);
  const from = sql`${r.from}::date`;
  const to = sql`${r.to}::date`;
  const ofAccounts = p.wholeTenant ? sql`` : sql`and work_account_id = any(${accounts})`;
  const days = p.wholeTenant
    ? sql`
    g as (
      select tag_id, day, added as a, removed as r from stat_tag_day
      where tenant_id = ${tenantId} and day >= ${from} and (added <> 0 or removed <> 0)
    )`
    : sql`
    other as (
      select id from work_accounts where tenant_id = ${tenantId} and id <> all(${accounts})
    ),
    fold as (select (select count(*) from other) < cardinality(${accounts}) as yes),
    td as (
      select tag_id, day, added, removed from stat_tag_day
      where (select yes from fold) and tenant_id = ${tenantId} and day >= ${from}
      union all
      select tag_id, day, -added, -removed from stat_tag_daily
      where (select yes from fold) and work_account_id = any(array(select id from other))
        and tenant_id = ${tenantId} and day >= ${from}
      union all
      select tag_id, day, added, removed from stat_tag_daily
      where not (select yes from fold) and work_account_id = any(${accounts})
        and tenant_id = ${tenantId} and day >= ${from}
    ),
    g as (
      select tag_id, day, sum(added)::int as a, sum(removed)::int as r from td group by 1, 2
      having sum(added) <> 0 or sum(removed) <> 0
    )`;
  const result = await db.execute(sql`
    with ${days}
    select json_build_object(
      'tags', (select coalesce(json_agg(x), '[]') from (
        select tag_id as tag, array_agg(day - ${from}) as d, array_agg(a) as a, array_agg(r) as r
        from g group by tag_id) x),
      'accounts', (select coalesce(json_agg(x), '[]') from (
        select work_account_id as account,
               coalesce(sum(added) filter (where day <= ${to}), 0)::int as added,
               coalesce(sum(removed) filter (where day <= ${to}), 0)::int as removed,
               coalesce(sum(added - removed) filter (where day > ${to}), 0)::int as later
        from stat_tag_account_day
        where tenant_id = ${tenantId} and day >= ${from} ${ofAccounts}
        group by work_account_id) x),
      'totals', (select coalesce(json_agg(x), '[]') from (
        select work_account_id as account, tag_id as tag, n from stat_tag_total
        where tenant_id = ${tenantId} and n <> 0 ${ofAccounts}) x)
    ) as page`);
  const page = rowsOf<{ page: TagCells | string }>(result)[0]!.page;
  return typeof page === 'string' ? (JSON.parse(page) as TagCells) : page;
}

/** Red packets or transfers of an account (day null) or a day (account null). */
export interface MoneyCell {
  account: string | null;
  day: string | null;
  /** Messages, those sent, those with an amount, and the amount (cents). */
  n: number;
  sent: number;
  priced: number;
  cents: number;
  /** Transfers per state 1–4 (index 0–3): count and amount (cents). */
  ns: number[];
  cs: number[];
}

/**
 * Money figures of one message type (16 red packet, 17 transfer) over a range, summed by day and
 * by account (grouping sets: days + accounts rows) from the fold `stat_money_day` (a row per
 * account, day and type; migration 0047).
 */
export async function moneyCells(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
  msgType: 16 | 17,
): Promise<MoneyCell[]> {
  return jsonRows<MoneyCell>(
    db,
    ['account', 'day', 'n', 'sent', 'priced', 'cents', 'ns', 'cs'],
    sql`
    select case when grouping(work_account_id) = 0 then work_account_id end as account,
           case when grouping(day) = 0 then day::text end as day, sum(n)::int as n,
           sum(sent)::int as sent, sum(priced)::int as priced, sum(cents)::float8 as cents,
           array[sum(n1), sum(n2), sum(n3), sum(n4)]::int[] as ns,
           array[sum(c1), sum(c2), sum(c3), sum(c4)]::float8[] as cs
    from stat_money_day
    where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
      and msg_type = ${msgType} and day between ${r.from}::date and ${r.to}::date
    group by grouping sets ((day), (work_account_id))
    having sum(n) <> 0`,
  );
}

/**
 * Logins, logouts, bans, kick-outs and time online (ms) of a day (account null) or of an account
 * (day null).
 */
export interface LoginCell {
  account: string | null;
  day: string | null;
  logins: number;
  logouts: number;
  bans: number;
  kickouts: number;
  ms: number;
}

/**
 * The login rollup over a range, summed by day and by account (days + accounts rows): the counts
 * and the closed sessions' time from `stat_login_daily`, and the open sessions (an account whose
 * latest change is to online) from that change up to now, split at the tenant's midnights.
 */
export async function loginCells(
  db: DbOrTx,
  p: { tenantId: string; accountIds: string[]; range: DayRange; timeZone: string },
): Promise<LoginCell[]> {
  const { tenantId, range: r } = p;
  const accounts = uuidArray(p.accountIds);
  return jsonRows<LoginCell>(
    db,
    ['account', 'day', 'logins', 'logouts', 'bans', 'kickouts', 'ms'],
    sql`
    with f as (
      select work_account_id as a, day, logins, logouts, bans, kickouts, online_ms as ms
      from stat_login_daily
      where tenant_id = ${tenantId} and work_account_id = any(${accounts})
        and day between ${r.from}::date and ${r.to}::date
      union all
      select o.a, x.day, 0, 0, 0, 0, x.ms
      from unnest(${accounts}) o(a)
      cross join lateral (
        select l.status, l.at from account_status_log l
        where l.work_account_id = o.a and l.tenant_id = ${tenantId}
        order by l.at desc, l.id desc limit 1) l
      cross join lateral stat_online_split(l.at, now(), ${p.timeZone}) x
      where l.status = 'online' and x.day between ${r.from}::date and ${r.to}::date
    )
    select case when grouping(a) = 0 then a end as account,
           case when grouping(day) = 0 then day::text end as day, sum(logins)::int as logins,
           sum(logouts)::int as logouts, sum(bans)::int as bans, sum(kickouts)::int as kickouts,
           sum(ms)::float8 as ms
    from f group by grouping sets ((day), (a))`,
  );
}
