import { STAT_METRICS, type StatQueryBody, type StatRow, type StatRowKind } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { seesWholeTenant } from '../accounts/index.ts';
import * as more from './statistics-reports.repository.ts';
import type { DayRange } from './statistics.repository.ts';

// The service, tag, transfer, red-packet and login reports (docs/statistics.md).

/** The reports of this file. */
export const MORE_REPORTS = ['service', 'label', 'eft', 'redpacket', 'login'] as const;
export type MoreReport = (typeof MORE_REPORTS)[number];

/** Whether a report is one of this file's. */
export function isMoreReport(report: string): report is MoreReport {
  return (MORE_REPORTS as readonly string[]).includes(report);
}

type Values = Record<string, number>;
/** The figures of a report being filled: per day, per account (by id) and in total. */
export interface MoreTable {
  days: Map<string, Values>;
  accounts: Map<string, Values>;
  summary: Values;
}

/** What a report adds to the common answer: its breakdown by seat or tag. */
export interface MoreRows {
  rowKind?: StatRowKind;
  rows?: StatRow[];
}

/** What a report counts: the caller, its accounts (ids) and the range. */
export interface MoreQuery {
  auth: AuthContext;
  tenantId: string;
  body: StatQueryBody;
  accountIds: string[];
  range: DayRange;
  days: string[];
  timeZone: string;
  /** Whether the accounts are all the tenant's (the tag report then reads its folds alone). */
  wholeTenant: boolean;
}

const TRANSFER_STATES = ['', 'initiated', 'expired', 'accepted', 'returned'];

