import {
  CHAT_FILE_MAX_BYTES,
  cardContent,
  forwardContent,
  MSG_TYPE,
  ossUrl,
  quoteText,
  type ChatRecords,
  type CollectItem,
  type ForwardBody,
  type RichSendResult,
  type SendEmoticonBody,
} from '@cst/shared';
import { GatewayError } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import {
  presentConversation,
  type MessageRow,
  mediaAddressesOf,
  convScopeOf,
  type Draft,
  assertAccountCanSend,
  visibleConversation,
  visibleMessage,
  type VisibleMessage,
} from '../conversations/index.ts';
import type { EmoticonsService } from '../emoticons/index.ts';
import { assertCardSendable, type MediaContext } from '../media/index.ts';
import * as repo from './talk.repository.ts';
import { platformTranscribes, transcribeOnPlatform, transcribeVoice } from '../ai/index.ts';

/** Types forwarded as they are (JSON content kept). */
const FORWARD_AS_IS: readonly number[] = [
  MSG_TYPE.text,
  MSG_TYPE.link,
  MSG_TYPE.article,
  MSG_TYPE.miniProgram,
  MSG_TYPE.card,
  MSG_TYPE.location,
];
const FORWARD_MEDIA: readonly number[] = [
  MSG_TYPE.image,
  MSG_TYPE.document,
  MSG_TYPE.emoticon,
  MSG_TYPE.video,
  MSG_TYPE.voice,
];

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** The tools around a message: stickers, forward, delete, collect, chat records, voice to text. */
export class TalkService {
  constructor(
    private readonly deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
    private readonly ctx: MediaContext,
    private readonly emoticons: EmoticonsService,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** `/api/v1/talk/message/emoticon`: sends a sticker of the system or the caller's set. */
  async sendEmoticon(auth: AuthContext, body: SendEmoticonBody): Promise<RichSendResult> {
    const account = await this.ctx.outbox.visibleAccount(auth, body.workWxid, body);
    const draft = await this.emoticons.draftOf(auth, body.emoticonId, body.sendingUUid);
    assertAccountCanSend(account);
    const { rows } = await this.ctx.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [draft],
    );
    const r = rows[0]!;
    const item = { messageId: String(r.id), requestId: r.requestId!, sendingUUid: r.sendingUuid };
    return { ...item, list: [item] };
  }

  /** The message to send again for a forwarded one; refuses types a platform cannot send. */
  private async draftOf(v: VisibleMessage): Promise<Draft> {
    const { row, conv } = v;
    if (row.revoked || row.failed) throw fail.invalid('forwardUnsupported');
    if (row.msgType === MSG_TYPE.quote) {
      return { msgType: MSG_TYPE.text, content: quoteText(row.content), sendingUuid: null };
    }
    if (row.msgType === MSG_TYPE.card) {
      // A card of a person the platform cannot put on a card is refused before it is stored.
      const card = cardContent.safeParse(safeJson(row.content));
      if (!card.success) throw fail.invalid('forwardUnsupported');
      assertCardSendable(this.deps, { wxid: card.data.wxid, alias: card.data.alias ?? '' });
    }
    if (FORWARD_AS_IS.includes(row.msgType)) {
      return { msgType: row.msgType, content: row.content, sendingUuid: null };
    }
    if (!FORWARD_MEDIA.includes(row.msgType)) throw fail.invalid('forwardUnsupported');
    if (row.fileUrl) {
      return {
        msgType: row.msgType,
        content: row.content,
        sendingUuid: null,
        fileUrl: row.fileUrl,
        fileName: row.fileName,
        fileLen: row.fileLen,
        fileMime: row.fileMime,
        media: row.media,
        jpegThumbnail: row.jpegThumbnail,
      };
    }
    if ((row.fileLen ?? 0) > CHAT_FILE_MAX_BYTES) throw fail.tooLarge('chatFileTooLarge');
    const file = await this.ctx.media.fileOfMessage(row, conv.workWxid);
    return {
      msgType: row.msgType,
      content: row.content,
      sendingUuid: null,
      fileUrl: ossUrl(file.key),
      fileName: row.fileName ?? row.content,
      fileLen: file.size,
      fileMime: file.mime,
      media: row.media,
      jpegThumbnail: file.thumbKey ? ossUrl(file.thumbKey) : null,
    };
  }

