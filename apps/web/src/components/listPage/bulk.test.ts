import { describe, expect, it } from 'vitest';
import { outcomeFromResults, runBulk } from './bulk.ts';

describe('runBulk', () => {
  it('runs every row and reports each failure with its reason, in row order', async () => {
    const rows = ['a', 'b', 'c', 'd', 'e'];
    const seen: string[] = [];
    const outcome = await runBulk(
      rows,
      async (r) => {
        seen.push(r);
        if (r === 'b' || r === 'e') throw new Error(`no ${r}`);
      },
      { concurrency: 2 },
    );
    expect(seen.sort()).toEqual(rows);
    expect(outcome.ok).toEqual(['a', 'c', 'd']);
    expect(outcome.failed).toEqual([
      { row: 'b', reason: 'no b' },
      { row: 'e', reason: 'no e' },
    ]);
  });

  it('uses the fallback reason when an error has no message', async () => {
    const outcome = await runBulk([1], () => Promise.reject(new Error('')), {
      fallbackReason: 'failed',
    });
    expect(outcome.failed).toEqual([{ row: 1, reason: 'failed' }]);
  });

  it('answers an empty selection without calling anything', async () => {
    expect(await runBulk([], () => Promise.reject(new Error('x')))).toEqual({ ok: [], failed: [] });
  });
});

describe('outcomeFromResults', () => {
  it('matches server results to rows; a row without a result failed', () => {
    const rows = [{ wxid: 'w1' }, { wxid: 'w2' }, { wxid: 'w3' }];
    const outcome = outcomeFromResults(
      rows,
      [
        { wxid: 'w2', ok: false, message: 'banned' },
        { wxid: 'w1', ok: true },
      ],
      (r) => r.wxid,
      (r) => r.wxid,
      'no answer',
    );
    expect(outcome.ok).toEqual([{ wxid: 'w1' }]);
    expect(outcome.failed).toEqual([
      { row: { wxid: 'w2' }, reason: 'banned' },
      { row: { wxid: 'w3' }, reason: 'no answer' },
    ]);
  });
});
