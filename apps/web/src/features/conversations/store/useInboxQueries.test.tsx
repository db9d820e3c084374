import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationItem } from '@cst/shared';
import { useInbox } from './inboxStore.ts';
import { listViewOf, viewKey, type ListView } from './listView.ts';
import {
  INBOX_MODE_KEY,
  modeParamOf,
  openingMode,
  openingView,
  useListQuery,
} from './useInboxQueries.ts';

describe('the opening mode of the conversation screen', () => {
  afterEach(() => sessionStorage.clear());

  it('is the mode the URL asks for (the header unread icon), over the one chosen before', () => {
    sessionStorage.setItem(INBOX_MODE_KEY, 'account');
    expect(openingMode(new URLSearchParams('mode=unread'))).toBe('unread');
    expect(openingView(new URLSearchParams('mode=unread')).mode).toBe('unread');
    expect(openingMode(new URLSearchParams())).toBe('account');
    sessionStorage.setItem(INBOX_MODE_KEY, 'pinned');
    expect(openingMode(new URLSearchParams('v=1'))).toBe('pinned');
  });

  it('ignores a mode that does not exist', () => {
    expect(modeParamOf(new URLSearchParams('mode=everything'))).toBeUndefined();
    expect(openingMode(new URLSearchParams('mode=everything'))).toBe('account');
  });
});

describe('the list query of a view', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  /** A conversation item as conv/list answers it. */
  const item = (peer: string) =>
    ({
      index_name: `1__${peer}__w1`,
      talkType: 1,
      workWxid: 'w1',
      latestMsgTime: 1,
      isPin: false,
    }) as unknown as ConversationItem;

  it('keeps the view on screen when a view left earlier answers late', async () => {
    // The account view's page is slow; the aggregated one the user switched to answers first.
    let answerAccount: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { mode: string };
      const page = (list: ConversationItem[]) =>
        Response.json({ code: 0, message: 'ok', data: { list, total: list.length } });
      if (body.mode === 'aggregated') return page([item('b')]);
      return new Promise<Response>((resolve) => {
        answerAccount = () => resolve(page([item('a')]));
      });
    });
    const account = listViewOf({ mode: 'account', workWxid: 'w1' });
    const aggregated = listViewOf({ mode: 'aggregated' });
    function List({ view }: { view: ListView }) {
      useListQuery(view);
      return null;
    }
    const client = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <List view={account} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    rerender(
      <QueryClientProvider client={client}>
        <List view={aggregated} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(useInbox.getState().list.key).toBe(viewKey(aggregated)));
    answerAccount(new Response());
    // The late page has come and gone: the list is still the aggregated one.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await new Promise((r) => setTimeout(r, 0));
    expect(useInbox.getState().list.key).toBe(viewKey(aggregated));
    expect(useInbox.getState().list.ids).toEqual(['1__b__w1']);
  });
});
