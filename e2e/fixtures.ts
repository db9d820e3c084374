import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, E2E_CAPTCHA, E2EServer } from './server.ts';

export { expect, ADMIN_PASSWORD, DEMO_PASSWORD, E2E_CAPTCHA };

/** The password of a start-up user. */
export function passwordOf(username: string): string {
  return username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD;
}

let nextAddress = 0;

/**
 * antd's opening motions (dialogs zoom in, menus and dropdowns slide). An element in one of them
 * takes no pointer events in these tests, so Playwright clicks in it only once it has settled.
 */
const OPENING = ['zoom', 'zoom-big', 'slide-up', 'slide-down', 'move-up', 'move-down']
  .flatMap((m) => [`.ant-${m}-appear`, `.ant-${m}-enter`])
  .flatMap((c) => [c, `${c} *`])
  .join(',\n');

/**
 * Makes the pages of a context take no clicks in an element that is still opening. A dialog spends
 * its first frames laid out in place at opacity 0 with its zoom paused: Playwright finds its OK
 * button visible and stable there and clicks; on a loaded machine the zoom (from a fifth of the
 * size) starts between that check and the press, the press or the release lands off the button,
 * and the click never reaches it (a 新建文件夹 dialog stayed open with its name filled, no request
 * sent). With this, Playwright's hit check fails until the motion has ended, and it waits.
 * A person cannot hit a button before it is there either; the product is unchanged.
 */
export async function clickOnlySettled(context: BrowserContext): Promise<void> {
  await context.addInitScript((css: string) => {
    const add = () => {
      const style = document.createElement('style');
      style.dataset.e2e = 'settled-clicks';
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  }, `${OPENING} { pointer-events: none !important; }`);
}

interface WorkerFixtures {
  server: E2EServer;
}

/**
 * `server`: one console per worker (fresh data, simulator platform, no background traffic);
 * `baseURL` points at it. Specs that restart the server call `server.restart()`.
 */
export const test = base.extend<object, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = new E2EServer();
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  context: async ({ context }, use) => {
    await clickOnlySettled(context);
    await use(context);
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Every page fails its test on a Content-Security-Policy violation the browser reports.
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) {
        violations.push(m.text());
      }
    });
    await use(page);
    expect(violations, 'CSP violations reported in the console').toEqual([]);
  },
  // A client address per test, so captcha and rate limits of one test never reach another.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = testInfo.workerIndex * 10_000 + (nextAddress += 1);
    await use({ 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  },
});

/**
 * `test` on a server with the test clock: `server.advanceClock(ms)` brings scheduled work (the
 * slots of a mass send or a friend-request task) without waiting real time. Its own server per
 * worker, so the moved clock never reaches specs on the shared one.
 */
export const clockTest = test.extend<object, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = new E2EServer({}, { clock: true });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

/** An antd element in an opening or closing motion (a dialog, a drawer, a menu, a toast). */
const IN_MOTION = ['appear', 'enter', 'leave']
  .map((phase) => `[class*="ant-"][class*="-${phase}"]`)
  .join(', ');

/** Waits until no antd element is opening or closing: what shows is what stays. */
export async function motionsDone(page: Page): Promise<void> {
  await expect(page.locator(IN_MOTION)).toHaveCount(0);
}

/**
 * `page.goto` for a page's first load. On a loaded machine Chromium once committed a fresh page's
 * first navigation as a second document of the same URL, and Playwright reported the first as
 * "interrupted by another navigation" to that very URL while the page showed what was asked (the
 * login form). Nothing in the SPA navigates then (no reload, no redirect while signed out). That
 * one case is the navigation done, and waits for its load; anything else still fails the test.
 */
export async function goFresh(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (e) {
    const m =
      e instanceof Error
        ? /Navigation to "([^"]+)" is interrupted by another navigation to "([^"]+)"/.exec(
            e.message,
          )
        : null;
    if (!m || m[1] !== m[2]) throw e;
    await page.waitForLoadState('load');
  }
}

/** Signs in through the login form and waits for the console shell. */
export async function loginAs(page: Page, username: string, password = passwordOf(username)) {
  await goFresh(page, '/#/auth/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
}

/** Signs in over the API and returns the headers of the main client. */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = passwordOf(username),
) {
  const res = await request.post('/system-api/auth/login', { data: { username, password } });
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: { token: string; user: { tenantId: string | null } };
  };
  if (body.code !== 200) throw new Error(`login ${username}: ${body.msg}`);
  return {
    token: body.data.token,
    headers: { 'cst-token': body.data.token, 'cst-id': body.data.user.tenantId ?? '' },
  };
}
