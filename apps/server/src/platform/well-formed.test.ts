import { describe, expect, it } from 'vitest';
import { wellFormed, wellFormedJson, wellFormedJsonText } from './well-formed.ts';

describe('wellFormedJson', () => {
  it('replaces lone surrogates at any depth and keeps pairs', () => {
    const value = { a: '\ud800x', b: [{ c: 'y\udc00' }], d: '😀', e: 1 };
    expect(wellFormedJson(value)).toEqual({ a: '\ufffdx', b: [{ c: 'y\ufffd' }], d: '😀', e: 1 });
  });

  it('returns the same value when nothing needs replacing', () => {
    const value = { a: 'text', b: ['😀', 'a\\ud800'] };
    expect(wellFormedJson(value)).toBe(value);
  });

  it('leaves strings without surrogates alone', () => {
    expect(wellFormed('plain 文本')).toBe('plain 文本');
    expect(wellFormed('\udbff\udfff')).toBe('\udbff\udfff');
    expect(wellFormed('\udfff\udbff')).toBe('\ufffd\ufffd');
  });
});

describe('wellFormedJsonText', () => {
  it('gives the value with its text, replaced where needed', () => {
    const value = { a: '\ud800x', b: ['😀', 'a\\ud800'] };
    const fixed = wellFormedJsonText(value);
    expect(fixed.value).toEqual({ a: '\ufffdx', b: ['😀', 'a\\ud800'] });
    expect(JSON.parse(fixed.text)).toEqual(fixed.value);
    const plain = { a: 'text', n: [1, null] };
    expect(wellFormedJsonText(plain)).toEqual({ value: plain, text: '{"a":"text","n":[1,null]}' });
    expect(wellFormedJsonText(plain).value).toBe(plain);
    expect(wellFormedJsonText(null).text).toBe('null');
  });
});
