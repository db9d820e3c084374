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
import { queueReply } from './ai-robot.repository.ts';

/** The scheduler job kind of the AI robot's replies. */
export const AI_ROBOT_JOB = 'ai-robot';
/** The bus channel on which "a tenant's AI robots changed" travels. */
export const AI_ROBOT_CHANNEL = 'ai_robot';
/** How long an account's robot settings are trusted before a re-read. */
const SETTINGS_TTL_MS = 10_000;

/** The exactly-once key of the robot's answer to a message. */
export const aiReplyKey = (accountId: string, msgId: string) => `ai:${accountId}:${msgId}`;

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
 */
export class AiRobot {
  private readonly settings = new FreshCache<repo.AiRobotRow | null>(SETTINGS_TTL_MS);
  private readonly providers = new FreshCache<boolean>(SETTINGS_TTL_MS);
  private readonly accounts = new FreshCache<boolean>(SETTINGS_TTL_MS);
  readonly hours: BusinessHoursService;
  /** Outcomes since start (tests, operations). */
  readonly stats = new Map<AiRobotOutcome, number>();

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
    ev: InboundMessageEvent,
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
    // One statement: the chat's state, and the reply queued (or folded into the one waiting)
    // unless handed over or at its cap. No wake-up: the scheduler's next poll (a second) claims
    // it, while the model takes seconds anyway; a wake per received message would run claim
    // rounds back to back in a burst. Whether it echoes another robot is judged when it runs.
    const now = this.deps.now();
    const out = await queueReply(this.deps.db, {
      tenantId: account.tenantId,
      workAccountId: account.id,
      peerId: ev.peerId,
      msgId: ev.msgId,
      key: aiReplyKey(account.id, ev.msgId),
      dueAt: now + robot.replyDelaySec * 1000,
      now,
      cap: robot.maxRepliesPerConversation,
    });
    if (out.handedOver) return 'handedOver';
    if (!out.queued && out.replies >= robot.maxRepliesPerConversation) {
      await this.handOver(account, ev.peerId, 'cap');
      return 'cap';
    }
    return 'queued';
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
  private async keywordMatches(ev: InboundMessageEvent, account: AccountRef): Promise<boolean> {
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
