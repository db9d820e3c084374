import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG_TYPE, quoteContent } from '@cst/shared';
import type { ChatMessage } from '../store/inboxStore.ts';
import { typeLabelKey } from './msgTypeLabel.ts';
import { RichText } from './RichText.tsx';
import { BoxedText } from './BoxedText.tsx';
import { RICH_BUBBLES } from '../../bubbles/index.ts';
import type { BubbleProps } from './bubbleProps.ts';

/** A text message; a long or code-like one boxed at six lines with 「展开」 (SPEC §9). */
function TextBubble({ message }: BubbleProps) {
  return <BoxedText text={message.content} />;
}

/** The reply text and the quoted message of a quote (type 19). */
export function quoteOf(m: ChatMessage): { text: string; refName: string; refText: string } {
  try {
    const parsed = quoteContent.partial().safeParse(JSON.parse(m.content));
    if (parsed.success) {
      return {
        text: parsed.data.content ?? m.msg_text,
        refName: parsed.data.displayName ?? m.displayName ?? '',
        refText: parsed.data.refContent ?? m.refContent ?? '',
      };
    }
  } catch {
    // A quote whose content is not JSON: the content is the reply text itself.
  }
  return { text: m.content, refName: m.displayName ?? '', refText: m.refContent ?? '' };
}

/** A quote reply: the reply, then the quoted message in a grey block. */
function QuoteBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const q = quoteOf(message);
  return (
    <>
      <RichText text={q.text} />
      <span className="bubble-quote" data-testid="bubble-quote">
        {/* The server leaves the name empty when the quoted message was the operator's. */}
        <span className="bubble-quote-name">
          {t('inbox.quoteFrom', { name: q.refName || t('inbox.me') })}
        </span>
        <RichText text={q.refText} />
      </span>
    </>
  );
}

/** Types shown only on the phone get a hint instead of their content (SPEC §8). */
const HINTS: Partial<Record<number, string>> = {
  [MSG_TYPE.channelVideo]: 'inbox.hint.channelVideo',
  [MSG_TYPE.forward]: 'inbox.hint.forward',
};

/**
 * Any other type, until its rich bubble ships: the type label ('[图片]') and the server's
 * preview text (file name, title) or a hint.
 */
function LabelledBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const key = typeLabelKey(message.msgType) ?? 'inbox.type.unknown';
  const hint = HINTS[message.msgType];
  const detail = hint ? t(hint) : message.fileName || message.msg_text;
  return (
    <span className="bubble-labelled" data-msg-type={message.msgType}>
      <span className="bubble-label">{t(key)}</span>
      {detail && <span className="bubble-detail">{detail}</span>}
    </span>
  );
}

/**
 * Bubbles by message type. A later feature adds its rich bubble here (image, file, card, …);
 * a type without one shows the labelled bubble.
 */
export const BUBBLES: Partial<Record<number, ComponentType<BubbleProps>>> = {
  [MSG_TYPE.text]: TextBubble,
  [MSG_TYPE.quote]: QuoteBubble,
  ...RICH_BUBBLES,
};

/** The bubble component of a message type. */
export function bubbleFor(msgType: number): ComponentType<BubbleProps> {
  return BUBBLES[msgType] ?? LabelledBubble;
}
