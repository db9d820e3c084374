import { randomUUID } from 'node:crypto';
import {
  MESSAGE_WINDOW_MS,
  messagePreview,
  parseBulkRequestId,
  type ConvMessagesResult,
  MSG_TYPE,
  type ConvListBody,
  type ConversationItem,
  type MessageItem,
  type SendTextBody,
  type UnreadSummary,
} from '@cst/shared';
import { type AppError, fail } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import {
  presentConversation,
  presentMessage,
  type ConversationRow,
} from './conversation.presenter.ts';
import * as repo from './conversation.repository.ts';
import {
  convScopeOf,
  scopeHas,
  scopeHasConv,
  sendableAccount,
  visibleAccount,
  visibleAccountIn,
} from './conversation.scope.ts';
import { visibleConversation, visibleConversationWithPage } from './message-access.ts';
import { callHolder, platformRefusal, type RefusalTable } from './holder-call.ts';
import type { MessageDispatcher } from './message-dispatch.service.ts';
import { convUpdatePush, syncReadPush } from './conversation.push.ts';
import { announceSends, enqueueMany, senderOf, type Draft } from './conversation.outbox.ts';
import { mergeNotes, type NoteService } from './conversation-note.service.ts';
import { guardSend } from './send-guard.ts';
import { assertAccountCanSend } from './account-state.ts';

