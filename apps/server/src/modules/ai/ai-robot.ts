import {
  AI_HANDOFF_EVENT,
  indexName,
  MSG_TYPE,
  normalizeKeywordText,
  type AiHandoffPush,
} from '@cst/shared';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import type { Uses } from '../../platform/deps.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import type { AccountRef } from '../accounts/index.ts';
import {
  type ConversationRow,
  convUpdatePush,
  type InboundStored,
  type MessageRow,
} from '../conversations/index.ts';
import { BusinessHoursService, isTenantAccount } from '../robots/index.ts';
import { setAssignee, setStatus } from '../service/index.ts';
import { textOf } from '../sensitive/index.ts';
import * as repo from './ai.repository.ts';
import { singleChat } from './ai-conversations.repository.ts';
import { queueReplies, unqueuedMessages, type ReplyAsk } from './ai-robot.repository.ts';

/** The scheduler job kind of the AI robot's replies. */
export const AI_ROBOT_JOB = 'ai-robot';
/** The bus channel on which "a tenant's AI robots changed" travels. */
export const AI_ROBOT_CHANNEL = 'ai_robot';
/** How long an account's robot settings are trusted before a re-read. */
const SETTINGS_TTL_MS = 10_000;
/** How often the catch-up looks for received messages whose decision was lost. */
export const CATCH_UP_EVERY_MS = 60_000;
/** The catch-up looks at messages this old at most (a later answer is worse than none) … */
export const CATCH_UP_FROM_MS = 10 * 60_000;
/** … and at least (younger ones are the store's own, just decided on). */
export const CATCH_UP_AFTER_MS = 15_000;
/** Most messages one catch-up takes. */
const CATCH_UP_LIMIT = 500;

/** The exactly-once key of the robot's answer to a message. */
export const aiReplyKey = (accountId: string, msgId: string) => `ai:${accountId}:${msgId}`;

/** A received message of a single chat, as stored, with its chat: what the robot decides on. */
interface Received {
  account: AccountRef;
  peerId: string;
  msgId: string;
  msgType: number;
  content: string;
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

/** What a decision changed, to be told once its transaction committed. */
interface Decided {
  /** Conversations handed over (open, unassigned), as updated. */
  convs: Map<string, ConversationRow>;
  /** Pushes to store in the decision's transaction (announced after its commit). */
  pushes: { tenantId: string; input: PushInput[] }[];
  /** Replies queued. */
  queued: number;
}

/** Whether a text holds one of the handoff keywords (case and width folded). */
export function wantsHuman(text: string, keywords: readonly string[]): boolean {
  const t = normalizeKeywordText(text);
  return keywords.some((k) => {
    const n = normalizeKeywordText(k.trim());
    return n !== '' && t.includes(n);
  });
}

/**
 * The AI robot's side of received messages (issue 33 §4): decides, once the store has a message
 * and inside the store's transaction (`inboundStored`), quickly and without calling the model,
 * whether it is for the robot; the answer itself is a robot job on the scheduler (ai-robot.job.ts),
 * so a slow or failing provider never holds the inbound pipeline. The job is queued in that same
 * transaction, keyed by the message, the batch's chats in one statement: a kill after the commit
 * leaves the job with its message, a kill before leaves neither (the platform passes the message
 * on again), and a message passed on twice is stored, and answered, once. Hands a chat over to the
 * seats on a handoff keyword, at its cap, or when a seat writes.
 *
 * The decision runs in a savepoint: when it fails, the messages are stored all the same and the
 * catch-up ({@link catchUp}, a periodic job) decides on them again a little later.
 */
export class AiRobot {
  private readonly settings = new FreshCache<repo.AiRobotRow | null>(SETTINGS_TTL_MS);
  private readonly providers = new FreshCache<boolean>(SETTINGS_TTL_MS);
  private readonly accounts = new FreshCache<boolean>(SETTINGS_TTL_MS);
  readonly hours: BusinessHoursService;
  /** Outcomes since start, of the messages the store handed over (tests, operations). */
  readonly stats = new Map<AiRobotOutcome, number>();
  /** Replies the catch-up queued since start (tests, operations). */
  caughtUp = 0;

  constructor(
    private readonly deps: Uses<'ai' | 'realtime' | 'robots' | 'runtime' | 'scheduler' | 'storage'>,
  ) {
    this.hours = new BusinessHoursService(deps);
  }

  /** Drops the cached settings (after a save here or on another instance). */
  forget(): void {
    this.settings.forget();
    this.providers.forget();
  }

