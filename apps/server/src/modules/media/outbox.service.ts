import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messagePreview, type TalkType } from '@cst/shared';
import { conversations, messages } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import type { ConversationRow, MessageRow } from '../conversations/conversation.presenter.ts';
import * as convRepo from '../conversations/conversation.repository.ts';
import { visibleAccount } from '../conversations/conversation.scope.ts';
import { DISPATCH_CHANNEL } from '../conversations/message-dispatch.service.ts';
import { messagePush } from '../conversations/message-ingest.service.ts';

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
}

/** A work account row. */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof convRepo.accountByWxid>>>;

/** Where a message goes. */
export interface Destination {
  talkType: TalkType;
  peerId: string;
}

/**
 * The outbox of rich sends: rows stored with `dispatch_state` pending, pushed to the console, and
 * announced to the holder (the same path send-text takes, so a crash never loses or doubles one).
 */
export class Outbox {
  constructor(private readonly deps: Deps) {}

  /** A work account the caller sees (404) that is online (409). */
  async onlineAccount(auth: AuthContext, workWxid: string): Promise<AccountRow> {
    const account = await this.visibleAccount(auth, workWxid);
    if (account.status !== 'online') throw fail.conflict('workAccountOffline');
    return account;
  }

  /** A work account the caller sees, else 404. */
  async visibleAccount(auth: AuthContext, workWxid: string): Promise<AccountRow> {
    return (await visibleAccount(this.deps.db, auth, workWxid)).account;
  }

  /** Stores drafts as console messages of one conversation, in order, and announces them. */
  async enqueue(
    auth: AuthContext,
    account: AccountRow,
    to: Destination,
    drafts: Draft[],
  ): Promise<{ rows: MessageRow[]; conv: ConversationRow }> {
    const now = this.deps.now();
    const { rows, conv } = await this.deps.db.transaction(async (tx) => {
      const conv = await convRepo.ensureConversation(tx, {
        tenantId: account.tenantId,
        workAccountId: account.id,
        workWxid: account.wxid,
        talkType: to.talkType,
        peerId: to.peerId,
      });
      const rows = await tx
        .insert(messages)
        .values(
          drafts.map((d) => ({
            tenantId: account.tenantId,
            conversationId: conv.id,
            workAccountId: account.id,
            requestId: randomUUID(),
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
            senderUserId: auth.userId,
            dispatchState: 'pending' as const,
            msgTime: now,
          })),
        )
        .returning();
      rows.sort((a, b) => a.id - b.id);
      const last = rows.at(-1)!;
      const [updated] = await tx
        .update(conversations)
        .set({
          latestMsgTime: now,
          lastMessageId: last.id,
          lastMsgType: last.msgType,
          msgText: messagePreview(last.msgType, last.content, last.fileName),
          updatedAt: new Date(now),
        })
        .where(eq(conversations.id, conv.id))
        .returning();
      return { rows, conv: updated ?? conv };
    });
    await realtimeOf(this.deps).publish(
      account.tenantId,
      rows.map((r) => messagePush(r, conv)),
    );
    await this.deps.bus.publish(DISPATCH_CHANNEL, account.wxid);
    return { rows, conv };
  }
}
