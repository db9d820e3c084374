import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { Composer } from '../conversations/composer/Composer.tsx';
import { setChatPage, setListPage } from '../conversations/store/inboxChanges.ts';
import { resetInbox, useInbox } from '../conversations/store/inboxStore.ts';
import { buildConv } from '../conversations/store/testFactories.ts';

const group = buildConv('123@chatroom', { talkType: 2 });
const calls: { url: string; body: Record<string, unknown> }[] = [];
const member = (wxid: string, nickname: string, card = '') => ({
  wxid,
  nickname,
  card,
  avatar: '',
  role: 'member',
  isFriend: false,
  banned: false,
  joinedAt: null,
});

const box = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;
function type(value: string) {
  fireEvent.change(box(), { target: { value, selectionStart: value.length } });
  box().setSelectionRange(value.length, value.length);
  fireEvent.select(box());
}

describe('the @ pickers of the composer', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetInbox();
    calls.length = 0;
    signInForTest(['conversation.read', 'conversation.send']);
    useInbox.getState().mutate((d) => {
      setListPage(d, { mode: 'account', workWxid: 'wx_acc' }, 1, [group], 1, 50, Date.now());
      setChatPage(d, group.index_name, [], false, false);
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const u = String(url);
      calls.push({
        url: u,
        body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
      });
      const ok = (data: unknown) => Response.json({ code: 0, message: 'ok', data });
      if (u.includes('/sensitive/send-rules')) return ok({ mode: 'record', words: [] });
      if (u.includes('/chatroom/getChatRoom')) {
        return ok({
          members: [
            member('wx_acc', '我自己'),
            member('wxid_w', '王小明'),
            member('wxid_l', '李四', '小李'),
          ],
        });
      }
      if (u.includes('/conv/note-seats')) {
        return ok({
          list: [
            { uid: 'u-2', name: '坐席二' },
            { uid: 'u-3', name: '主管' },
          ],
        });
      }
      return ok({ messageId: '77', requestId: 'r' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens on @ in a group, filters by typing, picks with the keyboard and sends the mention', async () => {
    render(
      <AppProviders>
        <Composer conv={group} />
      </AppProviders>,
    );
    type('请 @');
    const options = await screen.findAllByTestId('mention-option');
    // The account itself is not offered; a member's group card is its name.
    expect(options.map((o) => o.textContent)).toEqual(['@王小明', '@小李']);
    type('请 @小');
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('mention-option').map((o) => o.textContent)).toEqual([
        '@小李',
        '@王小明',
      ]),
    );
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('请 @王小明 ');
    expect(screen.queryByTestId('mention-list')).toBeNull();
    type('请 @王小明 看公告');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/conv/send-text'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/conv/send-text'))!.body).toMatchObject({
      content: '请 @王小明 看公告',
      talkType: 2,
      mentions: ['wxid_w'],
    });
  });

  it('in note mode offers the seats who see the chat and adds a note with the mention', async () => {
    render(
      <AppProviders>
        <Composer conv={group} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByTestId('composer-mode-note'));
    type('@主');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByTestId('mention-list')).toBeNull();
    type('@');
    const options = await screen.findAllByTestId('mention-option');
    expect(options.map((o) => o.textContent)).toEqual(['@坐席二', '@主管']);
    fireEvent.mouseDown(options[1]!);
    type('@主管 客户要发票');
    fireEvent.click(screen.getByTestId('composer-send'));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/conv/note'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/conv/note'))!.body).toEqual({
      index_name: group.index_name,
      content: '@主管 客户要发票',
      mentions: ['u-3'],
    });
    expect(calls.some((c) => c.url.includes('/conv/send-text'))).toBe(false);
  });
});