function bump(vs: (Values | undefined)[], metric: string, n: number): void {
  for (const v of vs) if (v) v[metric] = (v[metric] ?? 0) + n;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Seconds with one decimal from summed milliseconds and a count (0 when nothing was counted). */
const avgSeconds = (ms: number, n: number) => (n ? round1(ms / n / 1000) : 0);

/** The reports of this file, read from their rollups. */
export class StatisticsReports {
  constructor(private readonly db: Db) {}

  async fill(report: MoreReport, t: MoreTable, q: MoreQuery): Promise<MoreRows> {
    switch (report) {
      case 'service':
        return this.service(t, q);
      case 'label':
        return this.label(t, q);
      case 'eft':
      case 'redpacket':
        await this.money(report, t, q);
        return {};
      case 'login':
        await this.login(t, q);
        return {};
    }
  }

  /**
   * Per seat: chats served, messages sent and received, response times, chats unanswered; chats
   * assigned and resolved, the medians of the first response and of the time to resolve.
   */
  private async service(t: MoreTable, q: MoreQuery): Promise<MoreRows> {
    const read = await more.serviceRead(this.db, {
      tenantId: q.tenantId,
      below: seesWholeTenant(q.auth.role) ? null : q.auth.userId,
      seatIds: q.body.seatIds,
      accountIds: q.accountIds,
      range: q.range,
    });
    const { seats } = read;
    const rows = new Map(seats.map((s) => [s.id, zeros('service')]));
    if (seats.length > 0 && q.accountIds.length > 0) {
      for (const c of read.cells) {
        // Each cell is a day's, an account's or a seat's sum; the days add up to the total.
        const vs = c.day
          ? [t.days.get(c.day), t.summary]
          : [
              c.account ? t.accounts.get(c.account) : undefined,
              c.seat ? rows.get(c.seat) : undefined,
            ];
        for (const k of ['sent', 'served', 'received', 'frN', 'frMs', 'rN', 'rMs', 'unanswered']) {
          bump(vs, k, c[k as keyof more.ServiceCell] as number);
        }
      }
      const flow = more.flowCells(read.flow, {
        accountIds: q.accountIds,
        seatIds: seats.map((s) => s.id),
        range: q.range,
      });
      for (const c of flow) {
        // Medians do not add up: the total is a cell of its own (every key null).
        const v = c.day
          ? t.days.get(c.day)
          : c.account
            ? t.accounts.get(c.account)
            : c.seat
              ? rows.get(c.seat)
              : t.summary;
        if (!v) continue;
        v.assigned = c.assigned;
        v.resolved = c.resolved;
        v.medianFirstResponse = c.medFirstMs === null ? 0 : round1(c.medFirstMs / 1000);
        v.medianResolution = c.medResolveMs === null ? 0 : round1(c.medResolveMs / 60_000);
      }
    }
    for (const v of allValues(t, rows.values())) {
      v.firstResponse = avgSeconds(v.frMs ?? 0, v.frN ?? 0);
      v.avgResponse = avgSeconds(v.rMs ?? 0, v.rN ?? 0);
      delete v.frN;
      delete v.frMs;
      delete v.rN;
      delete v.rMs;
    }
    return {
      rowKind: 'seat',
      rows: seats.map((s) => ({ id: s.id, name: s.name, values: rows.get(s.id)! })),
    };
  }

  /**
   * Contacts carrying each tag at the end of each day (the links carried now less the net of the
   * later days), with the links gained and lost per day. Deleted tags are not counted.
   */
  private async label(t: MoreTable, q: MoreQuery): Promise<MoreRows> {
    const tags = await more.statTags(this.db, q.tenantId);
    const rows = new Map(tags.map((g) => [g.id, zeros('label')]));
    const daily = new Map(tags.map((g) => [g.id, q.days.map(() => 0)]));
    if (q.accountIds.length > 0 && tags.length > 0) {
      const cells = await more.tagCells(this.db, {
        tenantId: q.tenantId,
        accountIds: q.accountIds,
        range: q.range,
        wholeTenant: q.wholeTenant,
      });
      // Exact, as the property test checks against the links themselves.
      /** Per tag: the net of each day of the range. */
      const netOfDay = new Map<string, number[]>();
      /** Per tag and per account: the links carried at the end of the range. */
      const atEnd = new Map<string, number>();
      const add = (k: string, n: number) => atEnd.set(k, (atEnd.get(k) ?? 0) + n);
      for (const c of cells.totals) {
        if (!rows.has(c.tag) || !t.accounts.has(c.account)) continue; // a deleted tag's
        add(c.tag, c.n);
        add(c.account, c.n);
      }
      for (const c of cells.accounts) {
        if (!t.accounts.has(c.account)) continue; // a deleted account's
        const vs = [t.accounts.get(c.account)];
        bump(vs, 'added', c.added);
        bump(vs, 'removed', c.removed);
        bump(vs, 'net', c.added - c.removed);
        add(c.account, -c.later);
      }
      for (const c of cells.tags) {
        if (!rows.has(c.tag)) continue;
        const net = q.days.map(() => 0);
        netOfDay.set(c.tag, net);
        c.d.forEach((i, k) => {
          const added = c.a[k]!;
          const removed = c.r[k]!;
          const day = q.days[i];
          if (day === undefined) return add(c.tag, removed - added); // after the range
          const vs = [t.days.get(day), t.summary, rows.get(c.tag)];
          bump(vs, 'added', added);
          bump(vs, 'removed', removed);
          bump(vs, 'net', added - removed);
          net[i] = added - removed;
        });
      }
      for (const [id, v] of t.accounts) v.contacts = atEnd.get(id) ?? 0;
      for (const [tag, d] of daily) {
        const end = atEnd.get(tag) ?? 0;
        rows.get(tag)!.contacts = end;
        t.summary.contacts = (t.summary.contacts ?? 0) + end;
        d[d.length - 1] = end;
        const net = netOfDay.get(tag);
        for (let i = d.length - 2; i >= 0; i--) d[i] = d[i + 1]! - (net?.[i + 1] ?? 0);
      }
      q.days.forEach((day, i) => {
        let n = 0;
        for (const d of daily.values()) n += d[i]!;
        t.days.get(day)!.contacts = n;
      });
    }
    return {
      rowKind: 'tag',
      rows: tags.map((g) => ({
        id: g.id,
        name: g.name,
        group: g.group,
        color: g.color,
        values: rows.get(g.id)!,
        daily: daily.get(g.id)!,
      })),
    };
  }

  /** Transfers by state, or red packets by direction, with their amounts (yuan). */
  private async money(report: 'eft' | 'redpacket', t: MoreTable, q: MoreQuery): Promise<void> {
    if (q.accountIds.length === 0) return;
    const type = report === 'eft' ? 17 : 16;
    for (const c of await more.moneyCells(this.db, q.tenantId, q.accountIds, q.range, type)) {
      const vs = dayOrAccount(t, c);
      bump(vs, 'total', c.n);
      bump(vs, 'amount', c.cents);
      if (report === 'eft') {
        for (let s = 1; s <= 4; s++) {
          bump(vs, TRANSFER_STATES[s]!, c.ns[s - 1]!);
          bump(vs, `${TRANSFER_STATES[s]}Amount`, c.cs[s - 1]!);
        }
      } else {
        bump(vs, 'sent', c.sent);
        bump(vs, 'received', c.n - c.sent);
        bump(vs, 'unknownAmount', c.n - c.priced);
      }
    }
    for (const v of allValues(t)) {
      for (const k of Object.keys(v)) if (/amount$/i.test(k) && k !== 'unknownAmount') v[k]! /= 100;
    }
  }

  /** Logins, logouts, bans, kick-outs, and hours online, per account and day. */
  private async login(t: MoreTable, q: MoreQuery): Promise<void> {
    if (q.accountIds.length === 0) return;
    const cells = await more.loginCells(this.db, {
      tenantId: q.tenantId,
      accountIds: q.accountIds,
      range: q.range,
      timeZone: q.timeZone,
    });
    for (const c of cells) {
      const vs = dayOrAccount(t, c);
      for (const k of ['logins', 'logouts', 'bans', 'kickouts'] as const) bump(vs, k, c[k]);
      bump(vs, 'onlineHours', c.ms);
    }
    // Summed in ms, shown in hours with two decimals.
    for (const v of allValues(t)) v.onlineHours = Math.round((v.onlineHours ?? 0) / 36_000) / 100;
  }
}

/** Where a day's sum (and the total, which the days add up to) or an account's sum goes. */
function dayOrAccount(t: MoreTable, c: { day: string | null; account: string | null }) {
  return c.day
    ? [t.days.get(c.day), t.summary]
    : [c.account ? t.accounts.get(c.account) : undefined];
}

function zeros(report: MoreReport): Values {
  return Object.fromEntries(STAT_METRICS[report].map((m) => [m, 0]));
}

function allValues(t: MoreTable, extra: Iterable<Values> = []): Values[] {
  return [...t.days.values(), ...t.accounts.values(), t.summary, ...extra];
}
