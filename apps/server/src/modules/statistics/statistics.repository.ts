import { sql, type SQL } from 'drizzle-orm';
import { jsonArraysOf, jsonRows, objectsOf, rowsOf, type DbOrTx } from '../../platform/db.ts';
import { STAT_METRICS } from '@cst/shared';

/** A work account a report covers. */
export interface StatAccount {
  id: string;
  wxid: string;
  nickname: string;
  remark: string;
  distributed_to: string | null;
}

const STAT_ACCOUNT_COLUMNS = ['id', 'wxid', 'nickname', 'remark', 'distributed_to'] as const;

/** Which accounts a report covers: the caller's scope narrowed by the filters. */
export interface StatAccountFilter {
  tenantId: string;
  /** The caller's visible accounts ('all' for a manager). */
  accountIds: string[] | 'all';
  workWxids?: string[];
}

/** A range of tenant days, inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

const uuidArray = (ids: string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
const textList = (v: string[]): SQL =>
  sql.join(
    v.map((x) => sql`${x}`),
    sql`, `,
  );

/** The tenant's statistics time zone and the work accounts of a report (in wxid order). */
export interface StatScope {
  timeZone: string;
  accounts: StatAccount[];
}

/**
 * What every report reads first, in one statement: the tenant's time zone and the work accounts
 * it covers, in wxid order (the caller's scope narrowed by the filters).
 */
export async function statScope(db: DbOrTx, f: StatAccountFilter): Promise<StatScope> {
  const conds: SQL[] = [sql`wa.tenant_id = ${f.tenantId}`];
  if (f.accountIds !== 'all') conds.push(sql`wa.id = any(${uuidArray(f.accountIds)})`);
  if (f.workWxids?.length) conds.push(sql`wa.wxid in (${textList(f.workWxids)})`);
  const result = await db.execute(sql`
    select coalesce((select time_zone from tenants where id = ${f.tenantId}), 'Asia/Shanghai') as tz,
           (select ${jsonArraysOf('a', STAT_ACCOUNT_COLUMNS, sql`a.wxid`)} from (
              select wa.id, wa.wxid, wa.nickname, wa.remark, wa.distributed_to from work_accounts wa
              where ${sql.join(conds, sql` and `)}) a) as accounts`);
  const row = rowsOf<{ tz: string; accounts: unknown }>(result)[0]!;
  const accounts = objectsOf<StatAccount>(STAT_ACCOUNT_COLUMNS, row.accounts);
  return { timeZone: row.tz, accounts };
}

/** The message figures of the per-day table (`stat_message_day`): the report's, less the total. */
export const MESSAGE_DAY_COLUMNS = STAT_METRICS.message.filter(
  (m): m is Exclude<(typeof STAT_METRICS.message)[number], 'total'> => m !== 'total',
);

/** Message figures of one day (all accounts) or one account (all days) of a range. */
export type MessageSums = { account: string | null; day: string | null } & Record<
  (typeof MESSAGE_DAY_COLUMNS)[number],
  number
>;

/**
 * Messages of some accounts over a range, summed per day and per account in one read of the
 * per-day table (one row per account and day, kept by triggers from `stat_message_daily`).
 */
export async function messageSums(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
): Promise<MessageSums[]> {
  const sums = sql.join(
    MESSAGE_DAY_COLUMNS.map((c) => sql`sum(${sql.identifier(c)})::int as ${sql.identifier(c)}`),
    sql`, `,
  );
  return jsonRows<MessageSums>(
    db,
    ['account', 'day', ...MESSAGE_DAY_COLUMNS],
    sql`
    select work_account_id as account, day::text as day, ${sums}
    from stat_message_day
    where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
      and day between ${r.from}::date and ${r.to}::date
    group by grouping sets ((work_account_id), (day))`,
  );
}

/**
 * Friends gained and lost per source, summed per day (`account` null) and per account (`day`
 * null): one row per day or account and source instead of one per account, day and source.
 * `source` is '' for sources outside the four (counted in the totals only).
 */
export interface FriendCell {
  account: string | null;
  day: string | null;
  source: string;
  added: number;
  removed: number;
}

/** The columns of `stat_friend_day` per source ('' the others). */
const FRIEND_DAY_SOURCES = [
  ['manual', 'manual'],
  ['task', 'task'],
  ['autoAccept', 'auto_accept'],
  ['phone', 'phone'],
  ['', 'other'],
] as const;

/** The friend fold's sums per day and per account, a row each with the sources' figures in `n`. */
function friendSumsSql(tenantId: string, accountIds: string[], r: DayRange): SQL {
  const sums = sql.join(
    FRIEND_DAY_SOURCES.flatMap(([, col]) => [
      sql`sum(${sql.identifier(`added_${col}`)})::int`,
      sql`sum(${sql.identifier(`removed_${col}`)})::int`,
    ]),
    sql`, `,
  );
  return sql`
    select work_account_id as account, day::text as day, array[${sums}] as n
    from stat_friend_day
    where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
      and day between ${r.from}::date and ${r.to}::date
    group by grouping sets ((work_account_id), (day))`;
}

type FriendSums = { account: string | null; day: string | null; n: number[] };
const FRIEND_SUMS_COLUMNS = ['account', 'day', 'n'] as const;

