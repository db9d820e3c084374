import type { OutboundMessage } from './types.ts';

/**
 * Typing presence before automated sends (issue 34): a person is seen `composing` for a while
 * before a message arrives, a robot that answers at once is not. The time grows with the text and
 * is bounded, so a long text never holds an account's sends for long.
 */
export const TYPING_MIN_MS = 800;
export const TYPING_MS_PER_CHAR = 60;
export const TYPING_MAX_MS = 5000;

/** The text a person would type for a message (captions and titles included), else ''. */
function typedText(message: OutboundMessage): string {
  switch (message.kind) {
    case 'text':
    case 'quote':
      return message.content;
    case 'link':
      return message.title;
    case 'image':
    case 'file':
    case 'video':
    case 'voice':
    case 'emoticon':
    case 'miniProgram':
    case 'card':
    case 'location':
      return '';
  }
}

/** How long an account shows `composing` before sending this message. */
export function typingMsOf(message: OutboundMessage): number {
  const chars = [...typedText(message)].length;
  return Math.min(TYPING_MAX_MS, TYPING_MIN_MS + chars * TYPING_MS_PER_CHAR);
}
