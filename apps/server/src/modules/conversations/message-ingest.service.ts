import { MSG_TYPE, isMsgType, messagePreview, type EditPush, type MsgType } from '@cst/shared';
import type {
  InboundMessageEvent,
  MessageEditedEvent,
  ReadSyncEvent,
  RevokedEvent,
  SendReceiptEvent,
  Taken,
} from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import type { AccountRef } from '../accounts/index.ts';
import { recordPushEvents } from '../webhooks/index.ts';
import { presentConversation, type MessageRow } from './conversation.presenter.ts';
import * as repo from './conversation.repository.ts';
import {
  convUpdatePush,
  messagePush,
  sendPushOf,
  servedChat,
  syncReadPush,
} from './conversation.push.ts';
import { inboundStored } from './message-hooks.ts';

/** One gateway event waiting to be stored. */
type Item =
  | { kind: 'message'; ev: InboundMessageEvent; account: AccountRef }
  | { kind: 'receipt'; ev: SendReceiptEvent; account: AccountRef }
  | { kind: 'revoked'; ev: RevokedEvent; account: AccountRef }
  | { kind: 'edited'; ev: MessageEditedEvent; account: AccountRef }
  | { kind: 'readSync'; ev: ReadSyncEvent; account: AccountRef };

/** An event in the queue, with what settles its `kept` once it is stored or given up. */
interface Queued {
  item: Item;
  keep: () => void;
  lose: (err: unknown) => void;
}

/** Largest batch stored in one transaction. */
const MAX_BATCH = 500;
/** Above this many waiting events, producers wait for the store (backpressure). */
const HIGH_WATER = 5000;

/**
 * Turns gateway events about messages into rows and pushes (STYLE: events after commit). Events are
 * kept in arrival order and stored in batches: one transaction per batch, whatever its size, so the
 * store keeps up under load while a lone message is stored at once. Each event is answered with
 * `{ kept }`, settled once its batch committed: the platform acknowledges a message only then, so a
 * kill before the commit has it delivered again. A batch that fails is stored again one event at
 * a time, so one bad event costs only itself.
 */
export class MessageIngest {
  private queue: Queued[] = [];
  private flushing: Promise<void> | null = null;
  private idle: (() => void)[] = [];

  constructor(private readonly deps: Uses<'messageHooks' | 'realtime'>) {}

  /** Queues an event; answers at once unless the queue is full, with when it is kept. */
  async add(item: Item): Promise<Taken> {
    const kept = new Promise<void>((keep, lose) => this.queue.push({ item, keep, lose }));
    // Read by the platform later (after the backpressure wait below): handled from now on.
    kept.catch(() => undefined);
    this.kick();
    if (this.queue.length > HIGH_WATER) await this.drained();
    return { kept };
  }

