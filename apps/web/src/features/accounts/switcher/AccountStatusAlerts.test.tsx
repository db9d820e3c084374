import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { RealtimeClient } from '../../../lib/realtime/RealtimeClient.ts';
import { useRealtimeStore } from '../../../lib/realtime/realtimeStore.ts';
import { useSession } from '../../../lib/session/sessionStore.ts';
import { signInForTest } from '../../../lib/session/testSession.ts';
import { AccountStatusAlerts } from './AccountStatusAlerts.tsx';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';

/** A socket that is open at once and lets the test push frames. */
class OpenSocket {
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  send() {}
  close() {}
}

/** A realtime client on an open socket; the returned function pushes `userStatusChanged`. */
function connected() {
  let socket!: OpenSocket;
  const client = new RealtimeClient({
    url: 'ws://x/ws',
    socketFactory: () => (socket = new OpenSocket()) as unknown as WebSocket,
  });
  client.start();
  socket.onopen?.();
  let seq = 0;
  useRealtimeStore.setState({ client, status: 'open' });
  return (data: object) =>
    act(() =>
      socket.onmessage?.({
        data: JSON.stringify({ event: 'userStatusChanged', seq: ++seq, data }),
      }),
    );
}

function mount() {
  return render(
    <MemoryRouter>
      <App>
        <AccountStatusAlerts />
      </App>
    </MemoryRouter>,
  );
}

describe('account status notifications', () => {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    useRealtimeStore.setState({ client: null, status: 'idle', attempt: 0 });
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('tells a seat that its account was banned, by name and reason, without a manage link', async () => {
    await i18n.changeLanguage('zh-CN');
    signInForTest(['conversation.read']);
    useWorkAccounts.setState({
      accounts: [
        {
          id: 'id-wx_a',
          wxid: 'wx_a',
          nickname: '客服一号',
          remark: '',
          avatar: '',
          status: 'online',
          groupId: null,
        },
      ],
    });
    const push = connected();
    mount();
    push({ wxid: 'wx_a', status: 'banned', reason: '违规营销' });
    const text = await screen.findByTestId('account-alert-text');
    expect(document.querySelector('.account-alert')?.textContent).toContain('工作号已被封号');
    expect(text.textContent).toBe('「客服一号」已无法收发消息。原因：违规营销');
    expect(screen.queryByText('去工作号管理')).toBeNull();
  });

  it('offers 工作号管理 to a manager; says nothing for states that keep an account working', async () => {
    await i18n.changeLanguage('en');
    signInForTest(['account.manage', 'conversation.read'], { role: 'manager' });
    const push = connected();
    mount();
    push({ wxid: 'wx_b', status: 'online' });
    push({ wxid: 'wx_b', status: 'loggingIn' });
    push({ wxid: 'wx_b', status: 'proxyFailed' });
    await waitFor(() => expect(screen.getAllByTestId('account-alert-text')).toHaveLength(1));
    expect(screen.getByTestId('account-alert-text').textContent).toBe(
      'The proxy of "wx_b" does not work; change it and sign in again.',
    );
    expect(screen.getByText('Open work accounts')).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
  });
});
