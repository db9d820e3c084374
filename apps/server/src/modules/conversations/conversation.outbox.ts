import { randomUUID } from 'node:crypto';
import type { TalkType } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import type { ConversationRow, MessageRow } from './conversation.presenter.ts';
import { messagePush } from './conversation.push.ts';
import * as repo from './conversation.repository.ts';
import { sendableAccount, visibleAccount } from './conversation.scope.ts';
import { afterSendCommit } from './message-dispatch.service.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import { recordPushEvents } from '../webhooks/index.ts';
import { assertAccountCanSend } from './account-state.ts';

/**
 * Who a send is from: a seat (user id), a robot (its job), a mass-send task (the task) or an API
 * key, and its name now (stored with the message, so it outlives a renamed or deleted seat). A
 * seat's sends name the user; a robot's carry the robot flag, so robots never answer them.
 */
export interface Sender {
  kind: 'seat' | 'robot' | 'task' | 'api';
  id: string;
  /** The sender's name now (an API key's: the key's name); without one, 「API」 and the like. */
  name?: string;
}

/** The stored name of a sender that gave none. */
const UNNAMED: Record<Sender['kind'], string> = {
  seat: '',
  robot: '机器人',
  task: '群发任务',
  api: 'API',
};

/** The sender of a seat's console send: the signed-in user, by its nickname. */
export function seatSender(auth: { userId: string; nickname: string; username: string }): Sender {
  return { kind: 'seat', id: auth.userId, name: auth.nickname || auth.username };
}

/** Who a caller's sends are from: its API key (by the key's name) on the public API, else the seat. */
export function senderOf(auth: AuthContext): Sender {
  return auth.apiKeyId
    ? { kind: 'api', id: auth.apiKeyId, name: auth.apiKeyName }
    : seatSender(auth);
}

/** A console message to store and hand to the account's holder. */
export interface Draft {
  msgType: number;
  content: string;
  sendingUuid: string | null;
  fileUrl?: string | null;
  fileName?: string | null;
  fileLen?: number | null;
  fileMime?: string | null;
  media?: { width?: number; height?: number; durationMs?: number } | null;
  jpegThumbnail?: string | null;
  /** A quote's message: its platform id, preview and author's name. */
  ref?: { refMsgId: string; refContent: string; displayName: string } | null;
  /** Group members a text mentions (platform ids). */
  mentions?: string[] | null;
}

/** Where a message goes. */
export interface Destination {
  talkType: TalkType;
  peerId: string;
}

/** The work account a send goes out from. */
export interface SendAccount {
  id: string;
  tenantId: string;
  wxid: string;
}

/**
 * One message to store. Its idempotency key is the draft's `sendingUuid` (a repeat gives the
 * stored row back as a retry) or, without one, `requestId` (a repeat is not stored again).
 */
export interface OutboxSend {
  account: SendAccount;
  to: Destination;
  draft: Draft;
  requestId?: string;
  /** The conversation when the caller has it already (a quote looks it up first). */
  conversation?: ConversationRow;
}

/** What {@link enqueueMany} stored: every send's row (`retry` when stored before), in id order. */
export interface Enqueued {
  sent: { row: MessageRow; retry: boolean }[];
  /** The conversations of the sends by id, as updated. */
  conversations: Map<string, ConversationRow>;
}

/**
 * The one outbox: stores sends as console messages with `dispatch_state` pending and moves their
 * conversations' previews to the newest, all in the caller's transaction. After the commit the
 * caller calls {@link announceSends}: the dispatcher then hands each row to the platform with its
 * `request_id` as idempotency key, so a crash or a retry never loses or doubles a send.
 */
