import { describe, expect, it } from 'vitest';
import { moveBefore } from './useDragOrder.ts';

describe('moveBefore', () => {
  it('moves an item down to the place of the one it is dropped on', () => {
    expect(moveBefore(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
  });
  it('moves an item up before the one it is dropped on', () => {
    expect(moveBefore(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });
  it('keeps the order for an unknown id or a drop on itself', () => {
    expect(moveBefore(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
    expect(moveBefore(['a', 'b'], 'a', 'a')).toEqual(['a', 'b']);
  });
});
