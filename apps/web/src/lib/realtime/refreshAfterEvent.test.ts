import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterEvent } from './refreshAfterEvent.ts';

/** A list whose server rows the test changes; each fetch resolves when the test says. */
function slowList() {
  let rows = ['a'];
  const gates: (() => void)[] = [];
  const starts: string[][] = [];
  const queryFn = () => {
    const seen = [...rows];
    starts.push(seen);
    return new Promise<string[]>((resolve) => gates.push(() => resolve(seen)));
  };
  return {
    queryFn,
    write: (r: string[]) => (rows = r),
    starts,
    answerAll: async () => {
      while (gates.length > 0) {
        gates.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}

describe('refreshAfterEvent', () => {
  it('fetches again after a request that was in flight when the event came', async () => {
    const client = new QueryClient();
    const list = slowList();
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: list.queryFn });
    const stop = observer.subscribe(() => undefined);
    // The first fetch has read the rows; then the event's write lands and is pushed.
    expect(list.starts).toEqual([['a']]);
    list.write(['a', 'b']);
    refreshAfterEvent(client, ['list']);
    refreshAfterEvent(client, ['list']); // a second listener of the same event shares it
    await list.answerAll();
    await list.answerAll();
    expect(client.getQueryData(['list'])).toEqual(['a', 'b']);
    expect(list.starts).toEqual([['a'], ['a', 'b']]);
    stop();
  });

  it('refetches at once when nothing is in flight', async () => {
    const client = new QueryClient();
    const list = slowList();
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: list.queryFn });
    const stop = observer.subscribe(() => undefined);
    await list.answerAll();
    list.write(['c']);
    refreshAfterEvent(client, ['list']);
    await list.answerAll();
    expect(client.getQueryData(['list'])).toEqual(['c']);
    expect(list.starts).toHaveLength(2);
    stop();
  });
});
