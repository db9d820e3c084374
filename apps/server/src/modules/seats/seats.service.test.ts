import { describe, expect, it } from 'vitest';
import { buildSeatForest, pruneWithoutAccounts } from './seats.service.ts';

const row = (uid: string, superiorId: string | null) => ({
  uid,
  username: uid,
  nickname: uid,
  role: 'office',
  superiorId,
});

describe('seat forest', () => {
  const rows = [row('m', null), row('s', 'm'), row('a', 's'), row('b', 's'), row('c', 'm')];

  it('nests users under their superiors and keeps orphans as roots', () => {
    const forest = buildSeatForest([...rows, row('x', 'gone')], new Map([['a', 2]]));
    expect(forest.map((n) => n.uid)).toEqual(['m', 'x']);
    const m = forest[0]!;
    expect(m.children.map((n) => n.uid)).toEqual(['s', 'c']);
    expect(m.children[0]!.children.map((n) => [n.uid, n.workAccountCount])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
  });

  it('keeps only branches that lead to work accounts', () => {
    const pruned = pruneWithoutAccounts(buildSeatForest(rows, new Map([['b', 1]])));
    expect(pruned).toHaveLength(1);
    expect(pruned[0]!.children.map((n) => n.uid)).toEqual(['s']);
    expect(pruned[0]!.children[0]!.children.map((n) => n.uid)).toEqual(['b']);
    expect(pruneWithoutAccounts(buildSeatForest(rows, new Map()))).toEqual([]);
  });
});
