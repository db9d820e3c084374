import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createHttpClient,
  HTTP_TIMEOUT_MS,
  onceUnauthorized,
  PREFETCH_TTL_MS,
  type ClientEnv,
  type ClientProfile,
} from './createHttpClient.ts';
import { HttpError, isCancelled } from './errors.ts';

const mainProfile: ClientProfile = {
  successCode: 0,
  messageField: 'message',
  authHeaders: (token, tenantId) => ({ 'cst-token': token, 'cst-id': tenantId ?? '' }),
};
const systemProfile: ClientProfile = {
  successCode: 200,
  messageField: 'msg',
  authHeaders: (token) => ({ Authorization: `Bearer ${token}` }),
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

interface Call {
  url: string;
  init: RequestInit;
}

function setup(profile = mainProfile, respond?: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const notify = vi.fn<(t: string) => void>();
  const logout = vi.fn();
  const onTokenExpiry = vi.fn();
  const fetchFn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond ? respond(call) : json({ code: profile.successCode, message: 'ok', data: 1 });
  });
  const env: ClientEnv = {
    session: () => ({ token: 'tok', tenantId: 't1' }),
    language: () => 'en',
    notify,
    texts: () => ({
      sessionExpired: '登录已过期，请重新登录',
      timeout: 'timeout',
      network: 'network',
      status: 'failed',
    }),
    onTokenExpiry,
    onUnauthorized: onceUnauthorized(() => notify('登录已过期，请重新登录'), logout),
    fetch: fetchFn as unknown as typeof fetch,
  };
  return { client: createHttpClient(profile, env), calls, notify, logout, onTokenExpiry };
}

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