export async function enqueueMany(
  tx: Tx,
  sender: Sender,
  sends: OutboxSend[],
  now: number,
): Promise<Enqueued> {
  const convs = new Map<string, ConversationRow>();
  const keyOf = (s: OutboxSend) => repo.convKeyOf(s.account.id, s.to.talkType, s.to.peerId);
  for (const s of sends) if (s.conversation) convs.set(keyOf(s), s.conversation);
  const missing = sends.filter((s) => !convs.has(keyOf(s)));
  if (missing.length > 0) {
    const found = await repo.upsertConversations(
      tx,
      missing.map((s) => ({
        tenantId: s.account.tenantId,
        workAccountId: s.account.id,
        workWxid: s.account.wxid,
        talkType: s.to.talkType,
        peerId: s.to.peerId,
      })),
      now,
    );
    for (const [k, c] of found) convs.set(k, c);
  }
  const rowOf = (s: OutboxSend) => {
    const d = s.draft;
    return {
      tenantId: s.account.tenantId,
      conversationId: convs.get(keyOf(s))!.id,
      workAccountId: s.account.id,
      requestId: s.requestId ?? randomUUID(),
      sendingUuid: d.sendingUuid,
      msgType: d.msgType,
      sendSide: 1,
      content: d.content,
      fileUrl: d.fileUrl ?? null,
      fileName: d.fileName ?? null,
      fileLen: d.fileLen ?? null,
      fileMime: d.fileMime ?? null,
      media: d.media ?? null,
      jpegThumbnail: d.jpegThumbnail ?? null,
      refMsgId: d.ref?.refMsgId ?? null,
      refContent: d.ref?.refContent ?? null,
      displayName: d.ref?.displayName ?? null,
      senderUserId: sender.kind === 'seat' ? sender.id : null,
      senderKind: sender.kind,
      senderId: sender.id,
      senderName: sender.name || UNNAMED[sender.kind],
      robot: sender.kind === 'robot',
      mentions: d.mentions?.length ? d.mentions : null,
      dispatchState: 'pending' as const,
      msgTime: now,
    };
  };
  const sent: Enqueued['sent'] = [];
  for (const accountId of new Set(sends.map((s) => s.account.id))) {
    const mine = sends.filter((s) => s.account.id === accountId);
    const keyed = mine.filter((s) => !s.draft.sendingUuid && s.requestId);
    const byUuid = mine.filter((s) => !keyed.includes(s));
    if (byUuid.length > 0)
      sent.push(...(await repo.insertConsoleSends(tx, accountId, byUuid.map(rowOf))));
    if (keyed.length > 0) {
      for (const row of await repo.insertKeyedSends(tx, keyed.map(rowOf))) {
        sent.push({ row, retry: false });
      }
    }
  }
  sent.sort((a, b) => a.row.id - b.row.id);
  // Each conversation's preview is its newest message of the batch.
  const last = new Map<string, MessageRow>();
  for (const s of sent) if (!s.retry) last.set(s.row.conversationId, s.row);
  const byId = new Map<string, ConversationRow>();
  for (const c of convs.values()) byId.set(c.id, c);
  for (const c of await repo.touchConversations(tx, [...last.values()], now)) byId.set(c.id, c);
  await recordPushEvents(tx, sentPushes(sent, byId), now);
  return { sent, conversations: byId };
}

/** The pushes of newly stored sends by tenant (the open platform's `message.sent`). */
function sentPushes(sent: Enqueued['sent'], convs: Map<string, ConversationRow>) {
  return sent
    .filter((s) => !s.retry)
    .map((s): [string, PushInput[]] => [
      s.row.tenantId,
      [messagePush(s.row, convs.get(s.row.conversationId)!)],
    ]);
}

/**
 * After the commit of {@link enqueueMany}: pushes the new messages to the consoles and wakes the
 * account's holder (never failing: a lost wake-up is found by the holder's sweep).
 */
export async function announceSends(
  deps: Uses<'realtime'>,
  account: { tenantId: string; wxid: string },
  stored: Enqueued,
): Promise<void> {
  const fresh = stored.sent.filter((s) => !s.retry).map((s) => s.row);
  if (fresh.length === 0) return;
  await afterSendCommit(
    deps,
    account,
    fresh.map((r) => messagePush(r, stored.conversations.get(r.conversationId)!)),
  );
}

/** A work account row. */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof repo.accountByWxid>>>;

/** The peer of a send (lets a seat serving a transferred chat send through its account). */
type Peer = { receiver_id: string; talkType: number };

/**
 * Rich sends of seats and robots through the outbox: checks the account, stores the drafts of one
 * conversation in order ({@link enqueueMany}) and announces them.
 */
export class Outbox {
  constructor(private readonly deps: Uses<'realtime'>) {}

  /** A work account the caller sees (404) that is online (409). */
  async onlineAccount(auth: AuthContext, workWxid: string, peer?: Peer): Promise<AccountRow> {
    const account = await this.visibleAccount(auth, workWxid, peer);
    assertAccountCanSend(account);
    return account;
  }

  /**
   * A work account the caller sees, else 404; with the peer, also the account of a chat the caller
   * serves after a transfer.
   */
  async visibleAccount(auth: AuthContext, workWxid: string, peer?: Peer): Promise<AccountRow> {
    if (peer) return sendableAccount(this.deps.db, auth, { workWxid, ...peer });
    return (await visibleAccount(this.deps.db, auth, workWxid)).account;
  }

  /** Stores drafts as console messages of one conversation, in order, and announces them. */
  async enqueue(
    auth: AuthContext,
    account: AccountRow,
    to: Destination,
    drafts: Draft[],
  ): Promise<{ rows: MessageRow[]; conv: ConversationRow }> {
    return this.enqueueAs(senderOf(auth), account, to, drafts);
  }

  /**
   * Stores drafts of a seat or a robot. Drafts whose `sendingUuid` is stored already are not
   * stored again: a robot's retry never sends twice.
   */
  async enqueueAs(
    sender: Sender,
    account: SendAccount,
    to: Destination,
    drafts: Draft[],
  ): Promise<{ rows: MessageRow[]; conv: ConversationRow }> {
    const stored = await this.deps.db.transaction((tx) =>
      enqueueMany(
        tx,
        sender,
        drafts.map((draft) => ({ account, to, draft })),
        this.deps.now(),
      ),
    );
    await announceSends(this.deps, account, stored);
    const conv = [...stored.conversations.values()][0]!;
    return { rows: stored.sent.map((s) => s.row), conv };
  }
}
