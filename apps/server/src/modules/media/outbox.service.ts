import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messagePreview, type TalkType } from '@cst/shared';
import { conversations } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { ConversationRow, MessageRow } from '../conversations/conversation.presenter.ts';
import * as convRepo from '../conversations/conversation.repository.ts';
import { sendableAccount, visibleAccount } from '../conversations/conversation.scope.ts';
import { afterSendCommit } from '../conversations/message-dispatch.service.ts';
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
/** The peer of a send (lets a seat serving a transferred chat send through its account). */
type Peer = { receiver_id: string; talkType: number };

export class Outbox {
  constructor(private readonly deps: Deps) {}

  /** A work account the caller sees (404) that is online (409). */
  async onlineAccount(auth: AuthContext, workWxid: string, peer?: Peer): Promise<AccountRow> {
    const account = await this.visibleAccount(auth, workWxid, peer);
    if (account.status !== 'online') throw fail.conflict('workAccountOffline');
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
    return this.enqueueAs({ userId: auth.userId, robot: false }, account, to, drafts);
  }

  /**
   * Stores drafts sent by a seat or by a robot (no user; the rows carry the robot flag). Drafts
   * whose `sendingUuid` is stored already are not stored again: a robot's retry never sends twice.
   */
  async enqueueAs(
    sender: { userId: string | null; robot: boolean },
    account: Pick<AccountRow, 'id' | 'tenantId' | 'wxid'>,
    to: Destination,
    drafts: Draft[],
  ): Promise<{ rows: MessageRow[]; conv: ConversationRow }> {
    const now = this.deps.now();
    const { sent, conv } = await this.deps.db.transaction(async (tx) => {
      const conv = await convRepo.ensureConversation(tx, {
        tenantId: account.tenantId,
        workAccountId: account.id,
        workWxid: account.wxid,
        talkType: to.talkType,
        peerId: to.peerId,
      });
      const sent = await convRepo.insertConsoleSends(
        tx,
        account.id,
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
          senderUserId: sender.userId,
          robot: sender.robot,
          dispatchState: 'pending' as const,
          msgTime: now,
        })),
      );
      const last = sent.filter((s) => !s.retry).at(-1)?.row;
      if (!last) return { sent, conv };
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
      return { sent, conv: updated ?? conv };
    });
    const fresh = sent.filter((s) => !s.retry).map((s) => s.row);
    if (fresh.length > 0) {
      await afterSendCommit(
        this.deps,
        account,
        fresh.map((r) => messagePush(r, conv)),
      );
    }
    return { rows: sent.map((s) => s.row), conv };
  }
}
