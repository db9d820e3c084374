import { describe, expect, it } from 'vitest';
import { inspectInput, MAX_INPUT_DEPTH, trimDeep } from './trim.ts';

/** `[[[…]]]` nested `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('inspectInput', () => {
  it('trims every string and keeps the shape', () => {
    const { value, problem } = inspectInput({ a: ' x ', b: [' y', { c: 'z ' }], n: 1, t: true });
    expect(problem).toBeNull();
    expect(value).toEqual({ a: 'x', b: ['y', { c: 'z' }], n: 1, t: true });
  });

  it('names the first NUL and lone surrogate with its path', () => {
    expect(inspectInput({ a: { b: ['ok', 'x\u0000'] } }).problem).toEqual({
      kind: 'nul',
      path: 'a.b[1]',
    });
    expect(inspectInput({ name: '\ud800x' }).problem).toEqual({
      kind: 'loneSurrogate',
      path: 'name',
    });
    expect(inspectInput({ ok: '😀 \udbff\udfff' }).problem).toBeNull();
  });

  it('checks keys too', () => {
    expect(inspectInput({ 'a\u0000': 1 }).problem?.kind).toBe('nul');
  });

  it('refuses deep nesting without overflowing the stack, at any depth', () => {
    expect(inspectInput(nested(MAX_INPUT_DEPTH - 1)).problem).toBeNull();
    expect(inspectInput({ a: nested(MAX_INPUT_DEPTH) }).problem?.kind).toBe('tooDeep');
    expect(inspectInput(nested(1_000_000)).problem?.kind).toBe('tooDeep');
  });

  it('walks null-prototype objects (query strings) and keeps their prototype', () => {
    const query = Object.create(null) as Record<string, string>;
    query.keyword = ' a\u0000 ';
    expect(inspectInput(query).problem).toEqual({ kind: 'nul', path: 'keyword' });
    query.keyword = ' a ';
    const { value } = inspectInput(query);
    expect(value.keyword).toBe('a');
    expect(Object.getPrototypeOf(value)).toBeNull();
  });

  it('keeps a __proto__ key as data, never as the prototype', () => {
    const input = JSON.parse('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    const { value } = inspectInput(input);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('passes buffers through untouched', () => {
    const buf = new Uint8Array([0]);
    expect(inspectInput({ buf }).value.buf).toBe(buf);
  });
});

describe('trimDeep', () => {
  it('trims at any depth, NUL or not', () => {
    expect(trimDeep({ a: [' x\u0000 '], b: nested(100) })).toEqual({
      a: ['x\u0000'],
      b: nested(100),
    });
  });
});
