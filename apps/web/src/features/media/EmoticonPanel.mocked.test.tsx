import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmoticonItem } from '@cst/shared';
import { RealtimeClient } from '../../lib/realtime/RealtimeClient.ts';
import { useRealtimeStore } from '../../lib/realtime/realtimeStore.ts';
import { buildConv } from '../conversations/store/testFactories.ts';
import { EmoticonPanel } from './EmoticonPanel.tsx';

const server = vi.hoisted(() => ({ mine: [] as EmoticonItem[], calls: 0 }));
vi.mock('./api.ts', () => ({
  mediaApi: {
    systemEmoticons: () => Promise.resolve({ list: [] }),
    userEmoticons: () => {
      server.calls++;
      return Promise.resolve({ list: [...server.mine] });
    },
  },
}));

const sticker = (id: string): EmoticonItem => ({
  id,
  name: '',
  url: `/oss-api/t/x/emoticons/${id}.png`,
  thumbUrl: `/oss-api/t/x/emoticons/${id}.png`,
  width: 100,
  height: 100,
  system: false,
});

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
  return (data: object) =>
    act(() => socket.onmessage?.({ data: JSON.stringify({ event: 'toEmoji', seq: ++seq, data }) }));
}

describe('sticker panel and the toEmoji push', () => {
  beforeEach(() => {
    server.mine = [sticker('a')];
    server.calls = 0;
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    useRealtimeStore.setState({ client: null, status: 'idle', attempt: 0 });
  });

  it('shows stickers added or removed in another tab while the panel is open', async () => {
    const push = connected();
    render(
      <App>
        <EmoticonPanel conv={buildConv('wxid_peer')} />
      </App>,
    );
    // Closed: nothing is loaded for a push.
    push({ change: 'added', ids: ['z'] });
    expect(server.calls).toBe(0);

    fireEvent.click(screen.getByTestId('composer-emoticon'));
    fireEvent.click(await screen.findByText(/我的表情|My stickers/));
    const cells = () => screen.queryAllByTestId('emoticon-cell').length;
    await waitFor(() => expect(cells()).toBe(1));

    server.mine = [sticker('b'), sticker('a')];
    push({ change: 'added', ids: ['b'] });
    await waitFor(() => expect(cells()).toBe(2));

    server.mine = [sticker('b')];
    push({ change: 'removed', ids: ['a'] });
    await waitFor(() => expect(cells()).toBe(1));
  });
});
