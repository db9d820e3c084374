import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRealtimeSession, type RealtimeSessionEnv } from './realtimeSession.ts';
import { useRealtimeStore } from './realtimeStore.ts';
import { realtimeUrl } from './realtimeUrl.ts';

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

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function env(overrides: Partial<RealtimeSessionEnv> = {}) {
  const calls = { notify: [] as string[], logout: 0, invalidate: 0 };
  const e: RealtimeSessionEnv = {
    notify: (t) => calls.notify.push(t),
    logout: () => (calls.logout += 1),
    invalidate: () => (calls.invalidate += 1),
    texts: () => ({ linkFailed: 'link failed', sessionExpired: 'expired' }),
    socketFactory: (url) => new FakeSocket(url) as unknown as WebSocket,
    location: { protocol: 'http:', host: 'console.test:8080' },
    maxReconnects: 2,
    ...overrides,
  };
  return { env: e, calls };
}

describe('realtimeUrl', () => {
  it('builds ws(s)://host/ws with the account and never a token (the cookie carries it)', () => {
    expect(realtimeUrl('demo seat', { protocol: 'https:', host: 'x.cn' })).toBe(
      'wss://x.cn/ws?account=demo+seat',
    );
    expect(realtimeUrl('demo', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/ws?account=demo',
    );
  });
});

describe('startRealtimeSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('connects to /ws of the page host and publishes the client and its status', () => {
    const { env: e } = env();
    const stop = startRealtimeSession({ username: 'demo', token: 'tok', role: 'manager' }, e);
    expect(last().url).toBe('ws://console.test:8080/ws?account=demo');
    expect(useRealtimeStore.getState().status).toBe('connecting');
    last().open();
    expect(useRealtimeStore.getState().status).toBe('open');
    expect(useRealtimeStore.getState().client).not.toBeNull();
    stop();
    expect(useRealtimeStore.getState()).toMatchObject({ client: null, status: 'idle' });
    expect(last().readyState).toBe(3);
  });

  it('invalidates the cached lists on resync', () => {
    const { env: e, calls } = env();
    const stop = startRealtimeSession({ username: 'demo', token: 'tok', role: 'office' }, e);
    last().open();
    last().push({ event: 'resync' });
    expect(calls.invalidate).toBe(1);
    stop();
  });

  it('logs out on 4401 after telling the user', () => {
    const { env: e, calls } = env();
    startRealtimeSession({ username: 'demo', token: 'bad', role: 'admin' }, e);
    last().drop(4401);
    expect(calls.notify).toEqual(['expired']);
    expect(calls.logout).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(calls.logout).toBe(1);
    expect(useRealtimeStore.getState().status).toBe('failed');
  });

  it('when every reconnect failed: says link failed and logs a seat out', () => {
    const { env: e, calls } = env();
    startRealtimeSession({ username: 'demo', token: 'tok', role: 'office' }, e);
    last().open();
    last().drop();
    expect(useRealtimeStore.getState()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(5000);
    last().drop();
    vi.advanceTimersByTime(5000);
    last().drop();
    expect(calls.notify).toEqual(['link failed']);
    expect(useRealtimeStore.getState().status).toBe('failed');
    vi.advanceTimersByTime(2000);
    expect(calls.logout).toBe(1);
  });

  it('keeps an admin signed in when every reconnect failed', () => {
    const { env: e, calls } = env({ maxReconnects: 0 });
    startRealtimeSession({ username: 'admin', token: 'tok', role: 'admin' }, e);
    last().open();
    last().drop();
    expect(calls.notify).toEqual(['link failed']);
    vi.advanceTimersByTime(10_000);
    expect(calls.logout).toBe(0);
  });

  it('on 4401 renews the file cookie once and reconnects instead of logging out', async () => {
    const renewCookie = vi.fn(async () => 'renewed' as const);
    const { env: e, calls } = env({ renewCookie });
    startRealtimeSession({ username: 'demo', token: 'tok', role: 'manager' }, e);
    const first = last();
    first.drop(4401);
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(2));
    last().open();
    expect(useRealtimeStore.getState().status).toBe('open');
    vi.advanceTimersByTime(5000);
    expect(calls).toMatchObject({ notify: [], logout: 0 });
    // Refused again with the renewed cookie: the session has ended.
    last().drop(4401);
    expect(renewCookie).toHaveBeenCalledTimes(1);
    expect(calls.notify).toEqual(['expired']);
    vi.advanceTimersByTime(2000);
    expect(calls.logout).toBe(1);
  });

  it('leaves a refused renewal to the HTTP client, which has told the user', async () => {
    const renewCookie = vi.fn(async () => 'refused' as const);
    const { env: e, calls } = env({ renewCookie });
    startRealtimeSession({ username: 'demo', token: 'tok', role: 'manager' }, e);
    last().drop(4401);
    await vi.waitFor(() => expect(useRealtimeStore.getState().status).toBe('failed'));
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all.length).toBe(1);
    expect(calls).toMatchObject({ notify: [], logout: 0 });
  });

  it('logs out when the renewal got no answer', async () => {
    const { env: e, calls } = env({ renewCookie: async () => 'failed' as const });
    startRealtimeSession({ username: 'demo', token: 'tok', role: 'manager' }, e);
    last().drop(4401);
    await vi.waitFor(() => expect(calls.notify).toEqual(['expired']));
    vi.advanceTimersByTime(2000);
    expect(calls.logout).toBe(1);
  });

  it('a stopped session never logs out later', () => {
    const { env: e, calls } = env();
    const stop = startRealtimeSession({ username: 'demo', token: 'tok', role: 'office' }, e);
    last().drop(4401);
    stop();
    vi.advanceTimersByTime(5000);
    expect(calls.logout).toBe(0);
  });
});
