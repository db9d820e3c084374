import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  EMOTICON_MAX_BYTES,
  MAX_USER_EMOTICONS,
  MSG_TYPE,
  ossUrl,
  WS_EVENTS,
  type EmoticonItem,
  type Language,
  type ToEmojiPush,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { detectType } from '../../storage/content-type.ts';
import { malformedAsInvalid } from '../files/index.ts';
import type { MediaContext } from '../media/index.ts';
import { type Draft, visibleMessage } from '../conversations/index.ts';
import * as repo from './emoticons.repository.ts';
import {
  SYSTEM_EMOTICONS,
  SYSTEM_ID_PREFIX,
  systemCodeOfUrl,
  systemEmoticonPng,
} from './system-set.ts';

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

function present(row: repo.UserEmoticonRow): EmoticonItem {
  return {
    id: row.id,
    name: '',
    url: ossUrl(row.fileKey),
    thumbUrl: ossUrl(row.thumbKey),
    width: row.width,
    height: row.height,
    system: false,
  };
}

/** The system sticker set and each user's own set (SPEC: emoticon library). */
export class EmoticonsService {
  constructor(
    private readonly deps: Uses<'realtime' | 'storage'>,
    private readonly ctx: MediaContext,
  ) {}

  /** The system set, named in the caller's language. */
  system(lang: Language): { list: EmoticonItem[] } {
    return {
      list: SYSTEM_EMOTICONS.map((e) => ({
        id: e.id,
        name: e.name[lang],
        url: e.url,
        thumbUrl: e.url,
        width: 100,
        height: 100,
        system: true,
      })),
    };
  }

  /** The caller's own stickers, newest first. */
  async mine(auth: AuthContext): Promise<{ list: EmoticonItem[] }> {
    const rows = await repo.listOfUser(this.deps.db, tenantOf(auth), auth.userId);
    return { list: rows.map(present) };
  }

  /** Saves the sticker (or picture) of a message the caller sees into the caller's set. */
  async saveFromMessage(auth: AuthContext, messageId: string | number): Promise<EmoticonItem> {
    const { row, conv } = await visibleMessage(this.deps.db, auth, messageId);
    if (row.msgType !== MSG_TYPE.emoticon && row.msgType !== MSG_TYPE.image) {
      throw fail.invalid('emoticonNotSticker');
    }
    const code = row.fileUrl ? systemCodeOfUrl(row.fileUrl) : null;
    let data: Buffer | null;
    if (code) {
      data = await systemEmoticonPng(code);
    } else {
      const file = await this.ctx.media.fileOfMessage(row, conv.workWxid);
      if (file.kind !== 'image') throw fail.invalid('emoticonNotSticker');
      if (file.size > EMOTICON_MAX_BYTES) throw fail.tooLarge('emoticonTooLarge', { max: '2M' });
      data = await this.deps.storage.read(file.key);
    }
    if (!data) throw fail.conflict('emoticonSaveFailed');
    return present(await this.keep(auth, data));
  }

  /** Uploads a sticker (multipart field `emoticon`). */
  async upload(auth: AuthContext, req: FastifyRequest): Promise<EmoticonItem> {
    tenantOf(auth);
    if (!req.isMultipart()) throw fail.invalid('uploadNotMultipart');
    let data: Buffer;
    let name: string;
    try {
      const part = await req.file();
      if (!part || part.fieldname !== 'emoticon') {
        part?.file.resume();
        throw fail.invalid('uploadFileMissing');
      }
      name = part.filename;
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fail.tooLarge('emoticonTooLarge', { max: '2M' });
      }
      throw malformedAsInvalid(err);
    }
    return present(await this.keep(auth, data, name));
  }

  private async keep(
    auth: AuthContext,
    data: Buffer,
    name?: string,
  ): Promise<repo.UserEmoticonRow> {
    const tenantId = tenantOf(auth);
    if (data.length > EMOTICON_MAX_BYTES) throw fail.tooLarge('emoticonTooLarge', { max: '2M' });
    const sha256 = createHash('sha256').update(data).digest('hex');
    const existing = await repo.findBySha(this.deps.db, tenantId, auth.userId, sha256);
    if (existing) return existing;
    if ((await repo.countOfUser(this.deps.db, tenantId, auth.userId)) >= MAX_USER_EMOTICONS) {
      throw fail.conflict('emoticonLimit', { max: MAX_USER_EMOTICONS });
    }
    const type = detectType(data.subarray(0, 4100), name ?? '', true);
    if (!type || type.kind !== 'image') throw fail.invalid('fileTypeNotAllowed');
    const key = `t/${tenantId}/emoticons/${auth.userId}/${sha256.slice(0, 32)}${type.ext}`;
    // The key is the content's hash: a picture kept before (and removed since) is there already.
    const file =
      (await this.ctx.files.storedAt(tenantId, key)) ??
      (await this.ctx.files.store(tenantId, key, data, {
        source: 'emoticon',
        kinds: ['image'],
        maxBytes: EMOTICON_MAX_BYTES,
        name,
      }));
    const row = await repo.insert(this.deps.db, {
      tenantId,
      userId: auth.userId,
      fileKey: file.key,
      thumbKey: file.thumbKey ?? file.key,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
      sha256,
    });
    await this.announce(auth, { change: 'added', ids: [row.id] });
    return row;
  }

  /** `toEmoji` to the user's own sessions (other tabs reload the sticker panel). */
  private async announce(auth: AuthContext, data: ToEmojiPush): Promise<void> {
    if (data.ids.length === 0) return;
    await this.deps.realtime.publish(tenantOf(auth), {
      event: WS_EVENTS.toEmoji,
      userIds: [auth.userId],
      data,
    });
  }

  /** Removes stickers from the caller's set (messages that used them keep their file). */
  async remove(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    const rows = await repo.removeOfUser(this.deps.db, tenantOf(auth), auth.userId, ids);
    await this.announce(auth, { change: 'removed', ids: rows.map((r) => r.id) });
    return { deleted: rows.length };
  }

  /** The message draft of a sticker of the system set or the caller's set. */
  async draftOf(auth: AuthContext, emoticonId: string, sendingUuid: string): Promise<Draft> {
    if (emoticonId.startsWith(SYSTEM_ID_PREFIX)) {
      const e = SYSTEM_EMOTICONS.find((x) => x.id === emoticonId);
      const png = e ? await systemEmoticonPng(e.code) : null;
      if (!e || !png) throw fail.notFound('emoticonNotFound');
      return {
        msgType: MSG_TYPE.emoticon,
        content: `${e.code}.png`,
        sendingUuid,
        fileUrl: e.url,
        fileName: `${e.code}.png`,
        fileLen: png.length,
        fileMime: 'image/png',
        media: { width: 100, height: 100 },
        jpegThumbnail: e.url,
      };
    }
    const row = await repo.findOfUser(this.deps.db, tenantOf(auth), auth.userId, emoticonId);
    if (!row) throw fail.notFound('emoticonNotFound');
    const fileName = row.fileKey.slice(row.fileKey.lastIndexOf('/') + 1);
    const media: Draft['media'] = {};
    if (row.width !== null) media.width = row.width;
    if (row.height !== null) media.height = row.height;
    return {
      msgType: MSG_TYPE.emoticon,
      content: fileName,
      sendingUuid,
      fileUrl: ossUrl(row.fileKey),
      fileName,
      fileLen: row.size,
      fileMime: row.mime,
      media,
      jpegThumbnail: ossUrl(row.thumbKey),
    };
  }
}
