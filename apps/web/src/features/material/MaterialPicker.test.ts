import { describe, expect, it } from 'vitest';
import type { MaterialItem } from '@cst/shared';
import { toggleChosen } from './MaterialPicker.tsx';

const item = (id: string, type: number): MaterialItem => ({
  id,
  folderId: 'f',
  type,
  title: id,
  content: '',
  card: null,
  fileUrl: null,
  thumbUrl: null,
  fileName: null,
  mime: null,
  size: null,
  width: null,
  height: null,
  durationMs: null,
  createdAt: 0,
});

describe('choosing material within the target’s limits', () => {
  const text = item('t', 1);
  const pic = item('p', 2);
  const pic2 = item('p2', 2);
  const voice = item('v', 4);

  it('ticks and unticks items up to the room left', () => {
    let c = toggleChosen([], text, [1, 2], 2);
    c = toggleChosen(c, pic, [1, 2], 2);
    expect(c.map((x) => x.id)).toEqual(['t', 'p']);
    expect(toggleChosen(c, pic2, [1, 2], 2).map((x) => x.id)).toEqual(['t', 'p']);
    expect(toggleChosen(c, text, [1, 2], 2).map((x) => x.id)).toEqual(['p']);
  });

  it('never chooses a type the target does not take', () => {
    expect(toggleChosen([], voice, [1, 2, 3, 5, 6, 7], 5)).toEqual([]);
    expect(toggleChosen([], text, [2], 9)).toEqual([]);
  });

  it('replaces the choice when only one is allowed (a moment’s video)', () => {
    const a = item('a', 3);
    const b = item('b', 3);
    expect(toggleChosen(toggleChosen([], a, [3], 1), b, [3], 1).map((x) => x.id)).toEqual(['b']);
  });
});