  /**
   * An account's robot settings, cached a few seconds (every received message asks); read through
   * `db` (the store's transaction when it asks).
   */
  robotOf(accountId: string, db: DbOrTx = this.deps.db): Promise<repo.AiRobotRow | null> {
    return this.settings.get(accountId, () => repo.robotOf(db, accountId));
  }

  private count(o: AiRobotOutcome): AiRobotOutcome {
    this.stats.set(o, (this.stats.get(o) ?? 0) + 1);
    return o;
  }

  /**
   * The `inboundStored` handler: decides on the received messages of single chats, in the
   * store's transaction, and queues their replies there; the chats it handed over, as updated.
   */
  async onStored({ tx, convs, messages, push }: InboundStored): Promise<ConversationRow[]> {
    const chats = new Map(convs.filter((c) => c.talkType === 1).map((c) => [c.id, c]));
    const mine = messages.filter((m) => {
      if (m.msgId === null || m.msgType === MSG_TYPE.system || !chats.has(m.conversationId)) {
        return false;
      }
      // An account known to have no robot on costs nothing more (no savepoint).
      const known = this.settings.peek(m.workAccountId);
      return known === undefined || Boolean(known?.enabled);
    });
    if (mine.length === 0) return [];
    const received = mine.map((m) => receivedOf(m, chats.get(m.conversationId)!));
    let decided: Decided;
    try {
      decided = await tx.transaction((sp) => this.decideAll(sp, received, true));
    } catch (err) {
      // Stored all the same; the catch-up decides on them later.
      this.deps.log.error({ err }, 'the AI robot could not decide on stored messages');
      return [];
    }
    // Only now: a decision rolled back to its savepoint tells nothing.
    for (const p of decided.pushes) for (const input of p.input) push(p.tenantId, input);
    return [...decided.convs.values()];
  }

  /**
   * Decides on messages in `tx` and queues the replies decided on (a chat's newest message per
   * chat, in one statement); hands a chat at its cap over. `counted`: outcomes go to the stats.
   */
  private async decideAll(tx: Tx, list: Received[], counted: boolean): Promise<Decided> {
    const out: Decided = { convs: new Map(), pushes: [], queued: 0 };
    // A burst in a chat is one reply, to its newest message; the chat's state (handed over, at
    // its cap) is read as it is queued. Whether it echoes another robot is judged when it runs.
    const asks = new Map<string, { ask: ReplyAsk; account: AccountRef }>();
    for (const r of list) {
      // A platform's notice (a friend added, …) is not the contact writing: whatever the batch.
      if (r.msgType === MSG_TYPE.system) continue;
      const robot = await this.robotOf(r.account.id, tx);
      if (!robot?.enabled) continue;
      const o = await this.decide(tx, r, robot, out);
      if (counted) this.count(o);
      if (o !== 'queued') continue;
      asks.set(`${r.account.id}\n${r.peerId}`, {
        account: r.account,
        ask: {
          tenantId: r.account.tenantId,
          workAccountId: r.account.id,
          peerId: r.peerId,
          msgId: r.msgId,
          key: aiReplyKey(r.account.id, r.msgId),
          dueAt: this.deps.now() + robot.replyDelaySec * 1000,
          cap: robot.maxRepliesPerConversation,
        },
      });
    }
    if (asks.size === 0) return out;
    const rows = await queueReplies(
      tx,
      [...asks.values()].map((a) => a.ask),
      this.deps.now(),
    );
    for (const r of rows) {
      const a = asks.get(`${r.workAccountId}\n${r.peerId}`);
      if (!a) continue;
      if (r.queued) out.queued += 1;
      else if (!r.handedOver && r.replies >= a.ask.cap) {
        await this.handOverIn(tx, a.account, r.peerId, 'cap', out);
      }
    }
    return out;
  }

  private async decide(
    tx: Tx,
    r: Received,
    robot: repo.AiRobotRow,
    out: Decided,
  ): Promise<AiRobotOutcome> {
    const { account } = r;
    // Never the account itself or another work account of the tenant (their robots).
    if (r.peerId === account.wxid || (await this.isOwnAccount(tx, account.tenantId, r.peerId))) {
      return 'ownAccount';
    }
    const text = textOf(r.msgType, r.content) ?? '';
    if (text && wantsHuman(text, robot.handoffKeywords)) {
      // Once per chat: a chat handed over before stays so, and its seats are not told again.
      await this.handOverIn(tx, account, r.peerId, 'keyword', out);
      return 'handoff';
    }
    if (text && (await this.keywordMatches(tx, r))) return 'keyword';
    if (await this.hours.awayReplyNow(account.tenantId, account.id, tx)) return 'hours';
    if (!(await this.hasProvider(tx, account.tenantId))) return 'noProvider';
    return 'queued';
  }

