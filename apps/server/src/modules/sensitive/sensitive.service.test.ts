import { describe, expect, it } from 'vitest';
import { firstSensitiveMatch } from '@cst/shared';
import { textOf, wordsIn } from './sensitive.service.ts';

describe('matching', () => {
  it('finds every word case-insensitively, and the first match for highlighting', () => {
    expect(wordsIn('加我VX吧，先转账', ['转账', 'vx', '红包'])).toEqual(['转账', 'vx']);
    expect(wordsIn('nothing here', ['转账'])).toEqual([]);
    expect(firstSensitiveMatch('先转账再加VX', ['vx', '转账'])).toEqual({
      word: '转账',
      index: 1,
      length: 2,
    });
    expect(firstSensitiveMatch('abc', ['x'])).toBeNull();
  });

  it('reads the text of text and quote messages only', () => {
    expect(textOf(1, 'hi')).toBe('hi');
    expect(textOf(19, JSON.stringify({ content: 'reply', refContent: 'x' }))).toBe('reply');
    expect(textOf(2, 'a.png')).toBeNull();
  });
});
