// Signing in and bringing a work account online over HTTP, for benches that drive a started server.
import type { Page } from '@playwright/test';
import type { BenchServer } from './lib.ts';

export const BENCH_PASSWORD = 'bench-pass-123';
/** The server environment that gives the start-up users (admin, demo) the bench password. */
export const BENCH_ENV = { ADMIN_PASSWORD: BENCH_PASSWORD, DEMO_PASSWORD: BENCH_PASSWORD };

export interface Session {
  token: string;
  user: unknown;
  expiresAt: number;
  headers: Record<string, string>;
}

/** POSTs JSON and returns `data`; throws with the server's message on an error code. */
export async function call<T>(
  s: BenchServer,
  url: string,
  body: unknown,
  headers = {},
): Promise<T> {
  const res = await fetch(`${s.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message?: string; msg?: string; data: T };
  if (json.code !== 0 && json.code !== 200) throw new Error(`${url}: ${json.message ?? json.msg}`);
  return json.data;
}

/** Signs in as the demo manager. */
export async function signIn(s: BenchServer): Promise<Session> {
  const r = await call<{ token: string; expiresAt: number; user: { tenantId: string } }>(
    s,
    '/system-api/auth/login',
    { username: 'demo', password: BENCH_PASSWORD },
  );
  return { ...r, headers: { 'cst-token': r.token, 'cst-id': r.user.tenantId } };
}

/** A work account brought online through the simulator's QR login; returns its wxid. */
export async function addAccount(s: BenchServer, me: Session, nickname: string): Promise<string> {
  const code = await call<{ loginId: string }>(s, '/main-api/acc/qr-login-code', {}, me.headers);
  const scan = await call<{ wxid: string }>(
    s,
    '/sim-api/qr/scan',
    { loginId: code.loginId, confirm: true, nickname },
    me.headers,
  );
  for (let i = 0; i < 200; i++) {
    const r = await call<{ list: { wxid: string; status: string }[] }>(
      s,
      '/main-api/acc/all',
      { page: 1, pageSize: 10, keyword: scan.wxid },
      me.headers,
    );
    if (r.list.some((a) => a.wxid === scan.wxid && a.status === 'online')) return scan.wxid;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('account did not come online');
}

/**
 * Gives a page's browser context the HttpOnly file cookie of a session, as the login answer
 * leaves it (the websocket is authenticated by it). A bench that plants a session in local
 * storage without it races the SPA's own cookie refresh: when the websocket opens first, the
 * server refuses it (4401) and the SPA logs out and reloads two seconds later.
 */
export async function plantFileCookie(page: Page, url: string, token: string): Promise<void> {
  const res = await page.request.post(`${url}/system-api/auth/file-cookie`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  if (!res.ok()) throw new Error(`file cookie: HTTP ${res.status()}`);
}
