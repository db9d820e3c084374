import { describe, expect, it } from 'vitest';
import { filterMentionables, insertMention, mentionedIn, mentionQueryAt } from './mentionQuery.ts';

const people = [
  { id: 'u1', name: '王小明' },
  { id: 'u2', name: '小王' },
  { id: 'u3', name: 'Alice' },
];

describe('the @ picker', () => {
  it('opens on an @ that is not part of an address, with what follows', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('你好 @小', 5)).toEqual({ start: 3, query: '小' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('客户要发票，@', 7)).toEqual({ start: 6, query: '' });
    expect(mentionQueryAt('@小王 好的', 6)).toBeNull();
    expect(mentionQueryAt('无提及', 3)).toBeNull();
  });

  it('filters by name, those starting with the query first', () => {
    expect(filterMentionables(people, '小').map((p) => p.id)).toEqual(['u2', 'u1']);
    expect(filterMentionables(people, 'ali').map((p) => p.id)).toEqual(['u3']);
    expect(filterMentionables(people, '')).toHaveLength(3);
    expect(filterMentionables(people, 'zz')).toEqual([]);
  });

  it('inserts @name and keeps only people still named in the text', () => {
    const q = mentionQueryAt('请 @小', 4)!;
    expect(insertMention('请 @小', q, 4, '小王')).toEqual({ text: '请 @小王 ', caret: 6 });
    expect(mentionedIn('请 @小王 看', people).map((p) => p.id)).toEqual(['u2']);
    expect(mentionedIn('请看', people)).toEqual([]);
  });
});
