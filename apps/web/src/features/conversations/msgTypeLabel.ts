import { isMsgType, MSG_TYPE, MSG_TYPE_NAME } from '@cst/shared';
import { emojify } from './richText.ts';

/** Message types whose preview is their text alone (no '[图片]'-style prefix). */
const TEXT_TYPES: readonly number[] = [MSG_TYPE.text, MSG_TYPE.quote, MSG_TYPE.system];

/**
 * The i18n key of the '[图片]'-style label of a message type, or null for the types shown as
 * plain text (text, quote, system notice).
 */
export function typeLabelKey(msgType: number | null): string | null {
  if (msgType === null || TEXT_TYPES.includes(msgType)) return null;
  return isMsgType(msgType) ? `inbox.type.${MSG_TYPE_NAME[msgType]}` : 'inbox.type.unknown';
}

/** The preview line of a conversation: the type label, then the server's `msg_text` (emoji shown). */
export function previewLine(
  msgType: number | null,
  msgText: string,
  t: (key: string) => string,
): string {
  const key = typeLabelKey(msgType);
  if (!key) return emojify(msgText);
  const label = t(key);
  return msgText && msgText !== label ? `${label} ${emojify(msgText)}` : label;
}
