import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_SUMMARY_EVENT, type Permission } from '@cst/shared';
import { AntdFrame } from '../../app/AntdFrame.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';
import { queryClient } from '../../lib/queryClient.ts';
import { RealtimeClient } from '../../lib/realtime/RealtimeClient.ts';
import { useRealtimeStore } from '../../lib/realtime/realtimeStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { resetInbox, useInbox } from '../conversations/store/inboxStore.ts';
import { buildConv } from '../conversations/store/testFactories.ts';
import { AiNotices } from './AiNotices.tsx';
import { AiSummaryButton } from './AiSummaryButton.tsx';

const a = buildConv('wxid_a');
let configured = true;
const asked: unknown[] = [];

function mockApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.includes('/ai/capability')) {
      const data = configured
        ? { configured: true, source: 'platform', stt: false, reason: null }
        : { configured: false, source: null, stt: false, reason: '未配置 AI 服务' };
      return Response.json({ code: 0, message: 'ok', data });
    }
    if (u.includes('/ai/summary')) {
      asked.push(JSON.parse(String(init?.body)));
      return Response.json({
        code: 0,
        message: 'ok',
        data: { summary: '客户想买 M 码连衣裙\n已答应明天发货' },
      });
    }
    return Response.json({ code: 0, message: 'ok', data: null });
  });
}

/** A socket that is open at once and lets the test push frames. */
class OpenSocket {
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}

function connected() {
  let socket!: OpenSocket;
  const client = new RealtimeClient({
    url: 'ws://x/ws',
    socketFactory: () => (socket = new OpenSocket()) as unknown as WebSocket,
  });
  client.start();
  socket.onopen?.();
  act(() => useRealtimeStore.setState({ client, status: 'open' }));
  return (frame: object) => act(() => socket.onmessage?.({ data: JSON.stringify(frame) }));
}

describe('AI summary in the chat header', () => {
  beforeEach(() => {
    queryClient.clear();
    asked.length = 0;
    mockApi();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    configured = true;
  });

  const show = (permissions: Permission[]) => {
    signInForTest(permissions);
    return render(
      <MemoryRouter>
        <AppProviders>
          <AiSummaryButton conv={a} />
        </AppProviders>
      </MemoryRouter>,
    );
  };

  it('asks for the summary of this chat and shows it in a dialog', async () => {
    show(['conversation.read']);
    fireEvent.click(await screen.findByTestId('ai-summary'));
    const text = await screen.findByTestId('ai-summary-text');
    await vi.waitFor(() => expect(text.textContent).toBe('客户想买 M 码连衣裙\n已答应明天发货'));
    expect(screen.getByText('会话总结')).toBeTruthy();
    expect(asked).toEqual([{ index_name: a.index_name }]);
  });

  it('is hidden from seats without a provider, and disabled for managers', async () => {
    configured = false;
    show(['conversation.read']);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['ai', 'capability'])).toMatchObject({ configured: false }),
    );
    expect(screen.queryByTestId('ai-summary')).toBeNull();
    cleanup();
    show(['conversation.read', 'ai.manage']);
    const button = await screen.findByTestId('ai-summary');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(asked).toHaveLength(0);
  });
});

describe('AI summary notice on an assigned chat', () => {
  beforeEach(() => {
    resetInbox();
    queryClient.clear();
    mockApi();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useRealtimeStore.setState({ client: null, status: 'idle', attempt: 0 });
  });

  it('shows the summary pushed to the receiving seat and opens the chat from it', async () => {
    signInForTest(['conversation.read']);
    render(
      <MemoryRouter initialEntries={['/home']}>
        <AppProviders>
          <AntdFrame>
            <AiNotices />
            <Routes>
              <Route path="/home" element={<div />} />
              <Route path="/message" element={<div data-testid="message-page" />} />
            </Routes>
          </AntdFrame>
        </AppProviders>
      </MemoryRouter>,
    );
    // The notices follow the link in the store: here one whose frames the test pushes.
    const push = connected();
    push({
      event: AI_SUMMARY_EVENT,
      seq: 1,
      data: { index_name: a.index_name, summary: '客户问退货，已给地址' },
    });
    expect(await screen.findByText('客户问退货，已给地址')).toBeTruthy();
    expect(
      screen.getByText(`「${a.index_name.split('__')[1]}」已分配给您，AI 总结：`),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '打开会话' }));
    await screen.findByTestId('message-page');
    expect(useInbox.getState().active).toBe(a.index_name);
  });

  it('shows nothing to a user who may not read chats', async () => {
    signInForTest([]);
    render(
      <MemoryRouter>
        <AppProviders>
          <AntdFrame>
            <AiNotices />
          </AntdFrame>
        </AppProviders>
      </MemoryRouter>,
    );
    const push = connected();
    push({ event: AI_SUMMARY_EVENT, seq: 1, data: { index_name: a.index_name, summary: '机密' } });
    expect(screen.queryByText('机密')).toBeNull();
  });
});
