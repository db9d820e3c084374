import {
  cardContent,
  linkContent,
  locationContent,
  miniProgramContent,
  MSG_TYPE,
  quoteText,
} from '@cst/shared';
import type { z } from 'zod';
import { GatewayError, type OutboundMedia, type OutboundMessage } from '../../gateway/index.ts';
import type { MessageRow } from './conversation.presenter.ts';

function json<S extends z.ZodTypeAny>(schema: S, content: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    throw new GatewayError('invalid', 'the message content is not valid JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new GatewayError('invalid', 'the message content has a wrong shape');
  return parsed.data;
}

function mediaOf(row: MessageRow): OutboundMedia {
  if (!row.fileUrl) throw new GatewayError('invalid', 'the message has no file');
  const file: OutboundMedia = {
    fileUrl: row.fileUrl,
    fileName: row.fileName ?? row.content,
    mime: row.fileMime ?? 'application/octet-stream',
    size: row.fileLen ?? 0,
  };
  if (row.media?.durationMs !== undefined) file.durationMs = row.media.durationMs;
  return file;
}

/** The platform message of a stored console message, by its type. */
export function outboundOf(row: MessageRow): OutboundMessage {
  switch (row.msgType) {
    case MSG_TYPE.quote:
      if (row.refMsgId) {
        return { kind: 'quote', content: quoteText(row.content), refMsgId: row.refMsgId };
      }
      return { kind: 'text', content: quoteText(row.content) };
    case MSG_TYPE.text:
      return row.mentions?.length
        ? { kind: 'text', content: row.content, atWxids: row.mentions }
        : { kind: 'text', content: row.content };
    case MSG_TYPE.image:
      return { kind: 'image', file: mediaOf(row) };
    case MSG_TYPE.document:
      return { kind: 'file', file: mediaOf(row) };
    case MSG_TYPE.video:
      return { kind: 'video', file: mediaOf(row) };
    case MSG_TYPE.voice:
      return { kind: 'voice', file: mediaOf(row) };
    case MSG_TYPE.emoticon:
      return { kind: 'emoticon', file: mediaOf(row) };
    case MSG_TYPE.link:
    case MSG_TYPE.article: {
      const l = json(linkContent, row.content);
      const out: OutboundMessage = {
        kind: 'link',
        title: l.title,
        description: l.description,
        url: l.url,
      };
      if (l.thumbUrl) out.thumbUrl = l.thumbUrl;
      return out;
    }
    case MSG_TYPE.miniProgram: {
      const m = json(miniProgramContent, row.content);
      const out: OutboundMessage = {
        kind: 'miniProgram',
        title: m.title,
        appId: m.appId,
        appName: m.appName,
        pagePath: m.pagePath,
      };
      if (m.thumbUrl) out.thumbUrl = m.thumbUrl;
      return out;
    }
    case MSG_TYPE.card: {
      const c = json(cardContent, row.content);
      return {
        kind: 'card',
        wxid: c.wxid,
        nickname: c.nickname,
        avatar: c.avatar,
        ...(c.alias ? { alias: c.alias } : {}),
      };
    }
    case MSG_TYPE.location: {
      const l = json(locationContent, row.content);
      return { kind: 'location', ...l };
    }
    default:
      return { kind: 'text', content: row.content };
  }
}
