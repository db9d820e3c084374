import type { AnyMessageContent } from 'baileys';
import sharp from 'sharp';
import { personJid, phoneOf } from './ids.ts';
import { GatewayError, type OutboundMedia, type OutboundMessage } from './seam.ts';
import { toOggOpus } from './voice.ts';

/** Loads the bytes of a file the console sends. */
export type LoadMedia = (fileUrl: string) => Promise<Buffer>;

/**
 * The phone number a contact card of a person carries: the digits of a phone-number id, else the
 * phone the contact was listed with ('' when neither is known — a person known only by a LID,
 * whose digits are no phone number).
 */
export function cardPhoneOf(person: { wxid: string; alias?: string }): string {
  const phone = phoneOf(personJid(person.wxid)) || (person.alias ?? '').replace(/\D/g, '');
  return /^\d{6,15}$/.test(phone) ? phone : '';
}

/** A vCard of a person WhatsApp can add (it needs a phone number). */
export function vcardOf(name: string, phone: string): string {
  const safe = name.replace(/[\r\n;]/g, ' ');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${safe}`,
    `TEL;type=CELL;type=VOICE;waid=${phone}:+${phone}`,
    'END:VCARD',
  ].join('\n');
}

async function bytes(load: LoadMedia | undefined, file: OutboundMedia): Promise<Buffer> {
  if (!load) throw new GatewayError('failed', 'this server cannot load files to send');
  return load(file.fileUrl);
}

/**
 * A group text's mentions as WhatsApp wants them: the console writes `@name` (the name it shows
 * for the member) and passes the member ids; WhatsApp highlights a mention only where the text
 * says `@<number>` (the id's user part). Each member's first `@name` (of the names it may have,
 * longest first) becomes `@<number>`; a mention whose name is not in the text leaves it as is.
 */
export function mentionText(text: string, mentions: { jid: string; names: string[] }[]): string {
  let out = text;
  for (const m of mentions) {
    const number = m.jid.split('@')[0]!;
    if (!number || out.includes(`@${number}`)) continue;
    const names = [...new Set(m.names.map((n) => n.trim()).filter(Boolean))].sort(
      (a, b) => b.length - a.length,
    );
    for (const name of names) {
      const at = out.indexOf(`@${name}`);
      if (at < 0) continue;
      out = `${out.slice(0, at)}@${number}${out.slice(at + 1 + name.length)}`;
      break;
    }
  }
  return out;
}

/**
 * The socket content of a console send (quotes are completed by the caller with the quoted
 * message). Voice goes as an OGG/Opus voice note (remuxed or transcoded, see voice.ts), or as an
 * audio file when it cannot be; a sticker
 * that is not WebP is converted.
 */
export async function toSocketContent(
  msg: OutboundMessage,
  load: LoadMedia | undefined,
): Promise<AnyMessageContent> {
  switch (msg.kind) {
    case 'text':
      if (!msg.content.trim()) throw new GatewayError('invalid', 'empty text');
      return { text: msg.content, mentions: msg.atWxids?.length ? msg.atWxids : undefined };
    case 'quote':
      if (!msg.content.trim()) throw new GatewayError('invalid', 'empty text');
      return { text: msg.content };
    case 'image':
      return { image: await bytes(load, msg.file), mimetype: msg.file.mime };
    case 'video':
      return { video: await bytes(load, msg.file), mimetype: msg.file.mime };
    case 'file':
      return {
        document: await bytes(load, msg.file),
        mimetype: msg.file.mime,
        fileName: msg.file.fileName,
      };
    case 'voice': {
      const raw = await bytes(load, msg.file);
      const given = msg.file.durationMs ? Math.round(msg.file.durationMs / 1000) : undefined;
      const note = await toOggOpus(raw);
      return note
        ? {
            audio: note.ogg,
            ptt: true,
            seconds: given ?? (note.seconds || undefined),
            mimetype: 'audio/ogg; codecs=opus',
          }
        : { audio: raw, ptt: false, seconds: given, mimetype: msg.file.mime };
    }
    case 'emoticon': {
      const raw = await bytes(load, msg.file);
      const webp =
        msg.file.mime === 'image/webp'
          ? raw
          : await sharp(raw, { animated: true }).webp().toBuffer();
      return { sticker: webp, mimetype: 'image/webp' };
    }
    case 'link':
      // WhatsApp shows a link as text with a preview of the URL.
      return {
        text: [msg.title, msg.url].filter(Boolean).join('\n'),
        linkPreview: {
          'canonical-url': msg.url,
          'matched-text': msg.url,
          title: msg.title,
          description: msg.description,
        },
      };
    case 'card': {
      const phone = cardPhoneOf(msg);
      if (!phone) throw new GatewayError('invalid', 'a contact card needs a phone number');
      return {
        contacts: {
          displayName: msg.nickname,
          contacts: [{ displayName: msg.nickname, vcard: vcardOf(msg.nickname, phone) }],
        },
      };
    }
    case 'location':
      return {
        location: {
          degreesLatitude: msg.latitude,
          degreesLongitude: msg.longitude,
          name: msg.poiName,
          address: msg.label,
        },
      };
    case 'miniProgram':
      throw new GatewayError('unsupported', 'WhatsApp has no mini-programs');
  }
}
