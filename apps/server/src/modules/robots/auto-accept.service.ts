import {
  FRIEND_REQUEST_STATUS,
  normalizeKeywordText,
  type AutoAgreeItem,
  type AutoAgreeListResult,
  type AutoAgreeReplyItem,
  type AutoAgreeReplySaveBody,
  type AutoAgreeUpdateBody,
} from '@cst/shared';
import type { ContactsChangedEvent } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import type { AccountRef } from '../accounts/index.ts';
import { convScopeOf, visibleAccountIn } from '../conversations/index.ts';
import { ROBOT_JOB } from './keyword-engine.ts';
import { resolveMaterialMessages } from '../material/index.ts';
import { draftsOf, MAX_ROBOT_TEXT } from './robot-drafts.ts';
import { addJobs, type NewRobotJob } from './robot-job.repository.ts';
import * as reqRepo from './robot-requests.repository.ts';
import { presentAutoAccept, presentGreeting } from './robots.presenter.ts';
import * as repo from './robots.repository.ts';
import { acceptedToday } from './robot.lanes.ts';

/** How long after a request a new friend still gets the greeting. */
const GREETING_WINDOW_MS = 7 * 24 * 3600_000;
/** Requests decided in one transaction. */
const DECIDE_BATCH = 200;

/** The idempotency key of the robot's accept of a request. */
export const acceptKey = (requestId: string) => `accept:${requestId}`;
/** The idempotency key of the i-th greeting message to a request's person. */
export const greetKey = (requestId: string, i: number) => `greet:${requestId}:${i}`;

/** Whether a request's greeting passes the settings' words (none = accept all). */
export function greetingPasses(keywords: string[], verifyContent: string): boolean {
  if (keywords.length === 0) return true;
  const text = normalizeKeywordText(verifyContent);
  return keywords.some((k) => text.includes(normalizeKeywordText(k.trim())));
}

/**
 * The greeting jobs of an accepted request: the account's (or default) messages, due one
 * interval apart from `from`. Keys make them once per request, whoever accepted it.
 */
export async function greetingJobs(
  db: DbOrTx,
  account: { id: string; tenantId: string },
  request: { id: string; wxid: string },
  from: number,
): Promise<NewRobotJob[]> {
  const g = await repo.effectiveGreeting(db, account.tenantId, account.id);
  if (!g || !g.enabled || g.drafts.length === 0) return [];
  const step = g.intervalSec * 1000;
  // With no interval the messages are one job, stored in the outbox in their order; two jobs due
  // at one moment may run side by side and send the second first.
  const groups = step === 0 ? [g.drafts] : g.drafts.map((d) => [d]);
  return groups.map((drafts, i) => ({
    tenantId: account.tenantId,
    workAccountId: account.id,
    kind: 'greet' as const,
    key: greetKey(request.id, i),
    payload: {
      friendRequestId: request.id,
      talkType: 1 as const,
      peerId: request.wxid,
      drafts,
    },
    dueAt: from + i * step,
  }));
}

/** Auto-accept of friend requests and the greeting on accepting (issue 15 §1–2). */
export class AutoAcceptService {
  constructor(
    private readonly deps: Uses<'media' | 'realtime' | 'runtime' | 'scheduler' | 'storage'>,
  ) {}

  private async target(auth: AuthContext, workWxid: string | undefined) {
    if (!auth.tenantId) throw fail.forbidden();
    if (!workWxid) return { tenantId: auth.tenantId, account: null };
    const scope = await convScopeOf(this.deps.db, auth);
    const account = await visibleAccountIn(this.deps.db, scope, workWxid);
    return { tenantId: auth.tenantId, account };
  }

  /** An account's settings (its own, else the default as inherited), or the default. */
  async get(auth: AuthContext, workWxid?: string): Promise<AutoAgreeItem> {
    const { tenantId, account } = await this.target(auth, workWxid);
    if (!account) {
      const row = await repo.findAutoAccept(this.deps.db, tenantId, null);
      return presentAutoAccept(row, null, false, 0);
    }
    const own = await repo.findAutoAccept(this.deps.db, tenantId, account.id);
    const row = own ?? (await repo.findAutoAccept(this.deps.db, tenantId, null));
    const today = await acceptedToday(this.deps, account.id);
    return presentAutoAccept(row, account.wxid, !own, today);
  }

  /** Saves an account's settings or the default. */
  async update(auth: AuthContext, body: AutoAgreeUpdateBody): Promise<AutoAgreeItem> {
    const { tenantId, account } = await this.target(auth, body.workWxid);
    const tagIds = [...new Set(body.tagIds)];
    const known = await repo.existingTags(this.deps.db, tenantId, tagIds);
    if (known.length !== tagIds.length) throw fail.invalid('robotTagNotFound');
    await repo.saveAutoAccept(this.deps.db, {
      tenantId,
      workAccountId: account?.id ?? null,
      enabled: body.enabled,
      keywords: [...new Set(body.keywords.map((k) => k.trim()).filter(Boolean))],
      delayMinSec: body.delayMinSec,
      delayMaxSec: body.delayMaxSec,
      dailyCap: body.dailyCap,
      tagIds,
    });
    return this.get(auth, body.workWxid);
  }

