import { describe, expect, it } from 'vitest';
import type { SeatNode } from '@cst/shared';
import { seatOptions } from './seatOptions.ts';

const node = (uid: string, children: SeatNode[] = []): SeatNode => ({
  uid,
  username: uid,
  nickname: `N${uid}`,
  role: 'office',
  workAccountCount: 0,
  children,
});

describe('seatOptions', () => {
  it('maps the tree and leaves out a user with its subtree (no cycles in superiors)', () => {
    const tree = [node('m', [node('s', [node('a')]), node('b')])];
    expect(seatOptions(tree, 's')).toEqual([
      { value: 'm', title: 'Nm (m)', children: [{ value: 'b', title: 'Nb (b)', children: [] }] },
    ]);
  });
});
