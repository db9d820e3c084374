import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db.ts';
import { selfAndBelowSql } from '../accounts/account.policy.ts';
import type { DayRange } from './statistics.repository.ts';

// The queries of the service, tag, transfer, red-packet and login reports (docs/statistics.md).

const uuidArray = (ids: string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A query's rows read back as one JSON value (see `jsonRows` of statistics.repository.ts). */
async function jsonRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(
    sql`select coalesce(json_agg(q), '[]'::json) as page from (${query}) q`,
  );
  const page = rowsOf<{ page: T[] | string }>(result)[0]?.page ?? [];
  return typeof page === 'string' ? (JSON.parse(page) as T[]) : page;
}

/** The first instant of a tenant day and the first of the day after a range, ms since the epoch. */
export async function rangeBounds(
  db: DbOrTx,
  timeZone: string,
  r: DayRange,
): Promise<{ start: number; end: number }> {
  const result = await db.execute(sql`
    select (extract(epoch from (${r.from}::date::timestamp at time zone ${timeZone})) * 1000)::bigint as s,
           (extract(epoch from ((${r.to}::date + 1)::timestamp at time zone ${timeZone})) * 1000)::bigint as e`);
  const row = rowsOf<{ s: number | string; e: number | string }>(result)[0]!;
  return { start: Number(row.s), end: Number(row.e) };
}

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
  const conds: SQL[] = [sql`u.tenant_id = ${f.tenantId}`, sql`u.role <> 'admin'`];
  if (f.below) conds.push(sql`u.id in (${selfAndBelowSql(f.tenantId, f.below)})`);
  if (f.seatIds?.length) conds.push(sql`u.id = any(${uuidArray(f.seatIds)})`);
  const result = await db.execute(sql`
    select u.id, coalesce(nullif(u.nickname, ''), u.username) as name from users u
    where ${sql.join(conds, sql` and `)} order by u.username`);
  return rowsOf<StatSeat>(result);
}

/** Service figures of a seat in a work account on a day (sums; averages are made from them). */
export interface ServiceCell {
  seat: string;
  account: string;
  day: string;
  sent: number;
  served: number;
  received: number;
  frN: number;
  frMs: number;
  rN: number;
  rMs: number;
  unanswered: number;
}

/**
 * The service facts of some accounts' single chats whose turns began in a range (robots'
 * messages left out): a turn is a run of received messages; the first sent message after it
 * answers it, by the seat that sent it; a turn nothing answered yet is the unanswered chat of the
 * seat serving it (the chat's `served_by`, else the account's seat). Read from the raw messages.
 */