describe('createHttpClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('client A sends cst-token and cst-id and returns data on code 0', async () => {
    const { client, calls } = setup(mainProfile, () =>
      json({ code: 0, message: 'ok', data: { a: 1 } }),
    );
    await expect(client.post('/main-api/acc/all', { page: 1 })).resolves.toEqual({ a: 1 });
    expect(headersOf(calls[0]!)).toMatchObject({
      'cst-token': 'tok',
      'cst-id': 't1',
      'Accept-Language': 'en',
    });
    expect(headersOf(calls[0]!).Authorization).toBeUndefined();
  });

  it('client B sends Authorization and treats 200 as success, showing msg otherwise', async () => {
    const { client, calls, notify } = setup(systemProfile, ({ url }) =>
      url.includes('bad')
        ? json({ code: 409, msg: '角色名称已存在', data: null }, 409)
        : json({ code: 200, msg: '操作成功', data: 'x' }),
    );
    await expect(client.get('/system-api/ok')).resolves.toBe('x');
    expect(headersOf(calls[0]!).Authorization).toBe('Bearer tok');
    expect(headersOf(calls[0]!)['cst-token']).toBeUndefined();
    await expect(client.post('/system-api/bad', {})).rejects.toMatchObject({
      message: '角色名称已存在',
      code: 409,
    });
    expect(notify).toHaveBeenCalledWith('角色名称已存在');
  });

  it('shows the message of a non-success code in a 200 response', async () => {
    const { client, notify } = setup(mainProfile, () =>
      json({ code: 500, message: '服务器错误', data: null }),
    );
    await expect(client.post('/main-api/x')).rejects.toBeInstanceOf(HttpError);
    expect(notify).toHaveBeenCalledWith('服务器错误');
  });

  it('does not toast when silent, but still rejects with the envelope data', async () => {
    const { client, notify } = setup(systemProfile, () =>
      json({ code: 400, msg: '账号或密码错误', data: { captchaEnabled: true } }, 400),
    );
    const err = await client.post('/system-api/auth/login', {}, { silent: true }).catch((e) => e);
    expect(err).toMatchObject({ message: '账号或密码错误', data: { captchaEnabled: true } });
    expect(notify).not.toHaveBeenCalled();
  });

  it('trims every string of the body and the query, recursively', async () => {
    const { client, calls } = setup();
    await client.post('/main-api/x', { a: '  x ', b: [' y', { c: ' z ' }], n: 3, f: false });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      a: 'x',
      b: ['y', { c: 'z' }],
      n: 3,
      f: false,
    });
    await client.get('/main-api/y', { keyword: '  hi  ', empty: '', page: 2 });
    expect(calls[1]!.url).toBe('/main-api/y?keyword=hi&page=2');
  });

  it('cancels an identical request while the first is in flight, but not a different one', async () => {
    const resolvers: (() => void)[] = [];
    const { client, calls, notify } = setup(
      mainProfile,
      () =>
        new Promise<Response>((resolve) =>
          resolvers.push(() => resolve(json({ code: 0, message: 'ok', data: 'done' }))),
        ),
    );
    const first = client.post('/main-api/conv/list', { page: 1 });
    const dup = client.post('/main-api/conv/list', { page: 1 });
    const other = client.post('/main-api/conv/list', { page: 2 });
    const dupErr = await dup.catch((e: unknown) => e);
    expect(isCancelled(dupErr)).toBe(true);
    expect(calls).toHaveLength(2);
    for (const r of resolvers) r();
    await expect(first).resolves.toBe('done');
    await expect(other).resolves.toBe('done');
    expect(notify).not.toHaveBeenCalled();
    // Once the first has finished, the same request may go again.
    const again = client.post('/main-api/conv/list', { page: 1 });
    resolvers[2]!();
    await expect(again).resolves.toBe('done');
  });

  it('never cancels a url with the skip-cancel prefix, and strips the prefix', async () => {
    const resolvers: (() => void)[] = [];
    const { client, calls } = setup(
      mainProfile,
      () =>
        new Promise<Response>((resolve) =>
          resolvers.push(() => resolve(json({ code: 0, message: 'ok', data: 1 }))),
        ),
    );
    const a = client.post('/main-api/skip-cancel/conv/messages', { index_name: 'x' });
    const b = client.post('/main-api/skip-cancel/conv/messages', { index_name: 'x' });
    await Promise.resolve();
    expect(calls.map((c) => c.url)).toEqual(['/main-api/conv/messages', '/main-api/conv/messages']);
    for (const r of resolvers) r();
    await expect(Promise.all([a, b])).resolves.toEqual([1, 1]);
  });

  it('times out after 50 s with a toast', async () => {
    const { client, notify } = setup(
      mainProfile,
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')));
        }),
    );
    const p = client.post('/main-api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ kind: 'timeout' });
    expect(notify).toHaveBeenCalledWith('timeout');
  });

  it('code 401 in the envelope toasts the session message and logs out at once', async () => {
    const { client, notify, logout } = setup(mainProfile, () =>
      json({ code: 401, message: 'whatever', data: null }),
    );
    await expect(client.post('/main-api/x')).rejects.toMatchObject({ code: 401 });
    expect(notify).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 toasts at once and logs out 2 s later, once for a burst of failures', async () => {
    const { client, notify, logout } = setup(systemProfile, () =>
      json({ code: 401, msg: '登录已过期，请重新登录', data: null }, 401),
    );
    await Promise.all([
      client.get('/system-api/a').catch(() => null),
      client.get('/system-api/b').catch(() => null),
    ]);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('登录已过期，请重新登录');
    await vi.advanceTimersByTimeAsync(1999);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('updates the token expiry from the response header', async () => {
    const { client, onTokenExpiry } = setup(mainProfile, () =>
      json({ code: 0, message: 'ok', data: null }, 200, { 'x-token-expires-at': '1234567' }),
    );
    await client.get('/main-api/x');
    expect(onTokenExpiry).toHaveBeenCalledWith(1234567);
  });

  it('toasts a network failure and a non-JSON error page', async () => {
    let mode = 'network';
    const { client, notify } = setup(mainProfile, () => {
      if (mode === 'network') throw new TypeError('Failed to fetch');
      return new Response('<html>bad gateway</html>', { status: 502 });
    });
    await expect(client.get('/main-api/x')).rejects.toMatchObject({ kind: 'network' });
    mode = 'html';
    await expect(client.get('/main-api/x')).rejects.toMatchObject({ status: 502 });
    expect(notify.mock.calls.map((c) => c[0])).toEqual(['network', 'failed 502']);
  });
});

