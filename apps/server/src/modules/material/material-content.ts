import {
  MATERIAL_TYPE,
  MATERIAL_TYPES_FOR_MESSAGES,
  MATERIAL_TYPES_FOR_MOMENTS,
  MSG_TYPE_OF_MATERIAL,
  ossUrl,
  type MaterialCard,
  type MaterialMessageRef,
  type MaterialType,
  type MessageKey,
  type Permission,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { Draft } from '../conversations/index.ts';
import { itemById, type MaterialRow } from './material.repository.ts';

/**
 * An item of the library as message content: the draft the outbox sends (text, picture, video,
 * voice, document, shared link or mini-program). Features that send material (the composer,
 * moments, greetings, mass sends) build their message from this.
 */
export function materialDraft(item: MaterialRow, sendingUuid: string | null): Draft {
  const msgType = MSG_TYPE_OF_MATERIAL[item.type as MaterialType];
  switch (item.type) {
    case MATERIAL_TYPE.text:
      return { msgType, content: item.content, sendingUuid };
    case MATERIAL_TYPE.link:
    case MATERIAL_TYPE.miniProgram:
      return {
        msgType,
        content: JSON.stringify({ title: item.title, ...(item.card ?? {}) }),
        sendingUuid,
      };
    default: {
      const media: NonNullable<Draft['media']> = {};
      if (item.width !== null) media.width = item.width;
      if (item.height !== null) media.height = item.height;
      if (item.durationMs !== null) media.durationMs = item.durationMs;
      const fileName = item.fileName ?? item.title;
      return {
        msgType,
        content: fileName,
        sendingUuid,
        fileUrl: item.fileKey ? ossUrl(item.fileKey) : null,
        fileName,
        fileLen: item.size,
        fileMime: item.mime,
        media,
        jpegThumbnail: item.thumbKey ? ossUrl(item.thumbKey) : null,
      };
    }
  }
}

/** Where a library item is used as content, and which of its types are allowed there. */
export type MaterialUse = 'messages' | 'moments';
const ALLOWED: Record<MaterialUse, { types: readonly MaterialType[]; error: MessageKey }> = {
  messages: { types: MATERIAL_TYPES_FOR_MESSAGES, error: 'materialNotForMessages' },
  moments: { types: MATERIAL_TYPES_FOR_MOMENTS, error: 'materialNotForMoments' },
};
const LIBRARY_READERS: readonly Permission[] = [
  'conversation.send',
  'conversation.read',
  'library.manage',
];

/**
 * A library item the caller may use as content where `use` says: 404 when it is not the caller's
 * tenant's (or the caller may not read the library), 400 when its type is not allowed there.
 */
export async function materialForUse(
  deps: Deps,
  auth: AuthContext,
  id: string,
  use: MaterialUse,
): Promise<MaterialRow> {
  if (!auth.tenantId || !LIBRARY_READERS.some((p) => auth.permissions.has(p))) {
    throw fail.notFound('materialNotFound');
  }
  const row = await itemById(deps.db, auth.tenantId, id);
  if (!row) throw fail.notFound('materialNotFound');
  const allowed = ALLOWED[use];
  if (!allowed.types.includes(row.type as MaterialType)) throw fail.invalid(allowed.error);
  return row;
}

/** A message as the greeting, keyword-reply and mass-send forms take it (without material refs). */
export type ContentMessage =
  | { kind: 'text'; content: string }
  | { kind: 'image'; fileUrl: string; fileName?: string }
  | { kind: 'file'; fileUrl: string; fileName?: string }
  | { kind: 'video'; fileUrl: string; fileName?: string }
  | { kind: 'link'; title: string; description: string; url: string; thumbUrl?: string }
  | {
      kind: 'miniProgram';
      title: string;
      appId: string;
      appName: string;
      pagePath: string;
      thumbUrl?: string;
    };

const FILE_KIND = {
  [MATERIAL_TYPE.image]: 'image',
  [MATERIAL_TYPE.video]: 'video',
  [MATERIAL_TYPE.document]: 'file',
} as const;

/**
 * A library item as the message of a form: text, a file of the library (its stored file, by
 * reference: the file stays when the item is deleted), a link or a mini-program card.
 */
export function materialMessage(item: MaterialRow): ContentMessage {
  const card = (item.card ?? {}) as MaterialCard;
  const thumb = card.thumbUrl ? { thumbUrl: card.thumbUrl } : {};
  switch (item.type) {
    case MATERIAL_TYPE.text:
      return { kind: 'text', content: item.content };
    case MATERIAL_TYPE.link:
      return {
        kind: 'link',
        title: item.title,
        description: card.description ?? '',
        url: card.url ?? '',
        ...thumb,
      };
    case MATERIAL_TYPE.miniProgram:
      return {
        kind: 'miniProgram',
        title: item.title,
        appId: card.appId ?? '',
        appName: card.appName ?? '',
        pagePath: card.pagePath ?? '',
        ...thumb,
      };
    case MATERIAL_TYPE.image:
    case MATERIAL_TYPE.video:
    case MATERIAL_TYPE.document:
      if (!item.fileKey) throw fail.invalid('materialNotForMessages');
      return {
        kind: FILE_KIND[item.type],
        fileUrl: ossUrl(item.fileKey),
        fileName: (item.fileName ?? item.title).slice(0, 255),
      };
    default:
      throw fail.invalid('materialNotForMessages');
  }
}

/**
 * Replaces the material refs of a form's messages by the messages their items make (checked by
 * {@link materialForUse}); other messages pass unchanged. The features then check the result as
 * any typed-in message (the tenant's own file, its size, an http(s) link).
 */
export async function resolveMaterialMessages<M extends { kind: string }>(
  deps: Deps,
  auth: AuthContext,
  list: readonly (M | MaterialMessageRef)[],
  maxText: number,
): Promise<(Exclude<M, MaterialMessageRef> | ContentMessage)[]> {
  const out: (Exclude<M, MaterialMessageRef> | ContentMessage)[] = [];
  for (const m of list) {
    if (!isMaterialRef(m)) {
      out.push(m as Exclude<M, MaterialMessageRef>);
      continue;
    }
    const msg = materialMessage(await materialForUse(deps, auth, m.materialId, 'messages'));
    if (msg.kind === 'text' && msg.content.length > maxText) {
      throw fail.invalid('materialTextTooLong');
    }
    out.push(msg);
  }
  return out;
}

function isMaterialRef(m: { kind: string }): m is MaterialMessageRef {
  return m.kind === 'material';
}