/** Conversations and messages as a seat reads and writes them. */
export class ConversationService {
  constructor(
    private readonly deps: Uses<'realtime' | 'runtime' | 'sendGuards'>,
    private readonly dispatcher: MessageDispatcher,
    private readonly notes: NoteService,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** A visible work account by platform id, else 404. */
  private visibleAccount(auth: AuthContext, wxid: string) {
    return visibleAccount(this.db, auth, wxid);
  }

  /** A visible conversation by index_name, else 404. */
  async conversationOf(auth: AuthContext, indexNameValue: string): Promise<ConversationRow> {
    return (await visibleConversation(this.db, auth, indexNameValue)).conv;
  }

  /** The conversation list in one of its modes (API.md). */
  async list(auth: AuthContext, body: ConvListBody, extra: { updatedSince?: number } = {}) {
    const scope = await convScopeOf(this.db, auth);
    const filter: repo.ListFilter = {
      keyword: body.keyword || undefined,
      talkType: body.talkType,
      tagIds: body.tagIds?.length ? body.tagIds : undefined,
    };
    if (extra.updatedSince !== undefined) filter.updatedSince = extra.updatedSince;
    // The account is narrowed to inside the list query; its visibility is checked on its own only
    // when the page comes back empty (an unknown or hidden account is 404, as everywhere).
    if (body.workWxid) filter.workWxid = body.workWxid;
    // The inbox views: mine and unassigned leave resolved chats out unless a status is asked.
    if (body.assignee) {
      filter.assignee =
        body.assignee === 'me'
          ? auth.userId
          : body.assignee === 'unassigned'
            ? null
            : body.assignee;
      if (!body.status) filter.activeOnly = true;
    }
    if (body.status) filter.status = body.status;
    // 全部 is for those who may see all chats (issue 31): others see theirs and the unassigned.
    if (!auth.permissions.has('conversation.assign') && body.assignee !== 'unassigned') {
      filter.mineOrFree = auth.userId;
    }
    switch (body.mode) {
      case 'account':
        if (!filter.workWxid) throw fail.invalid('workAccountRequired');
        break;
      case 'aggregated':
        break;
      case 'unread':
        filter.unreadOnly = true;
        break;
      case 'pinned':
        filter.pinnedOnly = true;
        break;
      case 'custom':
        if (!body.sessionGroupId) throw fail.invalid('sessionGroupRequired');
        await this.ownGroup(auth, body.sessionGroupId);
        filter.sessionGroupId = body.sessionGroupId;
        break;
    }
    const { rows, total } = await repo.listConversations(
      this.db,
      scope,
      filter,
      body.page,
      body.pageSize,
    );
    if (rows.length === 0 && body.workWxid) await visibleAccountIn(this.db, scope, body.workWxid);
    // A chat served through a transfer names its account, which the seat's list does not hold.
    const served = [...new Set(rows.filter((r) => r.servedBy).map((r) => r.workWxid))];
    const cards = new Map(
      (await repo.accountCards(this.db, scope.tenantId, served))
        .filter((a) => !scopeHas(scope, a.id))
        .map((a) => [a.wxid, a]),
    );
    const list = rows.map((r) => {
      const item = presentConversation(r);
      const card = cards.get(r.workWxid);
      return card
        ? {
            ...item,
            workAccount: {
              nickname: card.nickname,
              remark: card.remark,
              avatar: card.avatar,
            },
          }
        : item;
    });
    return { list, total };
  }

  /** A page of messages, oldest first, of the last month. */
  async messages(
    auth: AuthContext,
    indexNameValue: string,
    before: number | null,
    limit: number,
  ): Promise<{ list: MessageItem[]; hasMore: boolean }> {
    const since = this.deps.now() - MESSAGE_WINDOW_MS;
    // The chat's notes come with the page: those between the oldest message shown (none older:
    // the window) and `before`.
    const { conv, rows, notes } = await visibleConversationWithPage(this.db, auth, indexNameValue, {
      before,
      since,
      limit: limit + 1,
    });
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    const list = page.map((r) => presentMessage(r, conv));
    return { list: mergeNotes(conv, list, notes), hasMore };
  }

  /**
   * The page around a message (a history hit): the message, up to half the page of older ones
   * before it and the rest newer ones after it. A message the conversation does not show (older
   * than the window, hidden, or of another conversation) gives the latest page, `anchored: false`.
   */
  async messagesAround(
    auth: AuthContext,
    indexNameValue: string,
    anchorId: number,
    limit: number,
  ): Promise<ConvMessagesResult> {
    const conv = await this.conversationOf(auth, indexNameValue);
    const since = this.deps.now() - MESSAGE_WINDOW_MS;
    const message = await repo.shownMessage(this.db, conv.id, anchorId, since);
    // A mention opens the chat at a note: the page is built around the note's id.
    const anchor = message ? presentMessage(message, conv) : await this.notes.note(conv, anchorId);
    if (!anchor) {
      const latest = await this.messages(auth, indexNameValue, null, limit);
      return { ...latest, hasNewer: false, anchored: false };
    }
    // Half the page on each side; near either end the other side fills the page.
    const [older, newer] = await Promise.all([
      repo.messagesPage(this.db, conv.id, anchorId, since, limit),
      repo.messagesAfter(this.db, conv.id, anchorId, since, limit),
    ]);
    const olderTake = Math.min(
      older.length,
      Math.max(Math.floor(limit / 2), limit - 1 - newer.length),
    );
    const newerTake = Math.min(newer.length, limit - 1 - olderTake);
    const olderShown = older.slice(0, olderTake).reverse();
    const newerShown = newer.slice(0, newerTake);
    const hasMore = older.length > olderTake;
    const hasNewer = newer.length > newerTake;
    const list = [
      ...olderShown.map((r) => presentMessage(r, conv)),
      ...newerShown.map((r) => presentMessage(r, conv)),
    ];
    const after = hasMore ? (olderShown[0]?.id ?? anchorId) : null;
    const before = hasNewer ? (newerShown.at(-1)?.id ?? anchorId) : null;
    const withNotes = await this.notes.withNotes(conv, list, after, before, since);
    // A message anchor is not among the notes: put it in its place.
    const all = message ? [...withNotes, anchor] : withNotes;
    all.sort((a, b) => Number(a.messageId) - Number(b.messageId));
    return { list: all, hasMore, hasNewer, anchored: true };
  }

  /** The page after a message, oldest first (scrolling down from a history hit to the latest). */
  async messagesAfter(
    auth: AuthContext,
    indexNameValue: string,
    after: number,
    limit: number,
  ): Promise<ConvMessagesResult> {
    const conv = await this.conversationOf(auth, indexNameValue);
    const since = this.deps.now() - MESSAGE_WINDOW_MS;
    const rows = await repo.messagesAfter(this.db, conv.id, after, since, limit + 1);
    const page = rows.slice(0, limit);
    const first = page[0]?.id ?? after + 1;
    const older = await repo.messagesPage(this.db, conv.id, first, since, 1);
    const hasNewer = rows.length > limit;
    const list = page.map((r) => presentMessage(r, conv));
    const before = hasNewer ? page.at(-1)!.id : null;
    return {
      list: await this.notes.withNotes(conv, list, after, before, since),
      hasMore: older.length > 0,
      hasNewer,
    };
  }

  /** Stores a text (or quote) message and hands it to the account's holder. */
  async sendText(
    auth: AuthContext,
    body: SendTextBody,
  ): Promise<{ messageId: string; requestId: string }> {
    const account = await sendableAccount(this.db, auth, body);
    assertAccountCanSend(account);
    await guardSend(this.deps, {
      tenantId: account.tenantId,
      text: body.content,
      confirmed: body.confirmSensitive === true,
    });
    const to = { talkType: body.talkType, peerId: body.receiver_id };
    const stored = await this.db.transaction(async (tx) => {
      let draft: Draft = {
        msgType: MSG_TYPE.text,
        content: body.content,
        sendingUuid: body.sendingUUid,
        // Mentions are a group's: a single chat has nobody else to mention.
        mentions: body.talkType === 2 ? (body.mentions ?? null) : null,
      };
      let conversation: ConversationRow | undefined;
      if (body.refMsgId) {
        conversation = await repo.ensureConversation(tx, {
          tenantId: account.tenantId,
          workAccountId: account.id,
          workWxid: account.wxid,
          ...to,
        });
        const ref = await this.quoted(tx, conversation, body.refMsgId);
        draft = {
          ...draft,
          msgType: MSG_TYPE.quote,
          content: JSON.stringify({ content: body.content, ...ref }),
          ref,
        };
      }
      const sender = senderOf(auth);
      return enqueueMany(tx, sender, [{ account, to, draft, conversation }], this.deps.now());
    });
    await announceSends(this.deps, account, stored);
    const row = stored.sent[0]!.row;
    return { messageId: String(row.id), requestId: row.requestId! };
  }

  /** The quoted message of a conversation by platform msgId (or console messageId). */
  private async quoted(tx: Tx, conv: ConversationRow, ref: string) {
    let target = await repo.findByMsgId(tx, conv.workAccountId, ref);
    if (!target && /^\d{1,15}$/.test(ref)) {
      const byId = await repo.findMessage(tx, conv.tenantId, Number(ref));
      if (byId?.conversationId === conv.id) target = byId;
    }
    if (!target || target.conversationId !== conv.id || !target.msgId) {
      throw fail.notFound('messageNotFound');
    }
    const text = messagePreview(target.msgType, target.content, target.fileName);
    return {
      refMsgId: target.msgId,
      refContent: text,
      displayName:
        target.sendSide === 1
          ? ''
          : target.memberName || conv.remark || conv.nickname || conv.peerId,
    };
  }

  /** Sends a failed console message again (same row, a new requestId). */
  async resend(auth: AuthContext, messageId: number) {
    const row = await this.ownMessage(auth, messageId);
    if (!row.failed) throw fail.conflict('messageNotFound');
    // A mass send's failure its task sent again (失败重发) is not sent a third time.
    const task = parseBulkRequestId(row.requestId);
    if (task && (await repo.hasLaterRound(this.db, row.workAccountId, task))) {
      throw fail.conflict('messageResentByTask');
    }
    const account = await this.accountRow(row.tenantId, row.workAccountId);
    assertAccountCanSend(account);
    const requestId = randomUUID();
    await repo.resetForResend(this.db, row.id, requestId);
    await this.dispatcher.announce(account.wxid);
    return { messageId: String(row.id), requestId };
  }

  /** A work account of the tenant by id, else 404. */
  private async accountRow(tenantId: string, id: string) {
    const account = await repo.accountById(this.db, tenantId, id);
    if (!account) throw fail.notFound('workAccountNotFound');
    return account;
  }

  /** A console message of a visible conversation. */
  private async ownMessage(auth: AuthContext, messageId: number) {
    const scope = await convScopeOf(this.db, auth);
    const row = await repo.findMessage(this.db, scope.tenantId, messageId);
    if (!row) throw fail.notFound('messageNotFound');
    if (
      !scopeHasConv(scope, {
        id: row.conversationId,
        workAccountId: row.workAccountId,
      })
    ) {
      throw fail.notFound('messageNotFound');
    }
    if (row.sendSide !== 1) throw fail.forbidden('revokeOwnOnly');
    return row;
  }

  /** Revokes a message the operator sent; the platform's `revoked` event updates every screen. */
  async revoke(auth: AuthContext, messageId: number): Promise<null> {
    const row = await this.ownMessage(auth, messageId);
    if (row.revoked) return null;
    if (!row.msgId || row.failed) throw fail.conflict('revokeNotSent');
    const account = await this.accountRow(row.tenantId, row.workAccountId);
    try {
      await callHolder(this.deps, account.wxid, {
        name: 'revoke',
        msgId: row.msgId,
      });
    } catch (err) {
      throw gatewayFailure(err);
    }
    return null;
  }

  /** Pins or unpins a conversation for everyone who sees it. */
  async pin(auth: AuthContext, indexNameValue: string, isPin: boolean): Promise<null> {
    const conv = await this.conversationOf(auth, indexNameValue);
    await this.deps.realtime.transaction(async (tx, push) => {
      const updated = await repo.setPinned(tx, conv.id, isPin);
      if (updated) push(conv.tenantId, convUpdatePush(updated));
    });
    return null;
  }

  /** Clears unread: one conversation, one account (mode 1) or everything visible (other modes). */
  async read(
    auth: AuthContext,
    body: { index_name?: string; mode?: number; workWxid?: string },
  ): Promise<{ cleared: number }> {
    let target: repo.ReadTarget;
    if (body.index_name) {
      const conv = await this.conversationOf(auth, body.index_name);
      target = { conversationId: conv.id };
    } else if (body.mode === 1 && body.workWxid) {
      const { account } = await this.visibleAccount(auth, body.workWxid);
      target = { workAccountId: account.id };
    } else {
      target = { scope: await convScopeOf(this.db, auth) };
    }
    const cleared = await this.deps.realtime.transaction(async (tx, push) => {
      const rows = await repo.clearUnreadOf(tx, target);
      if (rows.length > 0) push(rows[0]!.tenantId, rows.map(syncReadPush));
      return rows;
    });
    if (cleared.length > 0) void this.markReadOnPlatform(cleared);
    return { cleared: cleared.length };
  }

  private async markReadOnPlatform(cleared: ConversationRow[]): Promise<void> {
    for (const c of cleared.slice(0, 50)) {
      const peer = {
        workWxid: c.workWxid,
        peerId: c.peerId,
        talkType: c.talkType === 2 ? 2 : 1,
      } as const;
      await callHolder(this.deps, c.workWxid, { name: 'markRead', peer }).catch(() => undefined);
    }
  }

  /** Unread per visible work account and in total. */
  async unread(auth: AuthContext): Promise<UnreadSummary> {
    const scope = await convScopeOf(this.db, auth);
    const map = await repo.unreadByAccount(this.db, scope);
    const ids = [...map.keys()];
    const wx = await repo.accountWxids(this.db, scope.tenantId, ids);
    const accounts = wx.map((w) => ({
      wxid: w.wxid,
      unRead: map.get(w.id) ?? 0,
    }));
    return { total: accounts.reduce((s, a) => s + a.unRead, 0), accounts };
  }

  /** A session group of the caller, else 404. */
  async ownGroup(auth: AuthContext, id: string) {
    const group = await repo.sessionGroupOf(this.db, auth.tenantId ?? '', auth.userId, id);
    if (!group) throw fail.notFound('sessionGroupNotFound');
    return group;
  }
}

const offline = () => fail.conflict('workAccountOffline');
const MESSAGE_REFUSALS: RefusalTable = {
  tooLate: () => fail.conflict('revokeTooLate'),
  notHeld: offline,
  notOnline: offline,
  notFound: () => fail.notFound('messageNotFound'),
};

/** The API error of a gateway refusal of a message command. */
export function gatewayFailure(err: unknown): AppError {
  return platformRefusal(err, MESSAGE_REFUSALS, (e) =>
    fail.conflict('sendFailed', { reason: e.message }),
  );
}

export type { ConversationItem };