describe('prefetch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the answer of a prefetched request to the identical request instead of asking again', async () => {
    let n = 0;
    const { client, calls } = setup(mainProfile, () =>
      json({ code: 0, message: 'ok', data: { n: ++n } }),
    );
    client.prefetch(() => client.post('/main-api/conv/list', { page: 1, mode: 'account' }));
    expect(calls).toHaveLength(1);
    await expect(client.post('/main-api/conv/list', { page: 1, mode: 'account' })).resolves.toEqual(
      { n: 1 },
    );
    expect(calls).toHaveLength(1);
    // Taken once: the next identical request asks the server.
    await expect(client.post('/main-api/conv/list', { page: 1, mode: 'account' })).resolves.toEqual(
      { n: 2 },
    );
    // A different body is a different request.
    client.prefetch(() => client.post('/main-api/conv/list', { page: 1 }));
    await expect(client.post('/main-api/conv/list', { page: 2 })).resolves.toEqual({ n: 4 });
    expect(calls).toHaveLength(4);
  });

  it('takes an answer still on its way, and one a duplicate-cancelled call would have lost', async () => {
    const resolvers: (() => void)[] = [];
    const { client, calls } = setup(
      mainProfile,
      () =>
        new Promise<Response>((resolve) =>
          resolvers.push(() => resolve(json({ code: 0, message: 'ok', data: 'early' }))),
        ),
    );
    client.prefetch(() => client.post('/main-api/conv/messages', { index_name: 'a' }));
    const taken = client.post('/main-api/conv/messages', { index_name: 'a' });
    resolvers[0]!();
    await expect(taken).resolves.toBe('early');
    expect(calls).toHaveLength(1);
  });

  it('asks again after the answer has waited too long, for another token, or once dropped', async () => {
    let token = 'tok';
    const calls: string[] = [];
    const client = createHttpClient(mainProfile, {
      session: () => ({ token, tenantId: 't1' }),
      language: () => 'zh-CN',
      notify: () => undefined,
      texts: () => ({ sessionExpired: 'x', timeout: 't', network: 'n', status: 's' }),
      onTokenExpiry: () => undefined,
      onUnauthorized: () => undefined,
      fetch: (async (url: string) => {
        calls.push(url);
        return json({ code: 0, message: 'ok', data: calls.length });
      }) as unknown as typeof fetch,
    });
    client.prefetch(() => client.get('/main-api/acc/switcher'));
    vi.advanceTimersByTime(PREFETCH_TTL_MS);
    await expect(client.get('/main-api/acc/switcher')).resolves.toBe(2);
    client.prefetch(() => client.get('/main-api/acc/switcher'));
    token = 'other';
    await expect(client.get('/main-api/acc/switcher')).resolves.toBe(4);
    client.prefetch(() => client.get('/main-api/acc/switcher'));
    client.dropPrefetched();
    await expect(client.get('/main-api/acc/switcher')).resolves.toBe(6);
  });

  it('shows no error for a failed prefetch; the request is sent again and reports its own', async () => {
    let n = 0;
    const { client, calls, notify } = setup(mainProfile, () =>
      ++n === 1
        ? json({ code: 500, message: '服务器繁忙', data: null })
        : json({ code: 500, message: '服务器错误', data: null }),
    );
    client.prefetch(() => client.post('/main-api/conv/unread', {}));
    await vi.runAllTimersAsync();
    expect(notify).not.toHaveBeenCalled();
    await expect(client.post('/main-api/conv/unread', {})).rejects.toMatchObject({
      message: '服务器错误',
    });
    expect(calls).toHaveLength(2);
    expect(notify).toHaveBeenCalledWith('服务器错误');
  });
});
