import { MSG_TYPE, normalizeKeywordText, type TalkType } from '@cst/shared';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import type { AccountRef } from '../accounts/index.ts';
import { KeywordMatcher, type CompiledRule } from './keyword-matcher.ts';
import { addJobs } from './robot-job.repository.ts';
import * as repo from './robots.repository.ts';

/** The scheduler job kind that sends robot messages and accepts requests. */
export const ROBOT_JOB = 'robots';

/** Safety limits of the robot (docs/robots.md). */
export const ROBOT_LIMITS = {
  /** Keyword replies one work account sends per minute at most. */
  repliesPerMinute: 20,
  /** Keyword replies in one conversation within `stormWindowMs` at most: no reply storm. */
  repliesPerConversation: 5,
  stormWindowMs: 10 * 60_000,
  /** How far back a robot's own text counts as an echo. */
  echoWindowMs: 5 * 60_000,
};

/** How long the tenant's account list (mentions, own accounts) is trusted before a re-read. */
const ACCOUNTS_TTL_MS = 10_000;

interface TenantAccounts {
  at: number;
  byWxid: Map<string, { id: string; nickname: string }>;
  nickOf: Map<string, string>;
}

/** What the engine decided about one inbound message (tests and the bench read it). */
export type TriggerOutcome =
  'none' | 'replied' | 'duplicate' | 'cooling' | 'rateLimited' | 'storm' | 'ownAccount' | 'echo';

/**
 * The keyword engine (issue 15 §4): sees every inbound message on the instance that holds the
 * account, matches it against the tenant's compiled rules (one Aho–Corasick pass, not a loop over
 * rules), and for the best eligible rule records the hit and queues the reply as a robot job in one
 * transaction keyed by rule + message, so a message is answered once by a rule whatever restarts
 * or instances come between. Rules are recompiled when the bus says they changed.
 */
export class KeywordEngine {
  private readonly matchers = new Map<string, Promise<KeywordMatcher>>();
  /** The compiled matchers of `matchers` that are ready. */
  private readonly ready = new Map<string, KeywordMatcher>();
  private readonly accounts = new Map<string, TenantAccounts>();
  /** Outcomes by kind since start (operations, tests). */
  readonly stats = new Map<TriggerOutcome, number>();

  constructor(private readonly deps: Deps) {}

  /** Drops a tenant's compiled rules (the next message compiles them again). */
  forget(tenantId: string): void {
    this.matchers.delete(tenantId);
    this.ready.delete(tenantId);
  }

  /** The tenant's matcher, compiled on first use. */
  matcherOf(tenantId: string): Promise<KeywordMatcher> {
    return this.matchers.get(tenantId) ?? this.cache(tenantId, this.deps.db);
  }

  /**
   * The tenant's matcher for a caller inside a transaction: the compiled one when it is ready,
   * else compiled through `tx` — never by waiting for a compile through another connection, which
   * may itself wait for `tx` to end (PGlite runs one transaction at a time).
   */
  matcherIn(tenantId: string, tx: DbOrTx): Promise<KeywordMatcher> {
    const done = this.ready.get(tenantId);
    if (done) return Promise.resolve(done);
    if (this.matchers.has(tenantId)) return this.compile(tenantId, tx);
    return this.cache(tenantId, tx);
  }

  private cache(tenantId: string, db: DbOrTx): Promise<KeywordMatcher> {
    const m = this.compile(tenantId, db);
    this.matchers.set(tenantId, m);
    m.then(
      (v) => {
        if (this.matchers.get(tenantId) === m) this.ready.set(tenantId, v);
      },
      () => {
        if (this.matchers.get(tenantId) === m) this.matchers.delete(tenantId);
      },
    );
    return m;
  }

  private async compile(tenantId: string, db: DbOrTx): Promise<KeywordMatcher> {
    const rows = await repo.enabledRules(db, tenantId);
    return new KeywordMatcher(
      rows.map((r): CompiledRule => ({
        id: r.id,
        keywords: r.keywords.map((k) => normalizeKeywordText(k.trim())).filter(Boolean),
        matchMode: r.matchMode,
        accountIds: r.accountIds.length > 0 ? new Set(r.accountIds) : null,
        talkTypes: new Set(r.talkTypes.filter((t): t is TalkType => t === 1 || t === 2)),
        mentionOnly: r.mentionOnly,
        priority: r.priority,
        cooldownSec: r.cooldownSec,
        drafts: r.drafts,
        createdAt: r.createdAt.getTime(),
      })),
    );
  }

