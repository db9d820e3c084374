import { describe, expect, it } from 'vitest';
import { AhoCorasick, KeywordMatcher, type CompiledRule } from './keyword-matcher.ts';

function rule(id: string, keywords: string[], over: Partial<CompiledRule> = {}): CompiledRule {
  return {
    id,
    keywords,
    matchMode: 'contains',
    accountIds: null,
    talkTypes: new Set([1, 2]),
    mentionOnly: false,
    priority: 0,
    cooldownSec: 0,
    drafts: [],
    createdAt: 0,
    ...over,
  };
}

const ids = (m: KeywordMatcher, text: string) => m.match(text).map((r) => r.id);

describe('AhoCorasick', () => {
  it('finds every occurrence, overlapping and nested, as a naive search does', () => {
    const words = ['he', 'she', 'his', 'hers', '價格', '价格', '🙂', 'a🙂b'];
    const ac = new AhoCorasick(words.map((text, value) => ({ text, value })));
    const texts = ['ushers', 'ahishers', '请问价格多少', '價格', 'xa🙂by', '🙂🙂', 'nothing here'];
    for (const t of texts) {
      const got: number[] = [];
      ac.scan(t, (v) => got.push(v));
      const naive: number[] = [];
      for (let i = 0; i < t.length; i++) {
        words.forEach((w, v) => {
          if (t.startsWith(w, i)) naive.push(v);
        });
      }
      expect(got.sort(), t).toEqual(naive.sort());
    }
  });
});

describe('KeywordMatcher', () => {
  it('folds case and full-width characters on both sides', () => {
    const m = new KeywordMatcher([
      rule('a', ['price']),
      rule('b', ['vip'], { matchMode: 'exact' }),
    ]);
    expect(ids(m, 'What is the ＰＲＩＣＥ?')).toEqual(['a']);
    expect(ids(m, 'ＶＩＰ')).toEqual(['b']);
    expect(ids(m, ' vip ')).toEqual(['b']);
    expect(ids(m, 'vip please')).toEqual([]);
  });

  it('orders hits by priority, then by age', () => {
    const m = new KeywordMatcher([
      rule('low', ['价格'], { priority: 1, createdAt: 1 }),
      rule('high', ['价'], { priority: 9, createdAt: 3 }),
      rule('old', ['格'], { priority: 1, createdAt: 0 }),
    ]);
    expect(ids(m, '价格多少')).toEqual(['high', 'old', 'low']);
  });

  it('matches emoji keywords and keywords inside other keywords', () => {
    const m = new KeywordMatcher([rule('e', ['🎉']), rule('x', ['优惠券']), rule('y', ['惠'])]);
    expect(ids(m, '有优惠券吗🎉')).toEqual(['e', 'x', 'y']);
    expect(ids(m, '没有')).toEqual([]);
  });

  it('holds 10,000 keywords and still finds the one a message contains', () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => rule(`r${i}`, [`关键词${i}号`]));
    const m = new KeywordMatcher(rules);
    expect(ids(m, '我想问关键词7777号的事')).toEqual(['r7777']);
  });
});