export async function serviceCells(
  db: DbOrTx,
  p: {
    tenantId: string;
    accountIds: string[];
    seatIds: string[];
    timeZone: string;
    start: number;
    end: number;
  },
): Promise<ServiceCell[]> {
  const { tenantId, timeZone: tz, start, end } = p;
  return jsonRows<ServiceCell>(
    db,
    sql`
    with conv as (
      select c.id, c.work_account_id, coalesce(c.served_by, wa.distributed_to) as owner
      from conversations c join work_accounts wa on wa.id = c.work_account_id
      where c.tenant_id = ${tenantId} and c.talk_type = 1
        and c.work_account_id = any(${uuidArray(p.accountIds)})
    ),
    inr as (
      select m.conversation_id as c, m.msg_time as t, m.id, m.send_side as s,
             m.sender_user_id as u, false as pre
      from messages m join conv on conv.id = m.conversation_id
      where m.tenant_id = ${tenantId} and m.msg_time >= ${start} and not m.robot
        and m.work_account_id = any(${uuidArray(p.accountIds)})
    ),
    pre as (
      select p.* from (select distinct c from inr) x cross join lateral (
        select m.conversation_id as c, m.msg_time as t, m.id, m.send_side as s,
               m.sender_user_id as u, true as pre
        from messages m
        where m.conversation_id = x.c and m.msg_time < ${start} and not m.robot
        order by m.msg_time desc, m.id desc limit 1) p
    ),
    o as (
      select a.*, lag(a.s) over (partition by a.c order by a.t, a.id) as ps
      from (select * from inr union all select * from pre) a
    ),
    g as (
      select o.*, sum(case when o.s = 2 and o.ps is distinct from 2 then 1 else 0 end)
               over (partition by o.c order by o.t, o.id) as turn
      from o
    ),
    turns as (
      select c, turn, min(t) filter (where s = 2) as st,
             count(*) filter (where s = 2)::int as nin,
             min(t) filter (where s = 1) as rt,
             (array_agg(u order by t, id) filter (where s = 1))[1] as ru
      from g where turn > 0 group by c, turn
    ),
    t2 as (
      select turns.*, conv.work_account_id as a, conv.owner,
             stat_msg_day(turns.st, ${tz}) as day,
             row_number() over (partition by turns.c, stat_msg_day(turns.st, ${tz})
                                order by turns.st) = 1 as first_of_day
      from turns join conv on conv.id = turns.c
      where turns.st >= ${start} and turns.st < ${end}
    ),
    facts as (
      select ru as seat, a, day, 0 as sent, 0 as served, nin as received,
             (case when first_of_day then 1 else 0 end) as fr_n,
             (case when first_of_day then rt - st else 0 end) as fr_ms,
             1 as r_n, rt - st as r_ms, 0 as unanswered
      from t2 where rt is not null and ru is not null
      union all
      select owner, a, day, 0, 0, 0, 0, 0, 0, 0, 1 from t2 where rt is null and owner is not null
      union all
      select inr.u, conv.work_account_id, stat_msg_day(inr.t, ${tz}), count(*)::int,
             count(distinct inr.c)::int, 0, 0, 0, 0, 0, 0
      from inr join conv on conv.id = inr.c
      where inr.s = 1 and inr.u is not null and inr.t < ${end}
      group by 1, 2, 3
    )
    select seat, a as account, day::text as day, sum(sent)::int as sent, sum(served)::int as served,
           sum(received)::int as received, sum(fr_n)::int as "frN", sum(fr_ms)::float8 as "frMs",
           sum(r_n)::int as "rN", sum(r_ms)::float8 as "rMs", sum(unanswered)::int as unanswered
    from facts where seat = any(${uuidArray(p.seatIds)})
    group by seat, a, day`,
  );
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

/** Links of a tag to contacts of an account: gained and lost on a day. */
export interface TagCell {
  account: string;
  tag: string;
  day: string;
  added: number;
  removed: number;
}

/** Tag rollup cells of some accounts from a day on (existing tags only). */
export async function tagCellsFrom(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  from: string,
): Promise<TagCell[]> {
  return jsonRows<TagCell>(
    db,
    sql`
    select s.work_account_id as account, s.tag_id as tag, s.day::text as day,
           sum(s.added)::int as added, sum(s.removed)::int as removed
    from stat_tag_daily s join tags t on t.id = s.tag_id
    where s.tenant_id = ${tenantId} and s.work_account_id = any(${uuidArray(accountIds)})
      and s.day >= ${from}::date
    group by 1, 2, 3 having sum(s.added) <> 0 or sum(s.removed) <> 0`,
  );
}

/** How many contacts of each account carry each tag now. */
export async function tagLinksNow(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
): Promise<{ account: string; tag: string; n: number }[]> {
  return jsonRows(
    db,
    sql`
    select c.work_account_id as account, ct.tag_id as tag, count(*)::int as n
    from contact_tags ct join contacts c on c.id = ct.contact_id
    where ct.tenant_id = ${tenantId} and c.work_account_id = any(${uuidArray(accountIds)})
    group by 1, 2`,
  );
}

/** Red packets or transfers of an account and day, by direction and transfer state. */
export interface MoneyCell {
  account: string;
  day: string;
  sendSide: number;
  state: number;
  n: number;
  priced: number;
  cents: number;
}

/** Money rollup cells of one message type (16 red packet, 17 transfer) over a range. */
export async function moneyCells(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
  msgType: 16 | 17,
): Promise<MoneyCell[]> {
  return jsonRows<MoneyCell>(
    db,
    sql`
    select work_account_id as account, day::text as day, send_side as "sendSide", state,
           sum(n)::int as n, sum(priced)::int as priced, sum(amount_cents)::float8 as cents
    from stat_money_daily
    where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
      and msg_type = ${msgType} and day between ${r.from}::date and ${r.to}::date
    group by 1, 2, 3, 4 having sum(n) <> 0`,
  );
}

/** Logins, logouts, bans and kick-outs of an account on a day. */
export interface LoginCell {
  account: string;
  day: string;
  logins: number;
  logouts: number;
  bans: number;
  kickouts: number;
}

/** Login rollup cells over a range. */
export async function loginCells(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
): Promise<LoginCell[]> {
  return jsonRows<LoginCell>(
    db,
    sql`
    select work_account_id as account, day::text as day, sum(logins)::int as logins,
           sum(logouts)::int as logouts, sum(bans)::int as bans, sum(kickouts)::int as kickouts
    from stat_login_daily
    where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
      and day between ${r.from}::date and ${r.to}::date
    group by 1, 2`,
  );
}

/**
 * Time online per account and tenant day, in ms: from each change to online to the next change
 * of the account's status (a session still open counts up to now), split at the days' midnights.
 */
export async function onlineCells(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  r: DayRange,
  timeZone: string,
): Promise<{ account: string; day: string; ms: number }[]> {
  return jsonRows(
    db,
    sql`
    with d as (
      select g::date as day, (g::date::timestamp at time zone ${timeZone}) as s,
             ((g::date + 1)::timestamp at time zone ${timeZone}) as e
      from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') g
    ),
    l as (
      select status, at, lead(at) over (partition by work_account_id order by at, id) as nxt,
             work_account_id
      from account_status_log
      where tenant_id = ${tenantId} and work_account_id = any(${uuidArray(accountIds)})
    ),
    ses as (
      select work_account_id as a, at as s, least(coalesce(nxt, now()), now()) as e
      from l where status = 'online'
    )
    select ses.a as account, d.day::text as day,
           sum(round(extract(epoch from (least(ses.e, d.e) - greatest(ses.s, d.s))) * 1000))::float8 as ms
    from ses join d on ses.s < d.e and ses.e > d.s and ses.e > ses.s
    group by 1, 2`,
  );
}