  private async accountsOf(tenantId: string): Promise<TenantAccounts> {
    const hit = this.accounts.get(tenantId);
    if (hit && Date.now() - hit.at < ACCOUNTS_TTL_MS) return hit;
    const rows = await repo.tenantAccounts(this.deps.db, tenantId);
    const entry: TenantAccounts = {
      at: Date.now(),
      byWxid: new Map(rows.map((r) => [r.wxid, { id: r.id, nickname: r.nickname }])),
      nickOf: new Map(rows.map((r) => [r.id, normalizeKeywordText(r.nickname)])),
    };
    this.accounts.set(tenantId, entry);
    return entry;
  }

  /** The account's handler of inbound messages (registered on the account runtime). */
  async onMessage(ev: InboundMessageEvent, account: AccountRef): Promise<TriggerOutcome> {
    if (ev.fromSelf || ev.msgType !== MSG_TYPE.text || !ev.content) return 'none';
    const matcher = await this.matcherOf(account.tenantId);
    if (matcher.empty) return 'none';
    const candidates = matcher
      .match(ev.content)
      .filter(
        (r) =>
          (r.accountIds === null || r.accountIds.has(account.id)) && r.talkTypes.has(ev.talkType),
      );
    if (candidates.length === 0) return 'none';
    const sender = ev.talkType === 2 ? (ev.memberWxid ?? '') : ev.peerId;
    const accounts = await this.accountsOf(account.tenantId);
    let rule: CompiledRule | undefined = candidates[0];
    if (ev.talkType === 2 && candidates.some((r) => r.mentionOnly)) {
      const nick = accounts.nickOf.get(account.id);
      const text = normalizeKeywordText(ev.content);
      const mentioned = Boolean(nick) && text.includes(`@${nick}`);
      rule = candidates.find((r) => !r.mentionOnly || mentioned);
    }
    if (!rule) return this.count('none');
    return this.count(await this.trigger(rule, ev, account, sender, accounts));
  }

  private count(o: TriggerOutcome): TriggerOutcome {
    this.stats.set(o, (this.stats.get(o) ?? 0) + 1);
    return o;
  }

  /** Records the hit and queues the reply, once per rule and message, within the limits. */
  private async trigger(
    rule: CompiledRule,
    ev: InboundMessageEvent,
    account: AccountRef,
    sender: string,
    accounts: TenantAccounts,
  ): Promise<TriggerOutcome> {
    const db = this.deps.db;
    // Never answer the account itself or another work account of the tenant (a loop needs two).
    if (
      !sender ||
      sender === account.wxid ||
      accounts.byWxid.has(sender) ||
      (await repo.isTenantAccount(db, account.tenantId, sender))
    ) {
      return 'ownAccount';
    }
    const now = this.deps.now();
    if (
      await repo.isRobotEcho(db, sender, account.wxid, ev.content, now - ROBOT_LIMITS.echoWindowMs)
    ) {
      return 'echo';
    }
    const outcome = await db.transaction(async (tx): Promise<TriggerOutcome> => {
      const g = await repo.hitGuards(tx, {
        ruleId: rule.id,
        workAccountId: account.id,
        contactWxid: sender,
        peerId: ev.peerId,
        coolingSince: now - rule.cooldownSec * 1000,
        minuteSince: now - 60_000,
        stormSince: now - ROBOT_LIMITS.stormWindowMs,
      });
      if (rule.cooldownSec > 0 && g.cooling) return 'cooling';
      if (g.lastMinute >= ROBOT_LIMITS.repliesPerMinute) return 'rateLimited';
      if (g.inConversation >= ROBOT_LIMITS.repliesPerConversation) return 'storm';
      const fresh = await repo.insertHit(tx, {
        tenantId: account.tenantId,
        ruleId: rule.id,
        workAccountId: account.id,
        msgId: ev.msgId,
        peerId: ev.peerId,
        contactWxid: sender,
        at: now,
      });
      if (!fresh) return 'duplicate';
      await repo.countHit(tx, account.tenantId, rule.id, now);
      await addJobs(
        tx,
        [
          {
            tenantId: account.tenantId,
            workAccountId: account.id,
            kind: 'reply',
            key: replyKey(rule.id, account.id, ev.msgId),
            payload: {
              ruleId: rule.id,
              msgId: ev.msgId,
              talkType: ev.talkType,
              peerId: ev.peerId,
              drafts: rule.drafts,
            },
            dueAt: now,
          },
        ],
        now,
      );
      return 'replied';
    });
    if (outcome === 'replied') await Scheduler.wake(this.deps, ROBOT_JOB);
    return outcome;
  }
}

/** The idempotency key of a rule's reply to a message of an account. */
export function replyKey(ruleId: string, accountId: string, msgId: string): string {
  return `reply:${ruleId}:${accountId}:${msgId}`;
}
