import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { RealtimeClient } from '../../lib/realtime/RealtimeClient.ts';
import { useRealtimeStore } from '../../lib/realtime/realtimeStore.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { WebhookNotices } from './WebhookNotices.tsx';

/** A socket that is open at once and lets the test push frames. */
class OpenSocket {
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  send() {}
  close() {}
}

/** A realtime client on an open socket; the returned function pushes `webhookDisabled`. */
function connected() {
  let socket!: OpenSocket;
  const client = new RealtimeClient({
    url: 'ws://x/ws',
    socketFactory: () => (socket = new OpenSocket()) as unknown as WebSocket,
  });
  client.start();
  socket.onopen?.();
  useRealtimeStore.setState({ client, status: 'open' });
  return (data: object) =>
    act(() =>
      socket.onmessage?.({ data: JSON.stringify({ event: 'webhookDisabled', seq: 1, data }) }),
    );
}

function mount() {
  return render(
    <MemoryRouter initialEntries={['/message']}>
      <App>
        <WebhookNotices />
        <Routes>
          <Route path="/message" element={<div>inbox</div>} />
          <Route path="/settings/open/webhooks" element={<div data-testid="webhooks-page" />} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

describe('webhook notices', () => {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    useRealtimeStore.setState({ client: null, status: 'idle', attempt: 0 });
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('tells a manager anywhere in the console that an endpoint was disabled, and leads to it', async () => {
    await i18n.changeLanguage('zh-CN');
    signInForTest(['openapi.manage']);
    const push = connected();
    mount();
    push({ id: 'w1', url: 'https://hooks.example.com/cst' });
    const notice = await screen.findByTestId('webhook-disabled-notice');
    expect(notice.textContent).toBe('Webhook https://hooks.example.com/cst 连续失败 3 天，已停用');
    fireEvent.click(screen.getByTestId('webhook-disabled-open'));
    expect(await screen.findByTestId('webhooks-page')).toBeTruthy();
  });
});
