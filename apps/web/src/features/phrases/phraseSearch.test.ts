import { describe, expect, it } from 'vitest';
import type { PhraseItem } from '@cst/shared';
import { indexPhrases, quickToken, searchPhrases } from './phraseSearch.ts';

const phrase = (content: string, useCount = 0): PhraseItem => ({
  id: content,
  groupId: 'g',
  content,
  useCount,
  shared: false,
  editable: true,
});

describe('searchPhrases', () => {
  const index = indexPhrases([
    phrase('Thanks for waiting', 9),
    phrase('您好，请问有什么可以帮您', 5),
    phrase('thank you, bye', 1),
  ]);

  it('keeps the most used first and ignores case', () => {
    expect(searchPhrases(index, 'THANK').map((p) => p.content)).toEqual([
      'Thanks for waiting',
      'thank you, bye',
    ]);
    expect(searchPhrases(index, '帮您').map((p) => p.content)).toEqual([
      '您好，请问有什么可以帮您',
    ]);
    expect(searchPhrases(index, '', 2)).toHaveLength(2);
    expect(searchPhrases(index, 'nothing')).toEqual([]);
  });
});

describe('quickToken', () => {
  it('finds a slash token at the start or after a space, up to the caret', () => {
    expect(quickToken('/th', 3)).toEqual({ start: 0, query: 'th' });
    expect(quickToken('hi /th', 6)).toEqual({ start: 3, query: 'th' });
    expect(quickToken('hi /', 4)).toEqual({ start: 3, query: '' });
    expect(quickToken('a/b', 3)).toBeNull();
    expect(quickToken('/th and more', 12)).toBeNull();
    expect(quickToken('/th', 1)).toEqual({ start: 0, query: '' });
  });
});
