import {
  MSG_TYPE,
  type BusinessHoursItem,
  type BusinessHoursSaveBody,
  type BusinessStatus,
} from '@cst/shared';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import type { AccountRef } from '../accounts/index.ts';
import { visibleConversation } from '../conversations/index.ts';
import { offPeriodAt, type OffPeriod } from './business-hours.ts';
import * as repo from './business-hours.repository.ts';
import type { BusinessHoursRow } from './business-hours.repository.ts';
import { ROBOT_JOB } from './keyword-engine.ts';
import { addJobs } from './robot-job.repository.ts';
import { isTenantAccount } from './robots.repository.ts';

const CLOSED_WEEK = [[], [], [], [], [], [], []];
/** The bus channel on which "a tenant's business hours changed" travels. */
export const HOURS_CHANNEL = 'business_hours';
const CACHE_MS = 30_000;

/** The key of the out-of-hours reply of a chat in one off period: the reply's exactly-once key. */
export function awayKey(accountId: string, peerId: string, off: OffPeriod): string {
  return `away:${accountId}:${peerId}:${off.start ?? 'always'}`;
}

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.notFound('accountGroupNotFound');
  return auth.tenantId;
}

/**
 * Business hours per account group (docs/business-hours.md): the settings, whether a chat's
 * account is out of hours, and the out-of-hours reply, queued as a robot job keyed by chat and
 * off period, so a contact gets it at most once per period whatever arrives and on any instance.
 */
export class BusinessHoursService {
  private readonly cache = new FreshCache<BusinessHoursRow[]>(CACHE_MS);

  constructor(private readonly deps: Deps) {}

  /** Drops a tenant's cached settings (on this instance). */
  forget(tenantId: string): void {
    this.cache.forget(tenantId);
  }

  /**
   * A tenant's settings, cached: every received message asks, and a tenant without business
   * hours must cost no query.
   */
  private rowsOf(tenantId: string, db: DbOrTx = this.deps.db): Promise<BusinessHoursRow[]> {
    return this.cache.get(tenantId, () => repo.hoursRows(db, tenantId));
  }

  /** The rows that apply to a group: its own, else its nearest ancestor's, else the default. */
  private async applying(
    tenantId: string,
    groupId: string | null,
    db: DbOrTx = this.deps.db,
  ): Promise<BusinessHoursRow | null> {
    const rows = await this.rowsOf(tenantId, db);
    if (rows.length === 0) return null;
    const byGroup = new Map(rows.map((r) => [r.accountGroupId, r]));
    if (groupId) {
      const parent = new Map(
        (await repo.groupParents(db, tenantId)).map((g) => [g.id, g.parentId]),
      );
      const seen = new Set<string>();
      for (let g: string | null = groupId; g && !seen.has(g); g = parent.get(g) ?? null) {
        seen.add(g);
        const own = byGroup.get(g);
        if (own) return own;
      }
    }
    return byGroup.get(null) ?? null;
  }

  /** A group's settings (null: the default), or what applies to it when it has none. */
  async get(auth: AuthContext, groupId: string | null): Promise<BusinessHoursItem> {
    const tenantId = tenantOf(auth);
    if (groupId) await this.assertGroup(tenantId, groupId);
    const row = await this.applying(tenantId, groupId);
    const timeZone = await repo.tenantZone(this.deps.db, tenantId);
    return {
      accountGroupId: groupId,
      enabled: row?.enabled ?? false,
      week: row?.week ?? CLOSED_WEEK,
      holidays: row?.holidays ?? [],
      reply: row?.reply ?? '',
      own: !!row && row.accountGroupId === groupId,
      timeZone,
    };
  }

  /** Saves a group's (or the default's) settings. */
  async save(auth: AuthContext, body: BusinessHoursSaveBody): Promise<BusinessHoursItem> {
    const tenantId = tenantOf(auth);
    const groupId = body.accountGroupId ?? null;
    if (groupId) await this.assertGroup(tenantId, groupId);
    await repo.saveHours(this.deps.db, {
      tenantId,
      accountGroupId: groupId,
      enabled: body.enabled,
      week: body.week.map((d) => [...d].sort((a, b) => a.from - b.from)),
      holidays: [...new Set(body.holidays)].sort(),
      reply: body.reply,
    });
    this.forget(tenantId);
    await this.deps.bus.publish(HOURS_CHANNEL, tenantId);
    return this.get(auth, groupId);
  }

  private async assertGroup(tenantId: string, groupId: string): Promise<void> {
    const groups = await repo.groupParents(this.deps.db, tenantId);
    if (!groups.some((g) => g.id === groupId)) throw fail.notFound('accountGroupNotFound');
  }

  /** The off period an account is in now, with the settings that apply; null when open or off. */
  private async offNow(tenantId: string, accountId: string, db: DbOrTx = this.deps.db) {
    if (!(await this.rowsOf(tenantId, db)).some((r) => r.enabled)) return null;
    const place = await repo.accountPlace(db, tenantId, accountId);
    if (!place) return null;
    const row = await this.applying(tenantId, place.groupId, db);
    if (!row?.enabled) return null;
    const off = offPeriodAt(this.deps.now(), place.timeZone, row);
    return off ? { off, row } : null;
  }

  /**
   * Whether an account is out of hours now with an out-of-hours reply (the AI robot keeps quiet);
   * read through `db` (a caller inside a transaction passes it).
   */
  async awayReplyNow(
    tenantId: string,
    accountId: string,
    db: DbOrTx = this.deps.db,
  ): Promise<boolean> {
    return Boolean((await this.offNow(tenantId, accountId, db))?.row.reply);
  }

  /** Whether a chat's account is out of hours now, and whether its contact got the reply. */
  async status(auth: AuthContext, index: string): Promise<BusinessStatus> {
    const { conv } = await visibleConversation(this.deps.db, auth, index);
    const now = await this.offNow(conv.tenantId, conv.workAccountId);
    if (!now) return { outOfHours: false, opensAt: null, replied: false };
    const replied = await repo.jobExists(
      this.deps.db,
      awayKey(conv.workAccountId, conv.peerId, now.off),
    );
    return { outOfHours: true, opensAt: now.off.end, replied };
  }

  /**
   * A contact's message out of hours queues the reply (single chats; never to the account itself
   * or another work account of the tenant), once per chat and off period.
   */
  async onMessage(ev: InboundMessageEvent, account: AccountRef): Promise<boolean> {
    if (ev.fromSelf || ev.talkType !== 1 || ev.peerId === account.wxid) return false;
    const now = await this.offNow(account.tenantId, account.id);
    if (!now?.row.reply) return false;
    if (await isTenantAccount(this.deps.db, account.tenantId, ev.peerId)) return false;
    const at = this.deps.now();
    const added = await addJobs(
      this.deps.db,
      [
        {
          tenantId: account.tenantId,
          workAccountId: account.id,
          kind: 'reply',
          key: awayKey(account.id, ev.peerId, now.off),
          payload: {
            talkType: 1,
            peerId: ev.peerId,
            drafts: [{ msgType: MSG_TYPE.text, content: now.row.reply }],
          },
          dueAt: at,
        },
      ],
      at,
    );
    if (added > 0) await Scheduler.wake(this.deps, ROBOT_JOB);
    return added > 0;
  }
}
