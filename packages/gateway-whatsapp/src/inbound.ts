import { getContentType, normalizeMessageContent, proto, toNumber, type WAMessage } from 'baileys';
import { MSG_TYPE, type MsgType } from '@cst/shared';
import type { MediaFileDto } from './seam.ts';

/** A WhatsApp message as the console's type, content and file. */
export interface MappedContent {
  msgType: MsgType;
  content: string;
  file: MediaFileDto | null;
  refMsgId: string | null;
  refContent: string | null;
  /** For revokes and edits: the message it acts on. */
  protocol?: { kind: 'revoke' | 'edit'; msgId: string };
}

/** Text of a message for a quote or preview. */
export function previewText(message: proto.IMessage | null | undefined): string {
  const m = normalizeMessageContent(message);
  if (!m) return '';
  return (
    m.conversation ??
    m.extendedTextMessage?.text ??
    m.imageMessage?.caption ??
    m.videoMessage?.caption ??
    m.documentMessage?.fileName ??
    ''
  );
}

function mediaFile(
  msgId: string,
  mime: string | null | undefined,
  fileName: string,
  size: number | Long | null | undefined,
  extra: Partial<MediaFileDto> = {},
): MediaFileDto {
  return {
    fileId: msgId,
    fileName,
    mime: mime ?? 'application/octet-stream',
    size: toNumber(size ?? 0),
    ...extra,
  };
}

type Long = Parameters<typeof toNumber>[0];

const ext = (mime: string | null | undefined, fallback: string) => {
  const sub = mime?.split(';')[0]?.split('/')[1];
  return sub ? sub.replace('jpeg', 'jpg').replace('quicktime', 'mov') : fallback;
};

const dims = (m: { width?: number | null; height?: number | null }) => ({
  ...(m.width ? { width: m.width } : {}),
  ...(m.height ? { height: m.height } : {}),
});

/**
 * Maps a message's content to the console's types (WHATSAPP.md): text 1, image 2, document and
 * non-voice audio 3, sticker 4, video 5, voice note 6, contact 9, link preview 10, location 18,
 * reply 19, polls / events / invites / products 22, protocol stubs 99. Null: nothing to show
 * (reactions, key distribution, receipts of the protocol).
 */