  /** Forwards messages (oldest first) to friends and groups of visible online work accounts. */
  async forward(auth: AuthContext, body: ForwardBody) {
    const ids = [...new Set(body.messageIds.map(Number))];
    const sources: VisibleMessage[] = [];
    for (const id of ids) sources.push(await visibleMessage(this.db, auth, id));
    sources.sort((a, b) => a.row.id - b.row.id);
    const drafts: Draft[] = [];
    for (const s of sources) drafts.push(await this.draftOf(s));
    const seen = new Set<string>();
    const targets = body.targets.filter((t) => {
      const k = `${t.workWxid}|${t.talkType}|${t.receiver_id}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    const accounts = [];
    for (const t of targets) accounts.push(await this.ctx.outbox.onlineAccount(auth, t.workWxid));
    const list = [];
    for (const [i, t] of targets.entries()) {
      const { rows, conv } = await this.ctx.outbox.enqueue(
        auth,
        accounts[i]!,
        { talkType: t.talkType, peerId: t.receiver_id },
        drafts,
      );
      const index = presentConversation(conv).index_name;
      for (const [j, r] of rows.entries()) {
        list.push({
          messageId: String(r.id),
          requestId: r.requestId!,
          index_name: index,
          sourceMessageId: String(sources[j]!.row.id),
        });
      }
    }
    return { list };
  }

  /** Hides messages for the whole tenant (the platform keeps them); pushes `deleteMsg`. */
  async remove(auth: AuthContext, messageIds: (string | number)[]): Promise<{ deleted: number }> {
    const found: VisibleMessage[] = [];
    for (const id of new Set(messageIds.map(Number))) {
      found.push(await visibleMessage(this.db, auth, id));
    }
    const hidden = new Set(
      await repo.hide(
        this.db,
        auth.tenantId!,
        auth.userId,
        found.map((f) => f.row.id),
      ),
    );
    const byConv = new Map<string, { v: VisibleMessage; ids: string[] }>();
    for (const f of found) {
      if (!hidden.has(f.row.id)) continue;
      const entry = byConv.get(f.conv.id) ?? { v: f, ids: [] };
      entry.ids.push(String(f.row.id));
      byConv.set(f.conv.id, entry);
    }
    if (byConv.size > 0) {
      await this.deps.realtime.publish(
        auth.tenantId!,
        [...byConv.values()].map(({ v, ids }) => ({
          event: 'deleteMsg',
          workAccountId: v.conv.workAccountId,
          data: { index_name: presentConversation(v.conv).index_name, messageIds: ids },
        })),
      );
    }
    return { deleted: hidden.size };
  }

  /** Saves a message to the caller's collection. */
  async collect(auth: AuthContext, messageId: string | number): Promise<{ id: string }> {
    const { row } = await visibleMessage(this.db, auth, messageId);
    return { id: await repo.collect(this.db, auth.tenantId!, auth.userId, row.id) };
  }

  /** Removes items from the caller's collection. */
  async uncollect(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    return { deleted: await repo.uncollect(this.db, auth.tenantId!, auth.userId, ids) };
  }

  /** A page of the caller's collection. */
  async collections(auth: AuthContext, page: number, pageSize: number) {
    const { scope } = await this.scopeOf(auth);
    const { rows, total } = await repo.collections(this.db, scope, auth.userId, page, pageSize);
    const list: CollectItem[] = rows.map(({ c, m, conv }) => ({
      id: c.id,
      messageId: String(m.id),
      msgType: m.msgType,
      content: m.content,
      fileUrl: mediaAddressesOf(m).fileUrl,
      fileName: m.fileName,
      fileLen: m.fileLen,
      index_name: presentConversation(conv).index_name,
      workWxid: conv.workWxid,
      msgTime: m.msgTime,
      createdAt: c.createdAt.getTime(),
    }));
    return { list, total };
  }

  private async scopeOf(auth: AuthContext) {
    return { scope: await convScopeOf(this.db, auth) };
  }

  /** The items of a forwarded chat record (type 21) for the chat-record viewer. */
  async chatRecords(auth: AuthContext, recordId: string | number): Promise<ChatRecords> {
    let v: VisibleMessage;
    try {
      v = await visibleMessage(this.db, auth, recordId);
    } catch {
      throw fail.notFound('chatRecordNotFound');
    }
    if (v.row.msgType !== MSG_TYPE.forward || v.row.revoked) {
      throw fail.notFound('chatRecordNotFound');
    }
    const parsed = forwardContent.safeParse(safeJson(v.row.content));
    if (!parsed.success) throw fail.notFound('chatRecordNotFound');
    return {
      record_id: String(v.row.id),
      title: parsed.data.title,
      list: parsed.data.items,
      total: parsed.data.items.length,
    };
  }

  /** The forwarded chat records of a conversation, newest first. */
  async forwardRecords(auth: AuthContext, indexName: string, page: number, pageSize: number) {
    const { conv } = await visibleConversation(this.db, auth, indexName);
    const { rows, total } = await repo.forwardRecords(this.db, conv.id, page, pageSize);
    return {
      list: rows.map((r: MessageRow) => {
        const parsed = forwardContent.safeParse(safeJson(r.content));
        return {
          record_id: String(r.id),
          title: parsed.success ? parsed.data.title : '',
          count: parsed.success ? parsed.data.items.length : 0,
          msgTime: r.msgTime,
          sendSide: r.sendSide,
        };
      }),
      total,
    };
  }

  /** Transcribes a voice message through the account's holder. */
  async voiceToText(auth: AuthContext, messageId: string | number) {
    const { row, conv } = await visibleMessage(this.db, auth, messageId);
    if (row.msgType !== MSG_TYPE.voice || row.revoked) throw fail.invalid('voiceNotVoice');
    // The platform transcribes, else the AI provider does; either once per message (kept).
    if (!platformTranscribes(this.deps)) {
      return { messageId: String(row.id), text: await transcribeVoice(this.deps, row, conv) };
    }
    try {
      return { messageId: String(row.id), text: await transcribeOnPlatform(this.deps, row, conv) };
    } catch (err) {
      if (err instanceof GatewayError) {
        if (err.code === 'notHeld' || err.code === 'notOnline') {
          throw fail.conflict('workAccountOffline');
        }
        if (err.code === 'notFound') throw fail.notFound('messageNotFound');
        throw fail.conflict('voiceToTextFailed', { reason: err.message });
      }
      throw err;
    }
  }
}
