import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

describe('Batcher', () => {
  it('sends calls of one turn together and answers each caller with its own output', async () => {
    const runs: number[][] = [];
    const b = new Batcher<number, number>(async (xs) => {
      runs.push(xs);
      return xs.map((x) => x * 10);
    });
    const out = await Promise.all([1, 2, 3].map((x) => b.call(x)));
    expect(out).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('gathers calls made while a batch runs into the next one, and caps the batch size', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new Batcher<number, number>(
      async (xs) => {
        runs.push(xs);
        if (runs.length === 1) await gate;
        return xs;
      },
      { max: 2 },
    );
    const first = b.call(0);
    await new Promise((r) => setImmediate(r));
    const later = [1, 2, 3].map((x) => b.call(x));
    await new Promise((r) => setTimeout(r, 10));
    expect(runs).toEqual([[0]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([0, 1, 2, 3]);
    expect(runs).toEqual([[0], [1, 2], [3]]);
  });

  it('fails every caller of a batch that throws, and keeps serving later calls', async () => {
    let fail = true;
    const b = new Batcher<number, number>(async (xs) => {
      if (fail) throw new Error('boom');
      return xs;
    });
    const results = await Promise.allSettled([b.call(1), b.call(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await b.call(3)).toBe(3);
  });
});
