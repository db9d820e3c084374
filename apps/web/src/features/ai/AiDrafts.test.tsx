import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '@cst/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { queryClient } from '../../lib/queryClient.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { Composer } from '../conversations/composer/Composer.tsx';
import { setChatPage, setListPage } from '../conversations/store/inboxChanges.ts';
import { resetInbox, useInbox } from '../conversations/store/inboxStore.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';

const a = buildConv('wxid_a');
let configured = true;
const streamed: string[] = [];

function sse(frames: { event: string; data: unknown }[]): Response {
  const body = frames.map((f) => `event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`).join('');
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

function show(permissions: Permission[]) {
  signInForTest(permissions);
  return render(
    <MemoryRouter>
      <AppProviders>
        <Composer conv={a} />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe('AI drafts in the composer', () => {
  beforeEach(() => {
    resetInbox();
    queryClient.clear();
    streamed.length = 0;
    useInbox.getState().mutate((d) => {
      setListPage(d, { mode: 'account', workWxid: 'wx_acc' }, 1, [a], 1, 50, Date.now());
      setChatPage(d, a.index_name, [buildMessage(a, 1)], false, false);
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const u = String(url);
      if (u.includes('/sensitive/send-rules')) {
        return Response.json({ code: 0, message: 'ok', data: { mode: 'record', words: [] } });
      }
      if (u.includes('/ai/capability')) {
        const data = configured
          ? { configured: true, source: 'platform', stt: false, reason: null }
          : { configured: false, source: null, stt: false, reason: '未配置 AI 服务' };
        return Response.json({ code: 0, message: 'ok', data });
      }
      if (u.includes('/ai/suggest-stream')) {
        streamed.push(String(init?.body));
        return sse([
          { event: 'delta', data: { text: '您好，有货的\n---\n' } },
          { event: 'delta', data: { text: '需要帮您预留吗？' } },
          { event: 'done', data: { suggestions: ['您好，有货的', '需要帮您预留吗？'] } },
        ]);
      }
      return Response.json({ code: 0, message: 'ok', data: null });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    configured = true;
  });

  it('streams drafts in and puts the chosen one in the composer, unsent', async () => {
    show(['conversation.read', 'conversation.send']);
    fireEvent.click(await screen.findByTestId('ai-drafts'));
    const drafts = await screen.findAllByTestId('ai-draft');
    await vi.waitFor(() => expect(screen.getAllByTestId('ai-draft')).toHaveLength(2));
    expect(drafts[0]!.textContent).toBe('您好，有货的');
    expect(JSON.parse(streamed[0]!)).toEqual({ index_name: a.index_name });
    fireEvent.click(screen.getAllByTestId('ai-draft')[1]!);
    const box = screen.getByTestId('composer-input') as HTMLTextAreaElement;
    expect(box.value).toBe('需要帮您预留吗？');
    expect(screen.queryByTestId('ai-drafts-panel')).toBeNull();
    expect(useInbox.getState().chats[a.index_name]!.keys).toHaveLength(1);
  });

  it('asks for drafts on Alt+J', async () => {
    show(['conversation.read', 'conversation.send']);
    await screen.findByTestId('ai-drafts');
    fireEvent.keyDown(screen.getByTestId('composer-input'), {
      key: 'j',
      code: 'KeyJ',
      altKey: true,
    });
    await vi.waitFor(() => expect(screen.getAllByTestId('ai-draft')).toHaveLength(2));
  });

  it('hides AI from seats without a provider, and shows it disabled to managers', async () => {
    configured = false;
    show(['conversation.read', 'conversation.send']);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['ai', 'capability'])).toMatchObject({ configured: false }),
    );
    expect(screen.queryByTestId('ai-drafts')).toBeNull();
    cleanup();
    show(['conversation.read', 'conversation.send', 'ai.manage']);
    const button = await screen.findByTestId('ai-drafts');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(streamed).toHaveLength(0);
  });
});
