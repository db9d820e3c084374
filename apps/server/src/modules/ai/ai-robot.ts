import {
  AI_HANDOFF_EVENT,
  indexName,
  MSG_TYPE,
  normalizeKeywordText,
  type AiHandoffPush,
} from '@cst/shared';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import type { AccountRef } from '../accounts/index.ts';
import { type ConversationRow, type MessageRow, convUpdatePush } from '../conversations/index.ts';
import { BusinessHoursService, robotsOf, isTenantAccount } from '../robots/index.ts';
import { setAssignee, setStatus } from '../service/index.ts';
import { textOf } from '../sensitive/index.ts';
import { aiOf } from './ai.provider.ts';
import * as repo from './ai.repository.ts';
import { singleChat } from './ai-conversations.repository.ts';
import {
  queueReplies,
  unqueuedMessages,
  type ReplyAsk,
  type ReplyQueued,
} from './ai-robot.repository.ts';

/** The scheduler job kind of the AI robot's replies. */
export const AI_ROBOT_JOB = 'ai-robot';
/** The bus channel on which "a tenant's AI robots changed" travels. */
export const AI_ROBOT_CHANNEL = 'ai_robot';
/** How long an account's robot settings are trusted before a re-read. */
const SETTINGS_TTL_MS = 10_000;
/** How long a decided reply waits in memory for the rest of its chat's burst (at most). */
export const REPLY_FLUSH_MS = 200;
/** Chats waiting that make the queue write at once. */
const REPLY_FLUSH_MAX = 500;
/** How often the catch-up looks for received messages whose reply was lost with a process. */
export const CATCH_UP_EVERY_MS = 60_000;
/** The catch-up looks at messages this old at most (a later answer is worse than none) … */
export const CATCH_UP_FROM_MS = 10 * 60_000;
/** … and at least (younger ones may still be waiting in their holder's memory). */
export const CATCH_UP_AFTER_MS = 15_000;
/** Most messages one catch-up takes. */
const CATCH_UP_LIMIT = 500;

/** The exactly-once key of the robot's answer to a message. */
export const aiReplyKey = (accountId: string, msgId: string) => `ai:${accountId}:${msgId}`;

/** The fields of a received message the robot decides on. */
type Received = Pick<
  InboundMessageEvent,
  'talkType' | 'fromSelf' | 'peerId' | 'msgId' | 'msgType' | 'content'
>;

/** A reply decided on, waiting in memory to be queued with others. */
interface Waiting {
  ask: ReplyAsk;
  account: AccountRef;
}

/** What the robot decided about one received message (tests read it). */
export type AiRobotOutcome =
  | 'none'
  | 'queued'
  | 'handoff'
  | 'handedOver'
  | 'keyword'
  | 'cap'
  | 'hours'
  | 'ownAccount'
  | 'echo'
  | 'noProvider';

/** Whether a text holds one of the handoff keywords (case and width folded). */
export function wantsHuman(text: string, keywords: readonly string[]): boolean {
  const t = normalizeKeywordText(text);
  return keywords.some((k) => {
    const n = normalizeKeywordText(k.trim());
    return n !== '' && t.includes(n);
  });
}

/**
 * The AI robot's side of received messages (issue 33 §4): decides on the inbound path, quickly and
 * without calling the model, whether a message is for the robot; the answer itself is a robot job
 * on the scheduler (ai-robot.job.ts), so a slow or failing provider never holds the inbound
 * pipeline. Hands a chat over to the seats on a handoff keyword, at its cap, or when a seat writes.
 *
 * A reply decided on waits in memory a moment ({@link REPLY_FLUSH_MS}, or until the scheduler's
 * next round) keyed by chat, so a burst in a chat is one entry; the replies waiting are queued in
 * one statement ({@link flush}). What a killed process held there is found again by the catch-up
 * ({@link catchUp}, a periodic job): the message itself was stored by the ingest.
 */
