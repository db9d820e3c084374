import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhraseItem } from '@cst/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { queryClient } from '../../lib/queryClient.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { Composer } from '../conversations/composer/Composer.tsx';
import { setChatPage, setListPage } from '../conversations/store/inboxChanges.ts';
import { resetInbox, useInbox } from '../conversations/store/inboxStore.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';

const conv = buildConv('wxid_q');
const phrase = (id: string, content: string, useCount: number): PhraseItem => ({
  id,
  groupId: 'g1',
  content,
  useCount,
  shared: false,
  editable: true,
});
const calls: { url: string; body: Record<string, unknown> }[] = [];
const PHRASES = [
  phrase('p1', '退货请在七天内申请', 5),
  phrase('p2', '退款三个工作日到账', 3),
  phrase('p3', '您好，欢迎光临', 1),
];
/** What `phrase/list` answers (a seat whose manager kept every group personal sees none). */
let onServer: PhraseItem[] = PHRASES;
const box = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;

/** Types text as a person would: the value changes and the caret ends after it. */
function type(value: string) {
  const el = box();
  el.focus();
  // jsdom puts the caret after a value set this way.
  fireEvent.change(el, { target: { value } });
}

describe('the quick phrase search', { timeout: 20_000 }, () => {
  beforeEach((test) => {
    if (test.task.name.includes('no phrase')) onServer = [];
    queryClient.clear();
    resetInbox();
    calls.length = 0;
    signInForTest(['conversation.read', 'conversation.send']);
    useInbox.getState().mutate((d) => {
      setListPage(d, { mode: 'account', workWxid: 'wx_acc' }, 1, [conv], 1, 50, Date.now());
      setChatPage(d, conv.index_name, [buildMessage(conv, 1)], false, false);
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url: String(url), body });
      if (String(url).endsWith('/main-api/phrase/list')) {
        return Response.json({
          code: 0,
          message: 'ok',
          data: {
            list: onServer,
          },
        });
      }
      return Response.json({ code: 0, message: 'ok', data: { useCount: 1 } });
    });
    render(
      <AppProviders>
        <Composer conv={conv} />
      </AppProviders>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    onServer = PHRASES;
  });

  it('lists matches of / and letters, most used first; arrows and Enter insert in place', async () => {
    type('好的 /退');
    const rows = await screen.findAllByTestId('quick-phrase');
    expect(rows.map((r) => r.textContent)).toEqual(['退货请在七天内申请', '退款三个工作日到账']);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(screen.getAllByTestId('quick-phrase')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('好的 退款三个工作日到账');
    expect(screen.queryByTestId('quick-phrases')).toBeNull();
    // Enter inserted: nothing was sent, and the use was counted.
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/main-api/phrase/use') && c.body.id === 'p2')).toBe(
        true,
      ),
    );
    expect(calls.some((c) => c.url.endsWith('/send-text'))).toBe(false);
  });

  it('closes on Escape and leaves a slash in the middle of a word alone', async () => {
    type('/欢迎');
    expect(await screen.findAllByTestId('quick-phrase')).toHaveLength(1);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByTestId('quick-phrases')).toBeNull();
    expect(box().value).toBe('/欢迎');
    type('a/退');
    expect(screen.queryByTestId('quick-phrases')).toBeNull();
  });

  it('says why when the seat has no phrase at all, links to the library, and Enter still sends', async () => {
    type('/');
    const empty = await screen.findByTestId('quick-phrases-empty');
    expect(empty.textContent).toContain('个人分组只有创建者自己能用');
    expect(screen.getByTestId('quick-phrases-library').getAttribute('href')).toBe(
      '#/settings/phrases',
    );
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByTestId('quick-phrases-empty')).toBeNull();
    type('/好的');
    await screen.findByTestId('quick-phrases-empty');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/send-text'))).toBe(true));
  });
});
