import { useQuery } from '@tanstack/react-query';
import { firstSensitiveMatch } from '@cst/shared';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { BoxedText } from '../conversations/chat/BoxedText.tsx';
import { RichText } from '../conversations/chat/RichText.tsx';
import { TranslateMessage } from '../translation/TranslateMessage.tsx';
import { sensitiveApi } from './api.ts';

/** The words a subAdmin sees in red (none for other roles), fetched once per few minutes. */
function useHighlightWords(): readonly string[] {
  const { data } = useQuery({
    queryKey: ['sensitive', 'highlight'],
    queryFn: sensitiveApi.highlight,
    staleTime: 5 * 60_000,
  });
  return data?.enabled ? data.words : [];
}

/** A text with its first sensitive word in red, all as text nodes (no HTML injected). */
export function SensitiveText({ text, words }: { text: string; words: readonly string[] }) {
  const hit = words.length ? firstSensitiveMatch(text, words) : null;
  if (!hit) return <RichText text={text} />;
  const end = hit.index + hit.length;
  return (
    <>
      {hit.index > 0 && <RichText text={text.slice(0, hit.index)} />}
      <span className="sensitive-word" data-testid="sensitive-word" style={{ color: '#f5222d' }}>
        {text.slice(hit.index, end)}
      </span>
      {end < text.length && <RichText text={text.slice(end)} />}
    </>
  );
}

/**
 * A text message bubble: boxed at six lines when long or code-like (SPEC §9), a subAdmin's first
 * sensitive word in red, and translation on demand.
 */
export function SensitiveTextBubble({ message }: BubbleProps) {
  const words = useHighlightWords();
  return (
    <>
      <BoxedText text={message.content}>
        <SensitiveText text={message.content} words={words} />
      </BoxedText>
      <TranslateMessage message={message} />
    </>
  );
}
