import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '@cst/shared';
import { RealtimeClient } from '../../lib/realtime/RealtimeClient.ts';
import { useRealtimeStore } from '../../lib/realtime/realtimeStore.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { UserMenu } from '../shell/UserMenu.tsx';

/** A socket that is open at once and lets the test push frames. */
class OpenSocket {
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  send() {}
  close() {}
}

function connected() {
  let socket!: OpenSocket;
  let seq = 0;
  const client = new RealtimeClient({
    url: 'ws://x/ws',
    socketFactory: () => (socket = new OpenSocket()) as unknown as WebSocket,
  });
  client.start();
  socket.onopen?.();
  useRealtimeStore.setState({ client, status: 'open' });
  return (event: string, data: object) =>
    act(() => socket.onmessage?.({ data: JSON.stringify({ event, seq: ++seq, data }) }));
}

describe('userInfo push', () => {
  afterEach(() => {
    cleanup();
    useRealtimeStore.setState({ client: null, status: 'idle', attempt: 0 });
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('puts the seat’s new name and avatar in the header and “my seat”, only for this user', () => {
    signInForTest([], { uid: 'u', nickname: 'seat' });
    const queryClient = new QueryClient();
    queryClient.setQueryData<Partial<Profile>>(['profile'], { uid: 'u', nickname: 'seat' });
    const push = connected();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <App>
            <UserMenu />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const name = () => screen.getByTestId('user-menu').querySelector('.user-name')!.textContent;
    expect(name()).toBe('seat');

    push('userInfo', { uid: 'someone-else', nickname: 'other', avatar: null });
    expect(name()).toBe('seat');

    push('userInfo', { uid: 'u', nickname: '小王', avatar: '/oss-api/t/x/a.png' });
    expect(name()).toBe('小王');
    expect(useSession.getState().user).toMatchObject({
      nickname: '小王',
      avatar: '/oss-api/t/x/a.png',
    });
    expect(queryClient.getQueryData(['profile'])).toMatchObject({ nickname: '小王' });
  });
});