export class AiRobot {
  private readonly settings = new FreshCache<repo.AiRobotRow | null>(SETTINGS_TTL_MS);
  private readonly providers = new FreshCache<boolean>(SETTINGS_TTL_MS);
  private readonly accounts = new FreshCache<boolean>(SETTINGS_TTL_MS);
  readonly hours: BusinessHoursService;
  /** Outcomes since start (tests, operations). */
  readonly stats = new Map<AiRobotOutcome, number>();
  /** Replies the catch-up queued since start (tests, operations). */
  caughtUp = 0;
  /** Replies decided on and not queued yet, by chat (`account id`, `peer`). */
  private waiting = new Map<string, Waiting>();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: Deps) {
    this.hours = new BusinessHoursService(deps);
  }

  /** Drops the cached settings (after a save here or on another instance). */
  forget(): void {
    this.settings.forget();
    this.providers.forget();
  }

  /** An account's robot settings, cached a few seconds (every received message asks). */
  robotOf(accountId: string): Promise<repo.AiRobotRow | null> {
    return this.settings.get(accountId, () => repo.robotOf(this.deps.db, accountId));
  }

  private count(o: AiRobotOutcome): AiRobotOutcome {
    this.stats.set(o, (this.stats.get(o) ?? 0) + 1);
    return o;
  }

  /** The account's handler of received messages. */
  async onMessage(ev: InboundMessageEvent, account: AccountRef): Promise<AiRobotOutcome> {
    if (ev.talkType !== 1 || ev.fromSelf) return 'none';
    const robot = await this.robotOf(account.id);
    if (!robot?.enabled) return 'none';
    return this.count(await this.decide(ev, account, robot));
  }

  private async decide(
    ev: Received,
    account: AccountRef,
    robot: repo.AiRobotRow,
  ): Promise<AiRobotOutcome> {
    // Never the account itself or another work account of the tenant (their robots).
    if (ev.peerId === account.wxid || (await this.isOwnAccount(account.tenantId, ev.peerId))) {
      return 'ownAccount';
    }
    const text = textOf(ev.msgType, ev.content) ?? '';
    if (text && wantsHuman(text, robot.handoffKeywords)) {
      // Once per chat: a chat handed over before stays so, and its seats are not told again.
      await this.handOver(account, ev.peerId, 'keyword');
      return 'handoff';
    }
    if (text && (await this.keywordMatches(ev, account))) return 'keyword';
    if (await this.hours.awayReplyNow(account.tenantId, account.id)) return 'hours';
    if (!(await this.hasProvider(account.tenantId))) return 'noProvider';
    // The chat's reply waits in memory with the others (a burst in a chat is one entry, the
    // newest message); the chat's state (handed over, at its cap) is read when they are queued.
    // No wake-up: the scheduler's next round claims it, while the model takes seconds anyway.
    // Whether it echoes another robot is judged when it runs.
    const key = `${account.id}\n${ev.peerId}`;
    this.waiting.set(key, {
      account,
      ask: {
        tenantId: account.tenantId,
        workAccountId: account.id,
        peerId: ev.peerId,
        msgId: ev.msgId,
        key: aiReplyKey(account.id, ev.msgId),
        dueAt: this.deps.now() + robot.replyDelaySec * 1000,
        cap: robot.maxRepliesPerConversation,
      },
    });
    if (this.waiting.size >= REPLY_FLUSH_MAX) void this.flushLogged();
    else this.timer ??= setTimeout(() => void this.flushLogged(), REPLY_FLUSH_MS).unref();
    return 'queued';
  }

  /** Replies decided on and not queued yet (tests, operations). */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /**
   * Queues the replies waiting in one statement (one flush at a time); a chat at its cap is
   * handed over. On a failure the replies wait for the next flush (unless a newer message of the
   * chat replaced them) and the error is the caller's.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    const run = this.write(batch);
    this.flushing = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      await run;
    } finally {
      this.flushing = null;
    }
  }

  /** {@link flush} from a timer or the scheduler's upkeep: a failure is logged. */
  async flushLogged(): Promise<void> {
    try {
      await this.flush();
    } catch (err) {
      this.deps.log.error({ err }, 'queueing AI robot replies failed');
    }
  }

  /** Forgets the replies waiting without queueing them (tests: what a killed process loses). */
  dropWaiting(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting = new Map();
  }

  private async write(batch: Map<string, Waiting>): Promise<void> {
    let out: ReplyQueued[];
    try {
      out = await queueReplies(
        this.deps.db,
        [...batch.values()].map((w) => w.ask),
        this.deps.now(),
      );
    } catch (err) {
      for (const [k, w] of batch) if (!this.waiting.has(k)) this.waiting.set(k, w);
      throw err;
    }
    for (const r of out) {
      const w = batch.get(`${r.workAccountId}\n${r.peerId}`);
      if (!w || r.handedOver || r.queued || r.replies < w.ask.cap) continue;
      try {
        await this.handOver(w.account, r.peerId, 'cap');
      } catch (err) {
        this.deps.log.error({ err }, 'handing a chat over at the AI robot cap failed');
      }
    }
  }

  /**
   * Decides again on received messages that are their single chat's newest, a little old, and
   * that no reply job took — what a process killed between a message and the queueing of its
   * reply lost — and queues their replies (at most once per message: the job's key). Messages the
   * robot meant not to answer (keyword rules, business hours, …) are decided on the same way, so
   * they stay unanswered. `at` is the time the check is for (a periodic job's slot).
   */
  async catchUp(at: number): Promise<number> {
    const lost = await unqueuedMessages(
      this.deps.db,
      at - CATCH_UP_FROM_MS,
      at - CATCH_UP_AFTER_MS,
      CATCH_UP_LIMIT,
    );
    let queued = 0;
    for (const m of lost) {
      const robot = await this.robotOf(m.workAccountId);
      if (!robot?.enabled) continue;
      const account = { id: m.workAccountId, tenantId: m.tenantId, wxid: m.wxid };
      const ev = {
        talkType: 1 as const,
        fromSelf: false,
        peerId: m.peerId,
        msgId: m.msgId,
        msgType: m.msgType as Received['msgType'],
        content: m.content,
      };
      if ((await this.decide(ev, account, robot)) === 'queued') queued += 1;
    }
    await this.flush();
    this.caughtUp += queued;
    return queued;
  }

  /** Whether a wxid is a work account of the tenant (cached a few seconds per wxid). */
  private isOwnAccount(tenantId: string, wxid: string): Promise<boolean> {
    return this.accounts.get(`${tenantId}:${wxid}`, () =>
      isTenantAccount(this.deps.db, tenantId, wxid),
    );
  }

  /** Whether the tenant has an AI provider (cached a few seconds: every message asks). */
  private hasProvider(tenantId: string): Promise<boolean> {
    return this.providers.get(tenantId, async () =>
      Boolean((await aiOf(this.deps).resolve(tenantId)).provider),
    );
  }

  /** Whether a keyword rule answers the message (keyword rules win). */
  private async keywordMatches(ev: Received, account: AccountRef): Promise<boolean> {
    if (ev.msgType !== MSG_TYPE.text || !ev.content) return false;
    const matcher = await robotsOf(this.deps).engine.matcherOf(account.tenantId);
    if (matcher.empty) return false;
    return matcher
      .match(ev.content)
      .some(
        (r) =>
          (r.accountIds === null || r.accountIds.has(account.id)) &&
          r.talkTypes.has(ev.talkType) &&
          !r.mentionOnly,
      );
  }

  /** A seat's send in a single chat: the robot stops there. */
  async onSeatMessage(row: MessageRow, conv: ConversationRow): Promise<void> {
    if (conv.talkType !== 1 || row.senderKind !== 'seat') return;
    const robot = await this.robotOf(conv.workAccountId);
    if (!robot?.enabled) return;
    await repo.handOver(this.deps.db, {
      tenantId: conv.tenantId,
      workAccountId: conv.workAccountId,
      peerId: conv.peerId,
      reason: 'seat',
      at: this.deps.now(),
    });
  }

  /**
   * Hands a chat to the seats: the robot stops there; on a keyword or at the cap the chat becomes
   * open and unassigned and the seats who see the account are told (`aiHandoff`), once.
   */
  async handOver(
    account: { id: string; tenantId: string; wxid: string },
    peerId: string,
    reason: AiHandoffPush['reason'],
  ): Promise<void> {
    const db = this.deps.db;
    const changed = await db.transaction(async (tx) => {
      const first = await repo.handOver(tx, {
        tenantId: account.tenantId,
        workAccountId: account.id,
        peerId,
        reason,
        at: this.deps.now(),
      });
      if (!first || reason === 'seat') return null;
      const conv = await singleChat(tx, account.id, peerId);
      if (!conv) return { rows: [] as ConversationRow[] };
      const a = await setAssignee(tx, account.tenantId, [conv.id], null);
      const s = await setStatus(tx, account.tenantId, [conv.id], 'open', null);
      return { rows: [...a, ...s].length > 0 ? [s[0] ?? a[0]!] : [] };
    });
    if (!changed) return;
    const hub = realtimeOf(this.deps);
    const data: AiHandoffPush = {
      index_name: indexName(1, peerId, account.wxid),
      workWxid: account.wxid,
      peerId,
      reason,
    };
    await hub.publish(account.tenantId, [
      ...changed.rows.map(convUpdatePush),
      { event: AI_HANDOFF_EVENT, data, workAccountId: account.id },
    ]);
  }
}

const robots = new WeakMap<Deps, AiRobot>();
/** The AI robot of a server instance. */
export function aiRobotOf(deps: Deps): AiRobot {
  let r = robots.get(deps);
  if (!r) robots.set(deps, (r = new AiRobot(deps)));
  return r;
}
