import { describe, expect, it } from 'vitest';
import { EMOJI_TABLE, emojiOf } from '../composer/emoji.ts';
import { emojify, isSafeHref, tokenize } from './richText.ts';

describe('the emoji table', () => {
  it('has about 100 distinct codes, each bracketed, each with an emoji', () => {
    expect(EMOJI_TABLE.length).toBeGreaterThanOrEqual(100);
    const codes = EMOJI_TABLE.map(([c]) => c);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [code, emoji] of EMOJI_TABLE) {
      expect(code).toMatch(/^\[[^[\]\s]{1,8}\]$/);
      expect(emoji.length).toBeGreaterThan(0);
    }
    expect(emojiOf('[微笑]')).toBe('🙂');
    expect(emojiOf('[没有这个]')).toBeUndefined();
  });
});

describe('tokenize', () => {
  it('turns known codes into emoji and keeps unknown brackets as text', () => {
    expect(tokenize('你好[微笑][不存在]！')).toEqual([
      { kind: 'text', text: '你好' },
      { kind: 'emoji', code: '[微笑]', emoji: '🙂' },
      { kind: 'text', text: '[不存在]！' },
    ]);
  });

  it('finds http and https links, leaving sentence punctuation outside', () => {
    expect(tokenize('看 https://a.example/x?y=1&z=2. 和 http://b.example，好')).toEqual([
      { kind: 'text', text: '看 ' },
      { kind: 'link', href: 'https://a.example/x?y=1&z=2', text: 'https://a.example/x?y=1&z=2' },
      { kind: 'text', text: '. 和 ' },
      { kind: 'link', href: 'http://b.example', text: 'http://b.example' },
      { kind: 'text', text: '，好' },
    ]);
  });

  it('never makes a link of other schemes or of markup', () => {
    for (const s of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      'ftp://files.example/a',
      'http://',
    ]) {
      expect(tokenize(s).every((t) => t.kind !== 'link')).toBe(true);
    }
    expect(tokenize('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(isSafeHref('https://ok.example')).toBe(true);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
  });

  it('keeps every character: the tokens join back to the input', () => {
    const input = 'a[微笑]b https://x.example/p [OK]\n第二行 [';
    const joined = tokenize(input)
      .map((t) => (t.kind === 'emoji' ? t.code : t.text))
      .join('');
    expect(joined).toBe(input);
  });

  it('emojify shows emoji in one-line previews', () => {
    expect(emojify('好的[OK]')).toBe('好的👌');
    expect(emojify('plain')).toBe('plain');
  });
});