/** The rows of `friendSumsSql` as a cell per source that moved. */
function friendCellsOf(rows: FriendSums[]): FriendCell[] {
  const out: FriendCell[] = [];
  for (const row of rows) {
    FRIEND_DAY_SOURCES.forEach(([source], i) => {
      const added = row.n[2 * i]!;
      const removed = row.n[2 * i + 1]!;
      if (added !== 0 || removed !== 0) {
        out.push({ account: row.account, day: row.day, source, added, removed });
      }
    });
  }
  return out;
}

/**
 * Friend rollup sums of some accounts over a range, per day and per account, from the per-day
 * fold `stat_friend_day` (a row per account and day, the sources in columns; migration 0043).
 */
export async function friendCells(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
): Promise<FriendCell[]> {
  return friendCellsOf(
    await jsonRows<FriendSums>(db, FRIEND_SUMS_COLUMNS, friendSumsSql(tenantId, accountIds, r)),
  );
}

/**
 * The cells of `friendCells` and, in the same statement, the friends of each account at the end
 * of the range: today's count less what was gained, plus what was lost, after it.
 */
export async function friendCellsAndEnds(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
): Promise<{ cells: FriendCell[]; atEnd: Map<string, number> }> {
  const net = sql.join(
    FRIEND_DAY_SOURCES.map(
      ([, col]) => sql`${sql.identifier(`added_${col}`)} - ${sql.identifier(`removed_${col}`)}`,
    ),
    sql` + `,
  );
  const result = await db.execute(sql`
    select
      (select ${jsonArraysOf('q', FRIEND_SUMS_COLUMNS)}
       from (${friendSumsSql(tenantId, accountIds, r)}) q) as cells,
      (select coalesce(json_agg(json_build_array(a.id,
         coalesce((select n from contact_counts cc where cc.work_account_id = a.id), 0)
         - coalesce((select sum(${net}) from stat_friend_day s
                     where s.tenant_id = ${tenantId} and s.work_account_id = a.id
                       and s.day > ${r.to}::date), 0))), '[]'::json)
       from unnest(${uuidArray(accountIds)}) as a(id)) as ends`);
  const row = rowsOf<{ cells: unknown; ends: [string, number][] | string }>(result)[0]!;
  const ends =
    typeof row.ends === 'string' ? (JSON.parse(row.ends) as [string, number][]) : row.ends;
  return {
    cells: friendCellsOf(objectsOf<FriendSums>(FRIEND_SUMS_COLUMNS, row.cells)),
    atEnd: new Map(ends.map(([account, n]) => [account, Number(n)])),
  };
}

/**
 * Sent friend requests by current status, summed per day (`account` null) and per account (`day`
 * null): all, failed, added and already friends (the others are still requested).
 */
export interface RequestCell {
  account: string | null;
  day: string | null;
  sent: number;
  failed: number;
  added: number;
  already: number;
}

/**
 * Outgoing friend requests of some accounts over a range, per day and per account, from the fold
 * `stat_request_day` (a row per account and day; migration 0047).
 */
export async function requestCells(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
): Promise<RequestCell[]> {
  return jsonRows<RequestCell>(
    db,
    ['account', 'day', 'sent', 'failed', 'added', 'already'],
    sql`
    select work_account_id as account, day::text as day, sum(sent)::int as sent,
           sum(failed)::int as failed, sum(added)::int as added, sum(already)::int as already
    from stat_request_day
    where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
      and day between ${r.from}::date and ${r.to}::date
    group by grouping sets ((day), (work_account_id)) having sum(sent) <> 0`,
  );
}

/**
 * Rebuilds a tenant's rollups from the raw rows (`stat_rebuild`, migration 0019), with the
 * rollup tables locked so no event's delta is lost or counted twice meanwhile. Run in a
 * transaction.
 */
export async function rebuildTenant(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.execute(
    sql`lock table stat_message_daily, stat_friend_daily, stat_friend_request_daily in exclusive mode`,
  );
  await tx.execute(sql`select stat_rebuild(${tenantId}::uuid)`);
  // The tag, money and login rollups (migrations 0023, 0027).
  await tx.execute(
    sql`lock table stat_tag_daily, stat_tag_total, stat_tag_day, stat_tag_account_day, stat_money_daily,
      stat_login_daily in exclusive mode`,
  );
  await tx.execute(sql`select stat_rebuild_reports(${tenantId}::uuid)`);
  // The service report's turns and daily figures (migration 0026), then the flow log's copy with
  // its days and times to resolve (migration 0043), which reads the turns, and the flow figures
  // per account, seat and day folded from both (migration 0047).
  await tx.execute(
    sql`lock table stat_service_turns, stat_service_daily, stat_service_open, stat_service_flow,
      stat_flow_day in exclusive mode`,
  );
  await tx.execute(sql`select stat_rebuild_service(${tenantId}::uuid)`);
  await tx.execute(sql`select stat_rebuild_flow(${tenantId}::uuid)`);
}

/** Sets a tenant's statistics time zone (rebuild its rollups in the same transaction). */
export async function setTenantTimeZone(
  tx: DbOrTx,
  tenantId: string,
  timeZone: string,
): Promise<void> {
  await tx.execute(sql`update tenants set time_zone = ${timeZone} where id = ${tenantId}`);
}

/** Every tenant's id (the backfill of all tenants). */
export async function allTenantIds(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select id from tenants order by id`)).map(
    (r) => r.id,
  );
}
