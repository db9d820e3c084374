import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_VIDEO_MAX_BYTES,
  DOWNLOAD_MAX_BYTES,
  MAX_IMAGES_PER_SEND,
  MEDIUM_SUFFIX,
  MSG_TYPE,
  isMediaMsgType,
  ossUrl,
  type RichSendResult,
  type SendCardBody,
  type SendFileBody,
  type SendLocationBody,
  type SendGraphicLinkBody,
  type ShareMiniAppBody,
} from '@cst/shared';
import {
  GatewayError,
  type Capability,
  type CardPerson,
  type MediaBytes,
} from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { detectType } from '../../storage/content-type.ts';
import { sendStored } from '../../storage/serve.ts';
import { findContact } from '../contacts/index.ts';
import {
  type MessageRow,
  callHolder,
  type EncodedMedia,
  type Draft,
  type Outbox,
  assertAccountCanSend,
  visibleMessage,
} from '../conversations/index.ts';
import {
  type StoredFileRow,
  fileOfMessage as filesRepoFileOfMessage,
  keyOfUrl,
  tenantOfKey,
  type FilesService,
} from '../files/index.ts';

/** What send-file may send of each message type. */
const KIND_OF_TYPE: Record<number, StoredFileRow['kind'] | null> = {
  [MSG_TYPE.image]: 'image',
  [MSG_TYPE.video]: 'video',
  [MSG_TYPE.voice]: 'audio',
  [MSG_TYPE.document]: null,
};

/** Whether a thumbnail or link picture address is acceptable: http(s), or one of the tenant's files. */
function okPictureUrl(url: string, tenantId: string): boolean {
  const key = keyOfUrl(url);
  if (key) return tenantOfKey(key) === tenantId;
  return isWebUrl(url);
}

/** Whether a string is an http(s) address. */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/**
 * Refuses (409) a contact card the platform could never send, before anything is stored: the
 * adapter judges the person as it listed them (a WhatsApp card needs a phone number, so a person
 * it knows only by a LID cannot go).
 */
export function assertCardSendable(
  deps: Uses<'realtime' | 'runtime' | 'storage'>,
  person: CardPerson,
): void {
  const can = deps.runtime.gateway.canSendCardOf;
  if (can && !can({ wxid: person.wxid, alias: person.alias })) {
    throw fail.conflict('cardContactUnsupported');
  }
}

/** Files, links and mini-programs sent from the console; received files downloaded and cached. */
export class MediaService {
  constructor(
    private readonly deps: Uses<'realtime' | 'runtime' | 'storage'>,
    private readonly outbox: Outbox,
    private readonly files: FilesService,
  ) {}