  /** Resolves once everything queued so far is stored and pushed. */
  drained(): Promise<void> {
    if (!this.flushing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      // Events queued in this same turn (a platform's burst) go in with the first.
      await Promise.resolve();
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.store(batch.map((q) => q.item));
          for (const q of batch) q.keep();
        } catch (err) {
          this.deps.log.error({ err, size: batch.length }, 'storing gateway events failed');
          if (batch.length === 1) batch[0]!.lose(err);
          else await this.storeEach(batch);
        }
      }
    })().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
      else for (const r of this.idle.splice(0)) r();
    });
  }

  /** Stores a failed batch's events one by one: only those that fail again are lost. */
  private async storeEach(batch: Queued[]): Promise<void> {
    for (const q of batch) {
      try {
        await this.store([q.item]);
        q.keep();
      } catch (err) {
        this.deps.log.error({ err, kind: q.item.kind }, 'storing a gateway event failed');
        q.lose(err);
      }
    }
  }

  private async store(batch: Item[]): Promise<void> {
    const pushes = new Map<string, PushInput[]>();
    const afters: (() => Promise<void>)[] = [];
    const push = (tenantId: string, p: PushInput) => {
      let list = pushes.get(tenantId);
      if (!list) pushes.set(tenantId, (list = []));
      list.push(p);
    };
    // The pushes commit with the data (one commit per batch) and are announced after it: once
    // committed, what follows is told, never a reason to store the batch again.
    await this.deps.realtime.transaction(async (tx, stage) => {
      // Consecutive messages go in together, and so do consecutive receipts.
      let run: Extract<Item, { kind: 'message' }>[] = [];
      let receipts: Extract<Item, { kind: 'receipt' }>[] = [];
      const flush = async () => {
        if (run.length) await this.storeMessages(tx, run, push, (fn) => afters.push(fn));
        if (receipts.length) await this.storeReceipts(tx, receipts, push);
        run = [];
        receipts = [];
      };
      for (const item of batch) {
        if (item.kind === 'message') {
          if (receipts.length) await flush();
          run.push(item);
          continue;
        }
        if (item.kind === 'receipt') {
          if (run.length) await flush();
          receipts.push(item);
          continue;
        }
        await flush();
        if (item.kind === 'revoked') await this.storeRevoke(tx, item.ev, item.account, push);
        else if (item.kind === 'edited') await this.storeEdit(tx, item.ev, item.account, push);
        else await this.storeReadSync(tx, item.ev, item.account, push);
      }
      await flush();
      await recordPushEvents(tx, pushes, this.deps.now());
      for (const [tenantId, list] of pushes) stage(tenantId, list);
    });
    for (const fn of afters) {
      try {
        await fn();
      } catch (err) {
        this.deps.log.error({ err }, 'after-store handler failed');
      }
    }
  }

  private async storeMessages(
    tx: Tx,
    items: Extract<Item, { kind: 'message' }>[],
    push: (tenantId: string, p: PushInput) => void,
    after: (fn: () => Promise<void>) => void,
  ): Promise<void> {
    const keys = new Map<string, repo.ConvKey>();
    for (const { ev, account } of items) {
      const k = repo.convKeyOf(account.id, ev.talkType, ev.peerId);
      if (!keys.has(k)) {
        keys.set(k, {
          tenantId: account.tenantId,
          workAccountId: account.id,
          workWxid: account.wxid,
          talkType: ev.talkType,
          peerId: ev.peerId,
        });
      }
    }
    const convs = await repo.upsertConversations(tx, [...keys.values()], this.deps.now());
    const rows = items.map(({ ev, account }) => {
      const conv = convs.get(repo.convKeyOf(account.id, ev.talkType, ev.peerId))!;
      const msgType: MsgType = isMsgType(ev.msgType) ? ev.msgType : MSG_TYPE.system;
      return {
        tenantId: account.tenantId,
        conversationId: conv.id,
        workAccountId: account.id,
        msgId: ev.msgId,
        msgType,
        sendSide: ev.fromSelf ? 1 : 2,
        content: ev.content,
        fileName: ev.file?.fileName ?? null,
        fileLen: ev.file?.size ?? null,
        fileId: ev.file?.fileId ?? null,
        fileMime: ev.file?.mime ?? null,
        media: ev.file
          ? { width: ev.file.width, height: ev.file.height, durationMs: ev.file.durationMs }
          : null,
        memberWxid: ev.memberWxid,
        memberName: ev.memberName,
        memberAvatar: ev.memberAvatar,
        refMsgId: ev.refMsgId,
        refContent: ev.refContent,
        displayName: ev.displayName,
        sendOk: ev.fromSelf,
        // Sent on the phone itself: the console's own sends come back as receipts, not messages.
        senderKind: ev.fromSelf ? ('phone' as const) : null,
        senderName: ev.fromSelf ? '手机' : null,
        msgTime: ev.msgTime,
      } satisfies repo.ReceivedMessage;
    });
    const inserted = await repo.insertMessages(tx, rows);
    if (inserted.length === 0) return;
    const bumps = new Map<string, repo.ConvBump>();
    for (const m of inserted) {
      const b = bumps.get(m.conversationId) ?? {
        id: m.conversationId,
        unreadInc: 0,
        latestMsgTime: 0,
        lastMessageId: 0,
        lastMsgType: m.msgType,
        msgText: '',
      };
      if (m.sendSide === 2 && m.msgType !== MSG_TYPE.system) b.unreadInc += 1;
      if (m.id > b.lastMessageId) {
        b.lastMessageId = m.id;
        b.lastMsgType = m.msgType;
        b.msgText = messagePreview(m.msgType, m.content, m.fileName);
      }
      b.latestMsgTime = Math.max(b.latestMsgTime, m.msgTime);
      bumps.set(m.conversationId, b);
    }
    const updated = new Map(
      (await repo.bumpConversations(tx, [...bumps.values()])).map((c) => [c.id, c]),
    );
    // Received messages reopen resolved chats and assign new ones (the service module's hook).
    const inbound = [...updated.values()].filter((c) => bumps.get(c.id)!.unreadInc > 0);
    if (inbound.length > 0) {
      const ids = new Set(inbound.map((c) => c.id));
      const received = inserted
        .filter((m) => m.sendSide === 2 && ids.has(m.conversationId))
        .sort((a, b) => a.id - b.id);
      const stored = { tx, convs: inbound, messages: received, after, push };
      for (const [id, c] of await inboundStored(this.deps, stored)) {
        updated.set(id, c);
      }
    }
    const byId = new Map([...convs.values()].map((c) => [c.id, c]));
    for (const m of inserted.sort((a, b) => a.id - b.id)) {
      const first = byId.get(m.conversationId)!;
      const bumped = updated.get(m.conversationId);
      const conv = bumped ? { ...bumped, memberCount: first.memberCount } : first;
      push(m.tenantId, messagePush(m, conv));
    }
  }

  /**
   * Receipts of console sends: each send's receipts folded in their order (a later one overrides
   * what an earlier one set), applied in one statement, one push per send with where it ended.
   */
  private async storeReceipts(
    tx: Tx,
    items: Extract<Item, { kind: 'receipt' }>[],
    push: (tenantId: string, p: PushInput) => void,
  ): Promise<void> {
    const sets = new Map<string, repo.ReceiptSet>();
    for (const { ev, account } of items) {
      const key = `${account.id}:${ev.requestId}`;
      const set: repo.ReceiptSet = sets.get(key) ?? {
        workAccountId: account.id,
        requestId: ev.requestId,
        msgId: ev.msgId,
        sendOk: null,
        deliveryOk: null,
        readOk: null,
        failed: null,
        errMessage: null,
        dispatchState: null,
      };
      set.msgId = ev.msgId;
      if (ev.status === 'failed') {
        set.failed = true;
        set.errMessage = ev.error ?? 'failed';
        set.dispatchState = 'done';
      } else {
        set.sendOk = true;
        set.failed = false;
        if (ev.status === 'delivered' || ev.status === 'read') set.deliveryOk = true;
        if (ev.status === 'read') set.readOk = true;
      }
      sets.set(key, set);
    }
    const rows = await repo.applyReceipts(tx, [...sets.values()]);
    const byTenant = new Map<string, MessageRow[]>();
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const list = byTenant.get(row.tenantId) ?? [];
      list.push(row);
      byTenant.set(row.tenantId, list);
    }
    for (const [tenantId, list] of byTenant) {
      const convs = await repo.conversationsByIds(
        tx,
        tenantId,
        list.map((r) => r.conversationId),
      );
      for (const row of list) {
        const conv = convs.get(row.conversationId);
        if (!conv) continue;
        push(tenantId, {
          event: 'send',
          workAccountId: row.workAccountId,
          ...servedChat(conv),
          data: sendPushOf(row, conv),
        });
      }
    }
  }

  private async storeRevoke(
    tx: Tx,
    ev: RevokedEvent,
    account: AccountRef,
    push: (tenantId: string, p: PushInput) => void,
  ): Promise<void> {
    const row = await repo.revokeMessage(tx, account.id, ev.msgId, ev.content);
    if (!row) return;
    const conv =
      (await repo.setLatestPreview(tx, row, {
        msgText: ev.content,
        lastMsgType: MSG_TYPE.system,
      })) ?? (await repo.conversationById(tx, account.tenantId, row.conversationId));
    if (!conv) return;
    const item = presentConversation(conv);
    push(account.tenantId, {
      event: 'revokeMsg',
      workAccountId: account.id,
      ...servedChat(conv),
      data: {
        index_name: item.index_name,
        messageId: String(row.id),
        msgId: row.msgId,
        msgType: 99,
        content: ev.content,
        conv: item,
      },
    });
  }

  /**
   * An edit: a text (or a quote's text) that is not revoked takes the new content and its edit
   * time; the chat's preview follows when it is the latest message. Pushed as `editMsg`.
   */
  private async storeEdit(
    tx: Tx,
    ev: MessageEditedEvent,
    account: AccountRef,
    push: (tenantId: string, p: PushInput) => void,
  ): Promise<void> {
    const row = await repo.editTextMessage(tx, account.id, ev.msgId, ev.content, ev.at);
    if (!row) return;
    const last = await repo.setLatestPreview(tx, row, {
      msgText: messagePreview(row.msgType, ev.content, row.fileName),
    });
    const conv = last ?? (await repo.conversationById(tx, account.tenantId, row.conversationId));
    if (!conv) return;
    const item = presentConversation(conv);
    const data: EditPush = {
      index_name: item.index_name,
      messageId: String(row.id),
      msgId: row.msgId,
      content: ev.content,
      editedAt: ev.at,
      conv: last ? item : undefined,
    };
    push(account.tenantId, {
      event: 'editMsg',
      workAccountId: account.id,
      ...servedChat(conv),
      data,
    });
  }

  private async storeReadSync(
    tx: Tx,
    ev: ReadSyncEvent,
    account: AccountRef,
    push: (tenantId: string, p: PushInput) => void,
  ): Promise<void> {
    const cleared = await repo.clearUnreadOfPeer(tx, account.id, ev.talkType, ev.peerId, ev.at);
    // Cleared: `syncRead`; a part left (messages came after the read): the chat with its count.
    for (const c of cleared) {
      push(account.tenantId, c.unread === 0 ? syncReadPush(c) : convUpdatePush(c));
    }
  }
}
