import { useState, type KeyboardEvent } from 'react';
import {
  filterMentionables,
  insertMention,
  mentionQueryAt,
  type Mentionable,
} from './mentionQuery.ts';

/** The state of an `@` picker over a text box. */
export interface MentionPicker {
  open: boolean;
  results: Mentionable[];
  active: number;
  setActive(i: number): void;
  choose(m: Mentionable): void;
  /** Arrow keys, Enter/Tab and Escape while open; true when the key was the picker's. */
  handleKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
}

/**
 * An `@` picker: typing `@` opens the list of `people`, typing on filters it, arrows move, Enter
 * or Tab insert `@name ` (the choice is reported to `onChosen`), Escape closes it.
 */
export function useMentionPicker(
  text: string,
  caret: number,
  people: readonly Mentionable[] | null,
  place: (text: string, caret: number) => void,
  onChosen: (m: Mentionable) => void,
): MentionPicker {
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const q = people ? mentionQueryAt(text, caret) : null;
  const results = q && people ? filterMentionables(people, q.query) : [];
  const open = !!q && q.start !== closedAt && results.length > 0;
  const at = Math.min(active, Math.max(results.length - 1, 0));
  const choose = (m: Mentionable) => {
    if (!q) return;
    const next = insertMention(text, q, caret, m.name);
    onChosen(m);
    setActive(0);
    place(next.text, next.caret);
  };
  return {
    open,
    results,
    active: at,
    setActive,
    choose,
    handleKeyDown: (e) => {
      if (!open || e.nativeEvent.isComposing) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((at + step + results.length) % results.length);
      } else if (e.key === 'Enter' || e.key === 'Tab') {
        choose(results[at]!);
      } else if (e.key === 'Escape') {
        setClosedAt(q!.start);
      } else return false;
      e.preventDefault();
      return true;
    },
  };
}
