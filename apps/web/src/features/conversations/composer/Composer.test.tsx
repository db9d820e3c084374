import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { signInForTest } from '../../../lib/session/testSession.ts';
import { Composer } from './Composer.tsx';
import { applyMessagePush, setChatPage, setListPage } from '../store/inboxChanges.ts';
import { resetInbox, useInbox } from '../store/inboxStore.ts';
import { buildConv, buildMessage } from '../store/testFactories.ts';

const a = buildConv('wxid_a');
const b = buildConv('wxid_b');
const sends: Record<string, unknown>[] = [];

function show(conv = a) {
  return render(
    <AppProviders>
      <Composer key={conv.index_name} conv={conv} />
    </AppProviders>,
  );
}

const box = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;

describe('the composer', () => {
  beforeEach(() => {
    resetInbox();
    sends.length = 0;
    signInForTest(['conversation.read', 'conversation.send']);
    useInbox.getState().mutate((d) => {
      setListPage(d, { mode: 'account', workWxid: 'wx_acc' }, 1, [a, b], 2, 50, Date.now());
      setChatPage(d, a.index_name, [buildMessage(a, 1)], false, false);
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      // The tenant's sensitive-word rule, asked once by the composer: records only.
      if (String(url).includes('/sensitive/send-rules')) {
        return Response.json({ code: 0, message: 'ok', data: { mode: 'record', words: [] } });
      }
      // Whether the tenant has AI (drafts): not here.
      if (String(url).includes('/ai/capability')) {
        const data = { configured: false, source: null, stt: false, reason: '未配置 AI 服务' };
        return Response.json({ code: 0, message: 'ok', data });
      }
      sends.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return Response.json({ code: 0, message: 'ok', data: { messageId: '50', requestId: 'r' } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends on Enter: the message shows at once with its sendingUUid and the box empties', async () => {
    show();
    fireEvent.change(box(), { target: { value: '您好' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('');
    const chat = useInbox.getState().chats[a.index_name]!;
    const sent = useInbox.getState().messages[chat.keys.at(-1)!]!;
    expect(sent).toMatchObject({ content: '您好', sendSide: 1, local: true });
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toMatchObject({
      content: '您好',
      receiver_id: 'wxid_a',
      workWxid: 'wx_acc',
      talkType: 1,
      sendingUUid: sent.sendingUUid,
    });
    await vi.waitFor(() =>
      expect(useInbox.getState().messages[sent.key]).toMatchObject({
        messageId: '50',
        local: false,
      }),
    );
  });

  it('does not send on Shift+Enter, while composing (IME), or when empty', () => {
    show();
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.change(box(), { target: { value: '第一行' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    expect(box().value).toBe('第一行');
    expect(useInbox.getState().chats[a.index_name]!.keys).toEqual(['m:1']);
    expect(sends).toHaveLength(0);
  });

  it('keeps the draft of each conversation, and typing survives pushes', () => {
    const view = show(a);
    fireEvent.change(box(), { target: { value: '写给 A 的草稿' } });
    useInbox.getState().mutate((d) => {
      applyMessagePush(d, { ...buildMessage(a, 2), conv: { ...a, unRead: 1 } }, Date.now());
      applyMessagePush(d, { ...buildMessage(b, 3), conv: { ...b, unRead: 1 } }, Date.now());
    });
    expect(box().value).toBe('写给 A 的草稿');
    view.unmount();
    show(b);
    expect(box().value).toBe('');
    fireEvent.change(box(), { target: { value: 'B' } });
    cleanup();
    show(a);
    expect(box().value).toBe('写给 A 的草稿');
  });
});
