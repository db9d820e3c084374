import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, E2E_CAPTCHA, E2EServer } from './server.ts';

export { expect, ADMIN_PASSWORD, DEMO_PASSWORD, E2E_CAPTCHA };

/** The password of a start-up user. */
export function passwordOf(username: string): string {
  return username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD;
}

let nextAddress = 0;

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
    { scope: 'worker', timeout: 90_000 },
  ],
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

/** Signs in through the login form and waits for the console shell. */
export async function loginAs(page: Page, username: string, password = passwordOf(username)) {
  await page.goto('/#/auth/login');
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
