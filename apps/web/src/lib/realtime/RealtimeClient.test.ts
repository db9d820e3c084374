import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './RealtimeClient.ts';

/** A socket the test drives by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const factory = (url: string) => new FakeSocket(url) as unknown as WebSocket;
const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('pings every 5 s and routes frames to the handlers of their event', () => {
    const client = new RealtimeClient({ url: 'ws://x/ws', socketFactory: factory });
    const texts: unknown[] = [];
    client.on('text', (d) => texts.push(d));
    client.start();
    last().open();
    vi.advanceTimersByTime(10_000);
    expect(last().sent.filter((s) => s === '{"event":"ping"}')).toHaveLength(2);
    last().push({ event: 'text', seq: 1, data: { content: 'hi' } });
    last().push({ event: 'unbound', seq: 2, data: {} });
    expect(texts).toEqual([{ content: 'hi' }]);
    expect(client.seq).toBe(2);
  });

  it('reconnects every 5 s after 1006, resumes from the last seq and drops replayed frames', () => {
    const client = new RealtimeClient({ url: 'ws://x/ws', socketFactory: factory });
    const seen: number[] = [];
    client.on('text', (_d, f) => seen.push(f.seq!));
    client.start();
    last().open();
    last().push({ event: 'text', seq: 5 });
    last().drop(1006);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent).toContain('{"event":"resume","data":{"seq":5}}');
    last().push({ event: 'text', seq: 5 });
    last().push({ event: 'text', seq: 6 });
    last().push({ event: 'text', seq: 7 });
    expect(seen).toEqual([5, 6, 7]);
  });

  it('gives up after the attempts run out, and a heartbeat resets the count', () => {
    const onExhausted = vi.fn();
    const client = new RealtimeClient({
      url: 'ws://x/ws',
      socketFactory: factory,
      maxReconnects: 3,
      onExhausted,
    });
    client.start();
    last().open();
    last().drop();
    vi.advanceTimersByTime(5000);
    last().drop();
    vi.advanceTimersByTime(5000);
    expect(client.reconnectAttempts).toBe(2);
    last().open();
    last().push({ event: 'pong' });
    expect(client.reconnectAttempts).toBe(0);
    for (let i = 0; i < 3; i++) {
      last().drop();
      vi.advanceTimersByTime(5000);
    }
    expect(onExhausted).not.toHaveBeenCalled();
    last().drop();
    expect(onExhausted).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('stops on 4401 and tells the caller', () => {
    const onUnauthorized = vi.fn();
    const client = new RealtimeClient({ url: 'ws://x/ws', socketFactory: factory, onUnauthorized });
    client.start();
    last().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('takes the live point from hello only on a fresh connection', () => {
    const client = new RealtimeClient({ url: 'ws://x/ws', socketFactory: factory });
    const seen: number[] = [];
    client.on('text', (_d, f) => seen.push(f.seq!));
    client.start();
    last().open();
    last().push({ event: 'hello', seq: 100, data: { resumed: false } });
    expect(client.seq).toBe(100);
    last().drop();
    vi.advanceTimersByTime(5000);
    last().open();
    expect(last().sent).toContain('{"event":"resume","data":{"seq":100}}');
    last().push({ event: 'hello', seq: 103, data: { resumed: true } });
    last().push({ event: 'text', seq: 101 });
    last().push({ event: 'text', seq: 102 });
    last().push({ event: 'text', seq: 103 });
    expect(seen).toEqual([101, 102, 103]);
  });

  it('asks for a re-fetch on resync', () => {
    const onResync = vi.fn();
    const client = new RealtimeClient({ url: 'ws://x/ws', socketFactory: factory, onResync });
    client.start();
    last().open();
    last().push({ event: 'resync' });
    expect(onResync).toHaveBeenCalledOnce();
  });
});
