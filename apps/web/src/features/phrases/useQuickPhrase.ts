import { useMemo, useState, type KeyboardEvent } from 'react';
import type { PhraseItem } from '@cst/shared';
import { quickToken, searchPhrases } from './phraseSearch.ts';
import { useCountPhraseUse, usePhraseIndex } from './usePhrases.ts';

/** What the composer needs of the quick search. */
export interface QuickPhrase {
  open: boolean;
  /** Open with no phrase at all to offer: the list says why and links to the library. */
  empty: boolean;
  results: PhraseItem[];
  active: number;
  setActive: (i: number) => void;
  /** Handles arrows, Enter, Tab and Escape while the list is open; true when it took the key. */
  handleKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** Replaces the `/letters` token with a phrase. */
  choose: (p: PhraseItem) => void;
}

/**
 * The composer's quick search: typing `/` then a few letters lists matching phrases (most used
 * first); arrow keys move, Enter or Tab inserts in place of the token, Escape closes.
 */
export function useQuickPhrase(
  draft: string,
  caret: number,
  apply: (text: string, caret: number) => void,
): QuickPhrase {
  const token = quickToken(draft, caret);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [activeRaw, setActive] = useState(0);
  const { index, loaded } = usePhraseIndex(token !== null);
  const countUse = useCountPhraseUse();
  const key = token ? `${token.start}:${token.query}` : null;
  const query = token?.query ?? null;
  const results = useMemo(
    () => (query === null ? [] : searchPhrases(index, query)),
    [index, query],
  );
  // The caller sees no phrase at all (a seat whose manager kept the groups personal): say why
  // rather than show nothing.
  const empty = loaded && index.items.length === 0;
  const open = token !== null && key !== dismissed && (results.length > 0 || empty);
  const active = Math.min(activeRaw, Math.max(0, results.length - 1));

  const choose = (p: PhraseItem) => {
    if (!token) return;
    const text = draft.slice(0, token.start) + p.content + draft.slice(caret);
    apply(text, token.start + p.content.length);
    setActive(0);
    countUse(p.id);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    if (results.length === 0) {
      if (e.key !== 'Escape') return false;
      setDismissed(key);
      e.preventDefault();
      return true;
    }
    switch (e.key) {
      case 'ArrowDown':
        setActive((active + 1) % results.length);
        break;
      case 'ArrowUp':
        setActive((active - 1 + results.length) % results.length);
        break;
      case 'Enter':
      case 'Tab':
        choose(results[active]!);
        break;
      case 'Escape':
        setDismissed(key);
        break;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  };
  return { open, empty, results, active, setActive, handleKeyDown, choose };
}