export function mapContent(msg: WAMessage): MappedContent | null {
  const id = msg.key.id ?? '';
  const m = normalizeMessageContent(msg.message);
  const base = { file: null, refMsgId: null, refContent: null };
  if (!m) {
    if (msg.messageStubType === proto.WebMessageInfo.StubType.REVOKE) {
      return {
        ...base,
        msgType: MSG_TYPE.system,
        content: '',
        protocol: { kind: 'revoke', msgId: id },
      };
    }
    return null;
  }
  // A string, not the union of every proto field: kinds the console has no type for fall through.
  const type: string | undefined = getContentType(m);
  const quoted = (ctx: proto.IContextInfo | null | undefined) =>
    ctx?.stanzaId ? { refMsgId: ctx.stanzaId, refContent: previewText(ctx.quotedMessage) } : null;
  switch (type) {
    case 'conversation':
      return { ...base, msgType: MSG_TYPE.text, content: m.conversation ?? '' };
    case 'extendedTextMessage': {
      const t = m.extendedTextMessage!;
      const q = quoted(t.contextInfo);
      if (q) {
        return {
          ...base,
          ...q,
          msgType: MSG_TYPE.quote,
          content: JSON.stringify({
            content: t.text ?? '',
            refMsgId: q.refMsgId,
            refContent: q.refContent,
            displayName: t.contextInfo?.participant ?? '',
          }),
        };
      }
      if (t.matchedText && t.title) {
        return {
          ...base,
          msgType: MSG_TYPE.link,
          content: JSON.stringify({
            title: t.title,
            description: t.description ?? '',
            url: t.matchedText,
          }),
        };
      }
      return { ...base, msgType: MSG_TYPE.text, content: t.text ?? '' };
    }
    case 'imageMessage': {
      const i = m.imageMessage!;
      const name = `${id}.${ext(i.mimetype, 'jpg')}`;
      return {
        ...base,
        msgType: MSG_TYPE.image,
        content: name,
        file: mediaFile(id, i.mimetype, name, i.fileLength, dims(i)),
      };
    }
    case 'videoMessage': {
      const v = m.videoMessage!;
      const name = `${id}.${ext(v.mimetype, 'mp4')}`;
      return {
        ...base,
        msgType: MSG_TYPE.video,
        content: name,
        file: mediaFile(id, v.mimetype, name, v.fileLength, {
          ...dims(v),
          ...(v.seconds ? { durationMs: v.seconds * 1000 } : {}),
        }),
      };
    }
    case 'audioMessage': {
      const a = m.audioMessage!;
      const voice = !!a.ptt;
      const name = `${id}.${ext(a.mimetype, voice ? 'ogg' : 'mp3')}`;
      return {
        ...base,
        msgType: voice ? MSG_TYPE.voice : MSG_TYPE.document,
        content: name,
        file: mediaFile(id, a.mimetype, name, a.fileLength, {
          ...(a.seconds ? { durationMs: a.seconds * 1000 } : {}),
        }),
      };
    }
    case 'documentMessage':
    case 'documentWithCaptionMessage': {
      const d = m.documentMessage ?? m.documentWithCaptionMessage?.message?.documentMessage;
      const name = d?.fileName || `${id}.${ext(d?.mimetype, 'bin')}`;
      return {
        ...base,
        msgType: MSG_TYPE.document,
        content: name,
        file: mediaFile(id, d?.mimetype, name, d?.fileLength),
      };
    }
    case 'stickerMessage': {
      const s = m.stickerMessage!;
      const name = `${id}.webp`;
      return {
        ...base,
        msgType: MSG_TYPE.emoticon,
        content: name,
        file: mediaFile(id, s.mimetype ?? 'image/webp', name, s.fileLength, dims(s)),
      };
    }
    case 'contactMessage':
    case 'contactsArrayMessage': {
      const c = m.contactMessage ?? m.contactsArrayMessage?.contacts?.[0];
      const phone = /waid=(\d+)/.exec(c?.vcard ?? '')?.[1] ?? '';
      return {
        ...base,
        msgType: MSG_TYPE.card,
        content: JSON.stringify({
          wxid: phone ? `${phone}@s.whatsapp.net` : '',
          nickname: c?.displayName ?? '',
          avatar: '',
          alias: phone,
        }),
      };
    }
    case 'locationMessage':
    case 'liveLocationMessage': {
      const l = m.locationMessage ?? m.liveLocationMessage;
      const named = m.locationMessage;
      return {
        ...base,
        msgType: MSG_TYPE.location,
        content: JSON.stringify({
          latitude: l?.degreesLatitude ?? 0,
          longitude: l?.degreesLongitude ?? 0,
          label: named?.address ?? '',
          poiName: named?.name ?? '',
        }),
      };
    }
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3': {
      const p = m.pollCreationMessage ?? m.pollCreationMessageV2 ?? m.pollCreationMessageV3;
      return app(p?.name ?? '', 'poll');
    }
    case 'eventMessage':
      return app(m.eventMessage?.name ?? '', 'event');
    case 'groupInviteMessage':
      return app(m.groupInviteMessage?.groupName ?? '', 'group invite');
    case 'productMessage':
      return app(m.productMessage?.product?.title ?? '', 'product');
    case 'protocolMessage': {
      const p = m.protocolMessage!;
      const target = p.key?.id ?? '';
      if (p.type === proto.Message.ProtocolMessage.Type.REVOKE) {
        return {
          ...base,
          msgType: MSG_TYPE.system,
          content: '',
          protocol: { kind: 'revoke', msgId: target },
        };
      }
      if (p.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
        return {
          ...base,
          msgType: MSG_TYPE.system,
          content: previewText(p.editedMessage),
          protocol: { kind: 'edit', msgId: target },
        };
      }
      return null;
    }
    case 'reactionMessage':
    case 'senderKeyDistributionMessage':
    case 'messageContextInfo':
    case undefined:
      return null;
    default:
      return { ...base, msgType: MSG_TYPE.system, content: `[${String(type)}]` };
  }
}

function app(title: string, appName: string): MappedContent {
  return {
    msgType: MSG_TYPE.app,
    content: JSON.stringify({ title, appName }),
    file: null,
    refMsgId: null,
    refContent: null,
  };
}
