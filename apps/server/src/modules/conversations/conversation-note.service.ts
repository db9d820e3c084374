import {
  indexName,
  MENTION_EVENT,
  MSG_TYPE,
  NOTE_EVENT,
  type MentionPush,
  type MessageItem,
  type NoteBody,
  type NoteSeat,
  type TalkType,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { type PushInput } from '../../realtime/realtime.ts';
import { accountViewers, servedChatViewers } from '../accounts/index.ts';
import { visibleConversation } from './message-access.ts';
import * as repo from './conversation-note.repository.ts';
import type { NoteRow } from './conversation-note.repository.ts';
import { presentConversation, type ConversationRow } from './conversation.presenter.ts';
import { servedChat } from './conversation.push.ts';

/** A note as the chat shows it: a message item marked `private`, with its author. */
/** A page of messages with notes of its chat merged in, in id order. */
export function mergeNotes(
  conv: ConversationRow,
  list: MessageItem[],
  notes: NoteRow[],
): MessageItem[] {
  if (notes.length === 0) return list;
  return [...list, ...notes.map((n) => presentNote(n, conv))].sort(
    (a, b) => Number(a.messageId) - Number(b.messageId),
  );
}

export function presentNote(row: NoteRow, conv: ConversationRow): MessageItem {
  const talkType = conv.talkType as TalkType;
  return {
    messageId: String(row.id),
    msgId: null,
    requestId: null,
    sendingUUid: null,
    msgType: MSG_TYPE.text,
    msgTime: row.msgTime,
    sendSide: 1,
    content: row.content,
    caption: null,
    fileUrl: null,
    fileCdnUrl: null,
    fileName: null,
    fileLen: null,
    jpegThumbnail: null,
    memberName: null,
    memberAvatar: null,
    participant: null,
    refMsgId: null,
    refContent: null,
    displayName: null,
    sendOk: true,
    deliveryOK: false,
    readOK: false,
    failed: false,
    errMessage: null,
    revoked: false,
    workWxid: conv.workWxid,
    receiver_id: conv.peerId,
    talkType,
    index_name: indexName(talkType, conv.peerId, conv.workWxid),
    createSort: row.id,
    createdAt: row.createdAt.getTime(),
    msg_text: row.content,
    private: true,
    noteBy: { uid: row.authorId, name: row.authorName },
    mentions: row.mentions,
  };
}

/**
 * Private notes (docs/notes.md): written by a seat in a chat it sees, shown to the seats who see
 * the chat, never handed to the platform and never the chat's preview or unread count.
 */
export class NoteService {
  constructor(private readonly deps: Uses<'realtime'>) {}

  /** The enabled seats who see a chat: its account's viewers, its serving seat's, managers. */
  private async seatsWhoSee(conv: ConversationRow): Promise<NoteSeat[]> {
    const db = this.deps.db;
    const [byAccount, byChat] = await Promise.all([
      accountViewers(db, conv.tenantId, [conv.workAccountId]),
      servedChatViewers(db, conv.tenantId, [conv.id]),
    ]);
    const ids = new Set([
      ...(byAccount.get(conv.workAccountId) ?? []),
      ...(byChat.get(conv.id) ?? []),
    ]);
    return (await repo.seatsOf(db, conv.tenantId, [...ids])).map(({ uid, name }) => ({
      uid,
      name,
    }));
  }

  /** The seats a note in the chat may mention (the caller's chat, else 404). */
  async seats(auth: AuthContext, index: string): Promise<NoteSeat[]> {
    const { conv } = await visibleConversation(this.deps.db, auth, index);
    return this.seatsWhoSee(conv);
  }

  /** Stores a note, pushes it to the chat's seats and a `mention` to each seat it names. */
  async add(auth: AuthContext, body: NoteBody): Promise<{ messageId: string }> {
    const db = this.deps.db;
    const { conv } = await visibleConversation(db, auth, body.index_name);
    const seats = await this.seatsWhoSee(conv);
    const byId = new Map(seats.map((s) => [s.uid, s]));
    const mentions: NoteSeat[] = [];
    for (const uid of new Set(body.mentions ?? [])) {
      const seat = byId.get(uid);
      if (!seat) throw fail.invalid('noteMentionNotSeat');
      mentions.push(seat);
    }
    // `seatsOf` lists the tenant's managers too: pick the author by id.
    const author = (await repo.seatsOf(db, conv.tenantId, [auth.userId])).find(
      (s) => s.uid === auth.userId,
    );
    const row = await repo.insertNote(db, {
      tenantId: conv.tenantId,
      conversationId: conv.id,
      workAccountId: conv.workAccountId,
      authorId: auth.userId,
      authorName: author?.name ?? '',
      content: body.content,
      mentions,
      msgTime: this.deps.now(),
    });
    const item = presentNote(row, conv);
    const chat = presentConversation(conv);
    const pushes: PushInput[] = [
      { event: NOTE_EVENT, workAccountId: conv.workAccountId, ...servedChat(conv), data: item },
    ];
    for (const m of mentions) {
      if (m.uid === auth.userId) continue;
      const data: MentionPush = {
        index_name: chat.index_name,
        workWxid: conv.workWxid,
        messageId: item.messageId,
        by: item.noteBy!,
        content: row.content,
        chatName: chat.name,
        msgTime: row.msgTime,
      };
      pushes.push({ event: MENTION_EVENT, userIds: [m.uid], data });
    }
    await this.deps.realtime.publish(conv.tenantId, pushes);
    return { messageId: item.messageId };
  }

  /**
   * A page of messages with the chat's notes between them: the notes whose ids fall strictly
   * between `after` and `before` (null: open), merged in id order.
   */
  async withNotes(
    conv: ConversationRow,
    list: MessageItem[],
    after: number | null,
    before: number | null,
    since: number,
  ): Promise<MessageItem[]> {
    const notes = await repo.notesBetween(this.deps.db, conv.id, after, before, since);
    return mergeNotes(conv, list, notes);
  }

  /** A note of the chat by id (to open the chat at it), else null. */
  async note(conv: ConversationRow, id: number): Promise<MessageItem | null> {
    const row = await repo.findNote(this.deps.db, conv.id, id);
    return row ? presentNote(row, conv) : null;
  }
}