  /** `send-file`: pictures (up to 5, one message each), a document, a video or a voice. */
  async sendFile(auth: AuthContext, body: SendFileBody): Promise<RichSendResult> {
    const refs = body.files?.length
      ? body.files
      : [
          {
            fileUrl: body.fileUrl!,
            fileName: body.fileName,
            durationMs: body.durationMs,
            sendingUUid: undefined,
          },
        ];
    if (refs.length > MAX_IMAGES_PER_SEND) {
      throw fail.invalid(body.msgType === MSG_TYPE.image ? 'tooManyImages' : 'tooManyFiles');
    }
    const account = await this.outbox.visibleAccount(auth, body.workWxid, body);
    const drafts: Draft[] = [];
    for (const [i, ref] of refs.entries()) {
      const file = await this.files.fileOfUrl(account.tenantId, ref.fileUrl);
      if (!file || file.source === 'media') throw fail.invalid('fileUrlInvalid');
      const want = KIND_OF_TYPE[body.msgType];
      if (want && file.kind !== want) throw fail.invalid('fileKindMismatch');
      if (file.size > CHAT_FILE_MAX_BYTES) throw fail.tooLarge('chatFileTooLarge');
      if (body.msgType === MSG_TYPE.video && file.size > CHAT_VIDEO_MAX_BYTES) {
        throw fail.tooLarge('chatVideoTooLarge');
      }
      const fileName = (ref.fileName || file.key.slice(file.key.lastIndexOf('/') + 1)).slice(
        0,
        255,
      );
      const media: Draft['media'] = {};
      if (file.width !== null) media.width = file.width;
      if (file.height !== null) media.height = file.height;
      if (ref.durationMs !== undefined) media.durationMs = ref.durationMs;
      drafts.push({
        msgType: body.msgType,
        content: fileName,
        sendingUuid: ref.sendingUUid ?? (i === 0 ? body.sendingUUid : `${body.sendingUUid}:${i}`),
        fileUrl: ossUrl(file.key),
        fileName,
        fileLen: file.size,
        fileMime: file.mime,
        media,
        jpegThumbnail: file.thumbKey ? ossUrl(file.thumbKey) : null,
      });
    }
    assertAccountCanSend(account);
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      drafts,
    );
    return resultOf(rows);
  }

  /** `send-graphic-link`: a link with title, description and picture. */
  async sendLink(auth: AuthContext, body: SendGraphicLinkBody): Promise<RichSendResult> {
    const account = await this.outbox.visibleAccount(auth, body.workWxid, body);
    if (!isWebUrl(body.url)) throw fail.invalid('linkUrlInvalid');
    if (body.thumbUrl && !okPictureUrl(body.thumbUrl, account.tenantId)) {
      throw fail.invalid('linkUrlInvalid');
    }
    assertAccountCanSend(account);
    const content = JSON.stringify({
      title: body.title,
      description: body.description,
      url: body.url,
      ...(body.thumbUrl ? { thumbUrl: body.thumbUrl } : {}),
    });
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [{ msgType: MSG_TYPE.link, content, sendingUuid: body.sendingUUid }],
    );
    return resultOf(rows);
  }

  /** `share-mini-app`: a mini-program card. */
  async shareMiniApp(auth: AuthContext, body: ShareMiniAppBody): Promise<RichSendResult> {
    const account = await this.outbox.visibleAccount(auth, body.workWxid, body);
    this.requireCapability('sendMiniProgram', 'sendMiniProgramUnsupported');
    if (body.thumbUrl && !okPictureUrl(body.thumbUrl, account.tenantId)) {
      throw fail.invalid('linkUrlInvalid');
    }
    assertAccountCanSend(account);
    const content = JSON.stringify({
      title: body.title,
      appId: body.appId,
      appName: body.appName,
      pagePath: body.pagePath,
      ...(body.thumbUrl ? { thumbUrl: body.thumbUrl } : {}),
    });
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [{ msgType: MSG_TYPE.miniProgram, content, sendingUuid: body.sendingUUid }],
    );
    return resultOf(rows);
  }

  /**
   * A contact card of one of the account's contacts (the public API's `card`): its name and
   * picture as the account knows them, sent through the outbox like every message.
   */
  async sendCard(auth: AuthContext, body: SendCardBody): Promise<RichSendResult> {
    const account = await this.outbox.visibleAccount(auth, body.workWxid, body);
    this.requireCapability('sendCard', 'sendCardUnsupported');
    const contact = await findContact(this.deps.db, account.id, body.wxid);
    if (!contact) throw fail.notFound('cardContactNotFound');
    assertCardSendable(this.deps, contact);
    assertAccountCanSend(account);
    const content = JSON.stringify({
      wxid: contact.wxid,
      nickname: contact.nickname,
      avatar: contact.avatar,
      ...(contact.alias ? { alias: contact.alias } : {}),
      ...(contact.province ? { province: contact.province } : {}),
      ...(contact.city ? { city: contact.city } : {}),
      sex: contact.gender,
    });
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [{ msgType: MSG_TYPE.card, content, sendingUuid: body.sendingUUid }],
    );
    return resultOf(rows);
  }

  /** A location (the public API's `location`), sent through the outbox like every message. */
  async sendLocation(auth: AuthContext, body: SendLocationBody): Promise<RichSendResult> {
    const account = await this.outbox.visibleAccount(auth, body.workWxid, body);
    this.requireCapability('sendLocation', 'sendLocationUnsupported');
    assertAccountCanSend(account);
    const content = JSON.stringify({
      latitude: body.latitude,
      longitude: body.longitude,
      label: body.label,
      poiName: body.poiName,
    });
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [{ msgType: MSG_TYPE.location, content, sendingUuid: body.sendingUUid }],
    );
    return resultOf(rows);
  }

  /** Refuses (409) a kind of message the platform cannot send, before anything is stored. */
  private requireCapability(
    cap: Capability,
    message: 'sendCardUnsupported' | 'sendLocationUnsupported' | 'sendMiniProgramUnsupported',
  ): void {
    if (!this.deps.runtime.gateway.capabilities.has(cap)) throw fail.conflict(message);
  }

  /**
   * The stored copy of a message's file: the console's own upload, or the platform's file fetched
   * through the account's holder and cached on first use.
   */
  async fileOfMessage(row: MessageRow, workWxid: string): Promise<StoredFileRow> {
    if (!isMediaMsgType(row.msgType) || row.revoked) throw fail.notFound('notMediaMessage');
    if (row.fileUrl) {
      const own = await this.files.fileOfUrl(row.tenantId, row.fileUrl);
      if (own) return own;
    }
    const cached = await filesRepoFileOfMessage(this.deps.db, row.tenantId, row.id);
    if (cached) return cached;
    if (!row.fileId) throw fail.notFound('notMediaMessage');
    if ((row.fileLen ?? 0) > CHAT_FILE_MAX_BYTES) throw fail.tooLarge('downloadTooLarge');
    let bytes: MediaBytes;
    try {
      bytes = await this.platformBytes(workWxid, row.fileId);
    } catch (err) {
      if (err instanceof GatewayError) throw fail.conflict('mediaUnavailable');
      throw err;
    }
    if (bytes.data.length > CHAT_FILE_MAX_BYTES) throw fail.tooLarge('downloadTooLarge');
    const ext = detectType(bytes.data.subarray(0, 4100), bytes.fileName, true)?.ext ?? '.bin';
    // Server-owned, beside no upload folder; the random part keeps the name unguessable.
    const key = `t/${row.tenantId}/media/${row.id}-${randomBytes(8).toString('hex')}${ext}`;
    try {
      return await this.files.store(row.tenantId, key, bytes.data, {
        source: 'media',
        messageId: row.id,
        lenient: true,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 413) throw fail.tooLarge('downloadTooLarge');
      throw err;
    }
  }

  private async platformBytes(wxid: string, fileId: string): Promise<MediaBytes> {
    const rt = this.deps.runtime;
    if (rt.started && rt.gateway.heldAccounts().includes(wxid)) {
      return rt.gateway.downloadMedia(wxid, fileId);
    }
    const enc = await callHolder<EncodedMedia>(this.deps, wxid, { name: 'downloadMedia', fileId });
    const data = Buffer.from(enc.base64, 'base64');
    return { data, mime: enc.mime, fileName: enc.fileName, size: data.length };
  }

  /**
   * `GET /api/v1/download/user-chat-file?cr_id=`: a chat file (or its thumbnail) the caller
   * may see; files over 10 MB are refused ('文件过大，请到手机上下载').
   */
  async download(
    auth: AuthContext,
    q: { cr_id: string; thumb?: string; medium?: string; download?: string },
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const { row, conv } = await visibleMessage(this.deps.db, auth, q.cr_id);
    if (!isMediaMsgType(row.msgType) || row.revoked || (!row.fileUrl && !row.fileId)) {
      throw fail.notFound('notMediaMessage');
    }
    const thumb = q.thumb === '1';
    if (!thumb && (row.fileLen ?? 0) > DOWNLOAD_MAX_BYTES) throw fail.tooLarge('downloadTooLarge');
    const file = await this.fileOfMessage(row, conv.workWxid);
    if (thumb) {
      if (!file.thumbKey) throw fail.notFound('notMediaMessage');
      const ok = await sendStored(req, reply, this.deps.storage, file.thumbKey, {
        mime: 'image/jpeg',
      });
      if (!ok) throw fail.notFound('notMediaMessage');
      return;
    }
    // The medium variant of a picture (made when it was cached); the picture itself without one.
    if (q.medium === '1' && file.kind === 'image') {
      const ok = await sendStored(req, reply, this.deps.storage, `${file.key}${MEDIUM_SUFFIX}`, {
        mime: 'image/jpeg',
      });
      if (ok) return;
    }
    if (file.size > DOWNLOAD_MAX_BYTES) throw fail.tooLarge('downloadTooLarge');
    const ok = await sendStored(req, reply, this.deps.storage, file.key, {
      mime: file.mime,
      fileName: row.fileName ?? row.content,
      attachment: q.download === '1' || row.msgType === MSG_TYPE.document,
    });
    if (!ok) throw fail.notFound('notMediaMessage');
  }
}

function resultOf(rows: MessageRow[]): RichSendResult {
  const list = rows.map((r) => ({
    messageId: String(r.id),
    requestId: r.requestId!,
    sendingUUid: r.sendingUuid,
  }));
  return { messageId: list[0]!.messageId, requestId: list[0]!.requestId, list };
}
