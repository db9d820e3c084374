import { isMsgType, messagePreview, MSG_TYPE, MSG_TYPE_NAME, parseCallPreview } from '@cst/shared';
import { emojify } from './richText.ts';

/** Message types whose preview is their text alone (no '[图片]'-style prefix). */
const TEXT_TYPES: readonly number[] = [MSG_TYPE.text, MSG_TYPE.quote, MSG_TYPE.system];

/** Call types, whose preview words how the call ended. */
const CALL_TYPES: readonly number[] = [MSG_TYPE.voiceCall, MSG_TYPE.videoCall];

/**
 * The i18n key of the '[图片]'-style label of a message type, or null for the types shown as
 * plain text (text, quote, system notice).
 */
export function typeLabelKey(msgType: number | null): string | null {
  if (msgType === null || TEXT_TYPES.includes(msgType)) return null;
  return isMsgType(msgType) ? `inbox.type.${MSG_TYPE_NAME[msgType]}` : 'inbox.type.unknown';
}

/**
 * The detail after a type's label, in the reader's language: a call says how it ended ('通话时长
 * 01:23', '未接听'); the others show the server's preview. A preview stored before previews were
 * made from a message's JSON (raw JSON) is read the way the server reads it now.
 */
export function previewDetail(
  msgType: number,
  msgText: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const text = msgText.startsWith('{') ? messagePreview(msgType, msgText, null) : msgText;
  if (CALL_TYPES.includes(msgType)) {
    const call = parseCallPreview(text);
    if (call) return t(`bubble.call.${call.result}`, { duration: call.duration });
  }
  return text;
}

/** The preview line of a conversation: the type label, then the server's `msg_text` (emoji shown). */
export function previewLine(
  msgType: number | null,
  msgText: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const key = typeLabelKey(msgType);
  if (!key || msgType === null) return emojify(msgText);
  const label = t(key);
  if (!isMsgType(msgType)) return label;
  const detail = previewDetail(msgType, msgText, t);
  return detail && detail !== label ? `${label} ${emojify(detail)}` : label;
}
