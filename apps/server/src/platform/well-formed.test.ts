import { describe, expect, it } from 'vitest';
import { wellFormed, wellFormedJson } from './well-formed.ts';

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
