import {
  normalizeKeywordText,
  type AutoAgreeItem,
  type AutoAgreeListResult,
  type AutoAgreeReplyItem,
  type AutoAgreeReplySaveBody,
  type AutoAgreeUpdateBody,
} from '@cst/shared';
import type { ContactsChangedEvent, FriendRequestEvent } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import { Scheduler, schedulerOf } from '../../scheduler/scheduler.ts';
import type { AccountRef } from '../accounts/account-runtime.ts';
import { convScopeOf, visibleAccountIn } from '../conversations/conversation.scope.ts';
import { ROBOT_JOB } from './keyword-engine.ts';
import { resolveMaterialMessages } from '../material/material-content.ts';
import { draftsOf, MAX_ROBOT_TEXT } from './robot-drafts.ts';
import { addJobs, type NewRobotJob } from './robot-job.repository.ts';
import * as reqRepo from './robot-requests.repository.ts';
import { presentAutoAccept, presentGreeting } from './robots.presenter.ts';
import * as repo from './robots.repository.ts';
import { acceptedToday } from './robot.lanes.ts';

/** How long after a request a new friend still gets the greeting. */
const GREETING_WINDOW_MS = 7 * 24 * 3600_000;

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
  return g.drafts.map((d, i) => ({
    tenantId: account.tenantId,
    workAccountId: account.id,
    kind: 'greet' as const,
    key: greetKey(request.id, i),
    payload: {
      friendRequestId: request.id,
      talkType: 1 as const,
      peerId: request.wxid,
      drafts: [d],
    },
    dueAt: from + i * g.intervalSec * 1000,
  }));
}

/** Auto-accept of friend requests and the greeting on accepting (issue 15 §1–2). */
export class AutoAcceptService {
  constructor(private readonly deps: Deps) {}

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

  /** A request arrived: when the robot accepts it, its accept is queued after a random delay. */
  async onFriendRequest(ev: FriendRequestEvent, account: AccountRef): Promise<void> {
    if (ev.request.status !== 'pending') return;
    const db = this.deps.db;
    const s = await repo.effectiveAutoAccept(db, account.tenantId, account.id);
    if (!s?.enabled || !greetingPasses(s.keywords, ev.request.verifyContent)) return;
    const row = await reqRepo.receivedByPlatformId(
      db,
      account.tenantId,
      account.id,
      ev.request.requestId,
    );
    if (!row || row.status !== 1) return;
    const now = this.deps.now();
    const spread = s.delayMaxSec - s.delayMinSec;
    const random = schedulerOf(this.deps).options.random;
    const delayMs = (s.delayMinSec + Math.floor(random() * (spread + 1))) * 1000;
    const added = await addJobs(
      db,
      [
        {
          tenantId: account.tenantId,
          workAccountId: account.id,
          kind: 'accept',
          key: acceptKey(row.id),
          payload: { friendRequestId: row.id, tagIds: s.tagIds, dailyCap: s.dailyCap },
          dueAt: now + delayMs,
        },
      ],
      now,
    );
    if (added > 0) await Scheduler.wake(this.deps, ROBOT_JOB);
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
