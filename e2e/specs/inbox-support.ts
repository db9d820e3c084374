import type { APIRequestContext, Page } from '@playwright/test';
import { expect, goFresh, passwordOf } from '../fixtures.ts';

export { shot, watchConsole } from './accounts-support.ts';

let nextAddress = 1;

/** A caller address of its own, so the per-address login limit never trips between calls. */
export function address(): Record<string, string> {
  return { 'x-forwarded-for': `198.51.100.${nextAddress++ % 250}` };
}

/** The main client's headers of a user signed in over the API. */
export async function signIn(request: APIRequestContext, username: string) {
  const res = await request.post('/system-api/auth/login', {
    data: { username, password: passwordOf(username) },
    headers: address(),
  });
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: { token: string; user: { uid: string; tenantId: string | null } };
  };
  if (body.code !== 200) throw new Error(`login ${username}: ${body.msg}`);
  return {
    uid: body.data.user.uid,
    headers: { 'cst-token': body.data.token, 'cst-id': body.data.user.tenantId ?? '' },
  };
}

/** A caller of the main API as one signed-in user. */
export type Api = <T = unknown>(url: string, data?: unknown) => Promise<T>;

/** Calls the main API as a user; fails the test on any non-zero envelope code. */
export async function apiAs(request: APIRequestContext, username: string): Promise<Api> {
  const { headers } = await signIn(request, username);
  return async <T>(url: string, data: unknown = {}) => {
    const res = await request.post(url, { data, headers });
    const body = (await res.json()) as { code: number; message: string; data: T };
    if (body.code !== 0) throw new Error(`${url}: ${body.message}`);
    return body.data;
  };
}

/** Waits until 工作号管理 shows the work account online. */
export async function accountOnline(api: Api, wxid: string, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const r = await api<{ list: { wxid: string; status: string }[] }>('/main-api/acc/all', {
          page: 1,
          pageSize: 50,
          keyword: wxid,
        });
        return r.list.find((a) => a.wxid === wxid)?.status;
      },
      { timeout },
    )
    .toBe('online');
}

/**
 * Adds a work account through the simulator's QR dance (as the manager), waits until it is
 * online, hands it to a seat and makes the simulated phone answer quickly.
 */
export async function setUpAccount(
  request: APIRequestContext,
  nickname: string,
  seat: string,
): Promise<{ api: Api; wxid: string }> {
  const api = await apiAs(request, 'demo');
  const seatUid = (await signIn(request, seat)).uid;
  const code = await api<{ loginId: string }>('/main-api/acc/qr-login-code', {});
  const { wxid } = await api<{ wxid: string }>('/sim-api/qr/scan', {
    loginId: code.loginId,
    confirm: true,
    nickname,
  });
  await accountOnline(api, wxid, 20_000);
  await api('/main-api/acc/distribute', { wxids: [wxid], uid: seatUid });
  await api('/sim-api/config', { deliveryDelayMs: 300, readDelayMs: 900, failRate: 0 });
  return { api, wxid };
}

/** The simulated phone's contacts and groups of a work account. */
export async function simContacts(request: APIRequestContext, workWxid: string) {
  const { headers } = await signIn(request, 'demo');
  const res = await request.get(`/sim-api/contacts?workWxid=${encodeURIComponent(workWxid)}`, {
    headers,
  });
  const body = (await res.json()) as {
    data: {
      contacts: { wxid: string; nickname: string }[];
      groups: {
        groupId: string;
        name: string;
        members: { wxid: string; nickname: string; card: string }[];
      }[];
    };
  };
  return body.data;
}

/** A contact writes a text to a work account (the simulated phone receives it). */
export function contactWrites(api: Api, workWxid: string, fromWxid: string, content: string) {
  return api<{ msgId: string }>('/sim-api/inbound', {
    workWxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
}

/** The inbox's row of a conversation with a contact. */
export function convRow(page: Page, workWxid: string, peer: string) {
  return page.locator(`[data-testid="conv-row"][data-index-name="1__${peer}__${workWxid}"]`);
}

/** Signs in through the login form and waits for the conversation screen. */
export async function openInbox(page: Page, username: string): Promise<void> {
  await goFresh(page, '/#/auth/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(passwordOf(username));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('inbox')).toBeVisible();
}

/** How many times the console played its cue tone (its test counter). */
export function cueTones(page: Page): Promise<number> {
  return page.evaluate(() => (window as { __cueToneCount?: number }).__cueToneCount ?? 0);
}
