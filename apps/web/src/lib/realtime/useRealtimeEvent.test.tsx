import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RealtimeClient } from './RealtimeClient.ts';
import { useRealtimeStore } from './realtimeStore.ts';
import { useRealtimeEvent } from './useRealtimeEvent.ts';

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
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
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
  return { client, push: (f: object) => socket.push(f) };
}

function Listener({ log, tag }: { log: string[]; tag: string }) {
  useRealtimeEvent<{ wxid: string }>('userStatusChanged', (d) => log.push(`${tag}:${d.wxid}`));
  return null;
}

describe('useRealtimeEvent', () => {
  afterEach(() => useRealtimeStore.setState({ client: null, status: 'idle', attempt: 0 }));

  it('calls the latest handler while mounted, and follows a new connection', () => {
    const log: string[] = [];
    const first = connected();
    useRealtimeStore.setState({ client: first.client, status: 'open' });
    const view = render(<Listener log={log} tag="v1" />);
    act(() => first.push({ event: 'userStatusChanged', seq: 1, data: { wxid: 'a' } }));
    view.rerender(<Listener log={log} tag="v2" />);
    act(() => first.push({ event: 'userStatusChanged', seq: 2, data: { wxid: 'b' } }));
    expect(log).toEqual(['v1:a', 'v2:b']);

    // A new login: the handler moves to the new client and leaves the old one.
    const second = connected();
    act(() => useRealtimeStore.setState({ client: second.client }));
    act(() => first.push({ event: 'userStatusChanged', seq: 3, data: { wxid: 'old' } }));
    act(() => second.push({ event: 'userStatusChanged', seq: 1, data: { wxid: 'c' } }));
    view.unmount();
    act(() => second.push({ event: 'userStatusChanged', seq: 2, data: { wxid: 'gone' } }));
    expect(log).toEqual(['v1:a', 'v2:b', 'v2:c']);
  });
});