  /** An account's greeting (its own, else the default as inherited), or the default. */
  async getReply(auth: AuthContext, workWxid?: string): Promise<AutoAgreeReplyItem> {
    const { tenantId, account } = await this.target(auth, workWxid);
    if (!account) {
      return presentGreeting(await repo.findGreeting(this.deps.db, tenantId, null), null, false);
    }
    const own = await repo.findGreeting(this.deps.db, tenantId, account.id);
    const row = own ?? (await repo.findGreeting(this.deps.db, tenantId, null));
    return presentGreeting(row, account.wxid, !own);
  }

  /** Saves an account's greeting or the default. */
  async saveReply(auth: AuthContext, body: AutoAgreeReplySaveBody): Promise<AutoAgreeReplyItem> {
    const { tenantId, account } = await this.target(auth, body.workWxid);
    const messages = await resolveMaterialMessages(this.deps, auth, body.messages, MAX_ROBOT_TEXT);
    const drafts = await draftsOf(this.deps, tenantId, messages);
    await repo.saveGreeting(this.deps.db, {
      tenantId,
      workAccountId: account?.id ?? null,
      enabled: body.enabled,
      messages,
      drafts,
      intervalSec: body.intervalSec,
    });
    return this.getReply(auth, body.workWxid);
  }

  /** The accounts with their own settings or greeting that the caller sees. */
  async list(auth: AuthContext): Promise<AutoAgreeListResult> {
    if (!auth.tenantId) throw fail.forbidden();
    const scope = await convScopeOf(this.deps.db, auth);
    const seen = (id: string | null) =>
      id !== null && (scope.accountIds === 'all' || scope.accountIds.includes(id));
    const [settings, greetings, accounts] = await Promise.all([
      repo.listAutoAccept(this.deps.db, auth.tenantId),
      repo.listGreetings(this.deps.db, auth.tenantId),
      repo.tenantAccounts(this.deps.db, auth.tenantId),
    ]);
    const wxidOf = new Map(accounts.map((a) => [a.id, a.wxid]));
    const accept: AutoAgreeItem[] = [];
    for (const s of settings.filter((r) => seen(r.workAccountId))) {
      const today = await acceptedToday(this.deps, s.workAccountId!);
      accept.push(presentAutoAccept(s, wxidOf.get(s.workAccountId!) ?? null, false, today));
    }
    return {
      accept,
      reply: greetings
        .filter((g) => seen(g.workAccountId))
        .map((g) => presentGreeting(g, wxidOf.get(g.workAccountId!) ?? null, false)),
    };
  }

  /**
   * Shows the received requests not yet decided (of an account, or of any account) to the
   * auto-accept rule: those it accepts get an accept job after a random delay from now. Called
   * after a live request, after the sync when an account comes online (requests that came while
   * it was offline or held elsewhere) and by the scheduler's upkeep (a handler that failed). The
   * flag is cleared in the transaction that adds the job, so each request is decided once, and
   * the job's key makes its accept once.
   */
  async decidePending(account: AccountRef | null): Promise<void> {
    let added = 0;
    for (;;) {
      const { taken, jobs } = await this.deps.db.transaction(async (tx) => {
        const rows = await reqRepo.takeUndecided(tx, account, DECIDE_BATCH);
        const now = this.deps.now();
        const settings = new Map<string, Awaited<ReturnType<typeof repo.effectiveAutoAccept>>>();
        const out: NewRobotJob[] = [];
        for (const r of rows) {
          if (!settings.has(r.workAccountId)) {
            settings.set(
              r.workAccountId,
              await repo.effectiveAutoAccept(tx, r.tenantId, r.workAccountId),
            );
          }
          const s = settings.get(r.workAccountId);
          if (r.status !== FRIEND_REQUEST_STATUS.requested || !s?.enabled) continue;
          if (!greetingPasses(s.keywords, r.verifyContent)) continue;
          out.push({
            tenantId: r.tenantId,
            workAccountId: r.workAccountId,
            kind: 'accept',
            key: acceptKey(r.id),
            payload: { friendRequestId: r.id, tagIds: s.tagIds, dailyCap: s.dailyCap },
            dueAt: now + this.delayMs(s.delayMinSec, s.delayMaxSec),
          });
        }
        return { taken: rows.length, jobs: await addJobs(tx, out, now) };
      });
      added += jobs;
      // One batch per upkeep round; an account's own backlog (a long time offline) in full.
      if (!account || taken < DECIDE_BATCH) break;
    }
    if (added > 0) await Scheduler.wake(this.deps, ROBOT_JOB);
  }

  /** A random delay in [min, max] whole seconds (the scheduler's random source). */
  private delayMs(minSec: number, maxSec: number): number {
    const random = this.deps.scheduler.options.random;
    return (minSec + Math.floor(random() * (maxSec - minSec + 1))) * 1000;
  }

  /** New friends who had asked (accepted by the robot, a seat or the phone) get the greeting. */
  async onContactsChanged(ev: ContactsChangedEvent, account: AccountRef): Promise<void> {
    const wxids = ev.added.map((c) => c.wxid);
    if (wxids.length === 0) return;
    const db = this.deps.db;
    const now = this.deps.now();
    const asked = await reqRepo.receivedFrom(
      db,
      account.tenantId,
      account.id,
      wxids,
      new Date(now - GREETING_WINDOW_MS),
    );
    const jobs: NewRobotJob[] = [];
    for (const r of asked) jobs.push(...(await greetingJobs(db, account, r, now)));
    if ((await addJobs(db, jobs, now)) > 0) await Scheduler.wake(this.deps, ROBOT_JOB);
  }
}
