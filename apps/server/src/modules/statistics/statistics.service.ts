import {
  STAT_MAX_DAYS,
  STAT_METRICS,
  statDaySpan,
  type StatQueryBody,
  type StatReport,
  type StatResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { seesWholeTenant } from '../accounts/index.ts';
import { convScopeOf } from '../conversations/index.ts';
import { isMoreReport, StatisticsReports, type MoreRows } from './statistics-reports.service.ts';
import * as repo from './statistics.repository.ts';

type Values = Record<string, number>;
/** What one report adds for a rollup cell: the figures of its account and day. */
type Table = { days: Map<string, Values>; accounts: Map<string, Values>; summary: Values };

const SYSTEM_SOURCES = new Set(['task', 'autoAccept']);

/** The days of a range, in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < statDaySpan(from, to); i++) {
    out.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  }
  return out;
}

/** Today in a time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now));
}

/** The range of a query: `to` defaults to the tenant's today, `from` to six days before `to`. */
function rangeOf(body: StatQueryBody, timeZone: string): repo.DayRange {
  const to = body.to ?? todayIn(timeZone);
  const from =
    body.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  if (from > to || statDaySpan(from, to) > STAT_MAX_DAYS) throw fail.invalid('statRangeInvalid');
  return { from, to };
}

function zeros(metrics: readonly string[]): Values {
  return Object.fromEntries(metrics.map((m) => [m, 0]));
}

function emptyTable(metrics: readonly string[], days: string[], accounts: string[]): Table {
  return {
    days: new Map(days.map((d) => [d, zeros(metrics)])),
    accounts: new Map(accounts.map((a) => [a, zeros(metrics)])),
    summary: zeros(metrics),
  };
}

/**
 * Adds `n` to a figure of a rollup sum: a day's sum (no account) counts for its day and the
 * summary, an account's sum (no day) for its account; a cell of both for all three.
 */
function add(
  t: Table,
  account: string | null,
  day: string | null,
  metric: string,
  n: number,
): void {
  const rows = [
    day ? t.days.get(day) : undefined,
    account ? t.accounts.get(account) : undefined,
    day ? t.summary : undefined,
  ];
  for (const v of rows) {
    if (v) v[metric] = (v[metric] ?? 0) + n;
  }
}

/** Adds `n` to one figure of a row. */
function add1(v: Values, metric: string, n: number): void {
  v[metric] = (v[metric] ?? 0) + n;
}

function passRate(v: Values): void {
  v.passRate = v.sent ? Math.round((1000 * (v.added ?? 0)) / v.sent) / 10 : 0;
}

/** The statistics reports (issue 20), read from the daily rollups. */
export class StatisticsService {
  private readonly db: Db;
  private readonly more: StatisticsReports;
  constructor(deps: Deps) {
    this.db = deps.db;
    this.more = new StatisticsReports(deps.db);
  }

  /**
   * The tenant's time zone and the accounts a caller's report covers: its visible ones, narrowed
   * by the filters (one read for a manager).
   */
  async scopeFor(
    auth: AuthContext,
    body: StatQueryBody,
  ): Promise<{ timeZone: string; accounts: repo.StatAccount[] }> {
    if (!auth.tenantId) throw fail.forbidden();
    const accountIds = seesWholeTenant(auth.role)
      ? ('all' as const)
      : (await convScopeOf(this.db, auth)).accountIds;
    const { timeZone, accounts: found } = await repo.statScope(this.db, {
      tenantId: auth.tenantId,
      accountIds,
      workWxids: body.workWxids,
    });
    // A work account the caller does not see, another tenant's included, is not found.
    const seen = new Set(found.map((a) => a.wxid));
    if (body.workWxids?.some((w) => !seen.has(w))) throw fail.notFound('workAccountNotFound');
    const seats = body.seatIds?.length ? new Set(body.seatIds) : null;
    const accounts = seats
      ? found.filter((a) => a.distributed_to && seats.has(a.distributed_to))
      : found;
    return { timeZone, accounts };
  }

  /** Sets the tenant's statistics time zone and rebuilds its rollups (the manager only). */
  async setTimeZone(auth: AuthContext, timeZone: string): Promise<{ timeZone: string }> {
    if (!auth.tenantId) throw fail.forbidden();
    if (!seesWholeTenant(auth.role)) throw fail.forbidden('statTimeZoneManagerOnly');
    const tenantId = auth.tenantId;
    await this.db.transaction(async (tx) => {
      await repo.setTenantTimeZone(tx, tenantId, timeZone);
      await repo.rebuildTenant(tx, tenantId);
    });
    return { timeZone };
  }

  /** One report over a range of the tenant's days. */
  async report(auth: AuthContext, report: StatReport, body: StatQueryBody): Promise<StatResult> {
    // The service report filters its seats' rows by `seatIds`, not the accounts.
    const { timeZone, accounts } = await this.scopeFor(
      auth,
      report === 'service' ? { ...body, seatIds: undefined } : body,
    );
    const tenantId = auth.tenantId!;
    const metrics = STAT_METRICS[report];
    const { from, to } = rangeOf(body, timeZone);
    const days = daysOf(from, to);
    const ids = accounts.map((a) => a.id);
    const t = emptyTable(metrics, days, ids);
    const range = { from, to };
    let extra: MoreRows = {};
    if (isMoreReport(report)) {
      // A manager's report without filters covers every account of the tenant.
      const wholeTenant =
        seesWholeTenant(auth.role) && !body.workWxids?.length && !body.seatIds?.length;
      const q = { auth, tenantId, body, accountIds: ids, range, days, timeZone, wholeTenant };
      extra = await this.more.fill(report, t, q);
    } else if (ids.length > 0) await this.fill(report, t, tenantId, ids, range, days);
    return {
      from,
      to,
      metrics: [...metrics],
      timeZone,
      summary: t.summary,
      days: days.map((day) => ({ day, values: t.days.get(day)! })),
      accounts: accounts.map((a) => ({
        workWxid: a.wxid,
        nickname: a.nickname,
        remark: a.remark,
        values: t.accounts.get(a.id)!,
      })),
      ...extra,
    };
  }

  private async fill(
    report: StatReport,
    t: Table,
    tenantId: string,
    ids: string[],
    range: repo.DayRange,
    days: string[],
  ): Promise<void> {
    switch (report) {
      case 'message':
        for (const c of await repo.messageSums(this.db, tenantId, ids, range)) {
          const v = c.day ? t.days.get(c.day) : c.account ? t.accounts.get(c.account) : undefined;
          if (!v) continue;
          v.total = c.sent + c.received;
          for (const m of repo.MESSAGE_DAY_COLUMNS) v[m] = c[m];
          // The summary is the sum of the days (each message counted once).
          if (c.day)
            for (const m of ['total', ...repo.MESSAGE_DAY_COLUMNS]) add1(t.summary, m, v[m]!);
        }
        return;
      case 'newfriend':
      case 'sysadd':
      case 'nosysadd':
      case 'deletefriend': {
        const lost = report === 'deletefriend';
        for (const c of await repo.friendCells(this.db, tenantId, ids, range)) {
          const n = lost ? c.removed : c.added;
          if (report === 'sysadd' && !SYSTEM_SOURCES.has(c.source)) continue;
          if (report === 'nosysadd' && SYSTEM_SOURCES.has(c.source)) continue;
          add(t, c.account, c.day, 'total', n);
          if (c.source) add(t, c.account, c.day, c.source, n);
        }
        return;
      }
      case 'wxfriend':
        return this.fillFriends(t, tenantId, ids, range, days);
      case 'addfriend': {
        for (const c of await repo.requestCells(this.db, tenantId, ids, range)) {
          add(t, c.account, c.day, 'sent', c.sent);
          add(t, c.account, c.day, 'requested', c.sent - c.failed - c.added - c.already);
          for (const k of ['failed', 'added', 'already'] as const)
            add(t, c.account, c.day, k, c[k]);
        }
        for (const v of [...t.days.values(), ...t.accounts.values(), t.summary]) passRate(v);
        return;
      }
      case 'service':
      case 'label':
      case 'eft':
      case 'redpacket':
      case 'login':
        return; // statistics-reports.service.ts
    }
  }

  /** Friends at the end of each day, with the day's gains and losses. */
  private async fillFriends(
    t: Table,
    tenantId: string,
    ids: string[],
    range: repo.DayRange,
    days: string[],
  ): Promise<void> {
    const { cells, atEnd } = await repo.friendCellsAndEnds(this.db, tenantId, ids, range);
    const net = new Map<string, number>();
    for (const c of cells) {
      add(t, c.account, c.day, 'added', c.added);
      add(t, c.account, c.day, 'removed', c.removed);
      add(t, c.account, c.day, 'net', c.added - c.removed);
      if (c.day) net.set(c.day, (net.get(c.day) ?? 0) + c.added - c.removed);
    }
    let friends = [...atEnd.values()].reduce((a, b) => a + b, 0);
    t.summary.friends = friends;
    for (const [id, n] of atEnd) t.accounts.get(id)!.friends = n;
    for (const day of [...days].reverse()) {
      t.days.get(day)!.friends = friends;
      friends -= net.get(day) ?? 0;
    }
  }
}