  /**
   * Decides again on received messages that are their single chat's newest, a little old, and
   * that no reply job took — what a failed decision left — and queues their replies (at most once
   * per message: the job's key). Messages the robot meant not to answer (keyword rules, business
   * hours, …) are decided on the same way, so they stay unanswered. `at` is the time the check is
   * for (a periodic job's slot).
   */
  async catchUp(at: number): Promise<number> {
    const lost = await unqueuedMessages(
      this.deps.db,
      at - CATCH_UP_FROM_MS,
      at - CATCH_UP_AFTER_MS,
      CATCH_UP_LIMIT,
    );
    if (lost.length === 0) return 0;
    const decided = await this.deps.realtime.transaction(async (tx, push) => {
      const d = await this.decideAll(
        tx,
        lost.map((m) => ({
          account: { id: m.workAccountId, tenantId: m.tenantId, wxid: m.wxid },
          peerId: m.peerId,
          msgId: m.msgId,
          msgType: m.msgType,
          content: m.content,
        })),
        false,
      );
      for (const p of d.pushes) push(p.tenantId, p.input);
      return d;
    });
    this.caughtUp += decided.queued;
    return decided.queued;
  }

  /** Publishes what a committed decision changed; a failure is logged. */
  /** Whether a wxid is a work account of the tenant (cached a few seconds per wxid). */
  private isOwnAccount(tx: Tx, tenantId: string, wxid: string): Promise<boolean> {
    return this.accounts.get(`${tenantId}:${wxid}`, () => isTenantAccount(tx, tenantId, wxid));
  }

  /** Whether the tenant has an AI provider (cached a few seconds: every message asks). */
  private hasProvider(tx: Tx, tenantId: string): Promise<boolean> {
    return this.providers.get(tenantId, () => this.deps.ai.available(tenantId, tx));
  }

  /**
   * Whether a keyword rule answers the message (keyword rules win): the tenant's rules as the
   * keyword engine compiled them, whether or not the engine has seen the message yet.
   */
  private async keywordMatches(tx: Tx, r: Received): Promise<boolean> {
    if (r.msgType !== MSG_TYPE.text || !r.content) return false;
    const matcher = await this.deps.robots.engine.matcherIn(r.account.tenantId, tx);
    if (matcher.empty) return false;
    return matcher
      .match(r.content)
      .some(
        (rule) =>
          (rule.accountIds === null || rule.accountIds.has(r.account.id)) &&
          rule.talkTypes.has(1) &&
          !rule.mentionOnly,
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
    account: AccountRef,
    peerId: string,
    reason: AiHandoffPush['reason'],
  ): Promise<void> {
    await this.deps.realtime.transaction(async (tx, push) => {
      const decided: Decided = { convs: new Map(), pushes: [], queued: 0 };
      await this.handOverIn(tx, account, peerId, reason, decided);
      for (const p of decided.pushes) push(p.tenantId, p.input);
    });
  }

  /** {@link handOver} in a transaction: the chat as updated, and the pushes, into `out`. */
  private async handOverIn(
    tx: Tx,
    account: AccountRef,
    peerId: string,
    reason: AiHandoffPush['reason'],
    out: Decided,
  ): Promise<void> {
    const first = await repo.handOver(tx, {
      tenantId: account.tenantId,
      workAccountId: account.id,
      peerId,
      reason,
      at: this.deps.now(),
    });
    if (!first || reason === 'seat') return;
    const conv = await singleChat(tx, account.id, peerId);
    const rows: ConversationRow[] = [];
    if (conv) {
      const a = await setAssignee(tx, account.tenantId, [conv.id], null);
      const s = await setStatus(tx, account.tenantId, [conv.id], 'open', null);
      const row = s[0] ?? a[0];
      if (row) {
        rows.push(row);
        out.convs.set(row.id, row);
      }
    }
    const data: AiHandoffPush = {
      index_name: indexName(1, peerId, account.wxid),
      workWxid: account.wxid,
      peerId,
      reason,
    };
    out.pushes.push({
      tenantId: account.tenantId,
      input: [
        ...rows.map(convUpdatePush),
        { event: AI_HANDOFF_EVENT, data, workAccountId: account.id },
      ],
    });
  }
}

/** A stored received message of a single chat, with its chat's account, as the robot reads it. */
function receivedOf(m: MessageRow, conv: ConversationRow): Received {
  return {
    account: { id: conv.workAccountId, tenantId: conv.tenantId, wxid: conv.workWxid },
    peerId: conv.peerId,
    msgId: m.msgId!,
    msgType: m.msgType,
    content: m.content,
  };
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The AI robot of a server instance. */
    aiRobot: AiRobot;
  }
}
