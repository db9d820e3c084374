import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, test as base, expect, loginAs, goFresh, passwordOf } from '../fixtures.ts';
import { E2EServer, ROOT } from '../server.ts';

export { expect, loginAs, goFresh, passwordOf };

let nextAddress = 1;

/**
 * The console specs' test: its own server (fresh data) that trusts X-Forwarded-For and logs at
 * info (verification codes), and every page calls from its own address, so the login limits
 * (captcha after 3 failures, 10 attempts a minute per address) never leak between tests. The
 * server has the test clock, so a spec moves past a time window instead of waiting it out.
 */
export const test = base.extend<object, { server: E2EServer }>({
  server: [
    async ({}, use) => {
      const server = new E2EServer(
        {
          TRUST_PROXY: '1',
          LOG_LEVEL: 'info',
          // A private build of the SPA, so a rebuild of apps/web/dist by a parallel run cannot
          // swap the chunks under a running spec.
          ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
        },
        { clock: true },
      );
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  page: async ({ page }, use) => {
    const n = nextAddress++;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${n % 250}` });
    await use(page);
  },
});

export { shot } from './accounts-support.ts';

/**
 * The `nth` verification code the server logged for a target (no sender is configured), waited
 * for: a click on 发送验证码 only asks for it, and reading the log before the new line is written
 * gave the previous code (a reset failed with the registration's code).
 */
export async function verificationCode(
  server: E2EServer,
  target: string,
  nth = 1,
): Promise<string> {
  const file = path.join(ROOT, `e2e/artifacts/server-${path.basename(server.dataDir)}.log`);
  for (let i = 0; i < 50; i++) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
    const codes: string[] = [];
    for (const line of lines) {
      if (!line.includes('"code"') || !line.includes(target)) continue;
      const entry = JSON.parse(line) as { target?: string; code?: string };
      if (entry.target === target && entry.code) codes.push(entry.code);
    }
    if (codes.length >= nth) return codes[nth - 1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification code number ${nth} logged for ${target}`);
}

/** Opens the user menu and logs out. */
export async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  // The click waits for the confirm dialog to finish opening (clickOnlySettled in fixtures.ts).
  await page.getByTestId('logout-ok').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

/** The tenant and role the user menu shows for the signed-in user. */
export async function identityOf(page: Page): Promise<string> {
  await page.getByTestId('user-menu').click();
  const text = (await page.getByTestId('user-identity').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/**
 * Makes sure the user's company has a position named `name` (created over the API when missing),
 * so "add sub-account" is enabled whatever ran before: a new company starts with no position.
 */
export async function ensurePosition(
  request: APIRequestContext,
  username: string,
  name: string,
): Promise<void> {
  const { token } = await apiLogin(request, username);
  const headers = { authorization: `Bearer ${token}` };
  const base = '/system-api/system/positions';
  const list = await request.get(`${base}/list?page=1&pageSize=1000`, { headers });
  const body = (await list.json()) as { code: number; data: { list: { name: string }[] } };
  expect(body.code).toBe(200);
  if (body.data.list.some((p) => p.name === name)) return;
  const add = await request.post(`${base}/add`, { data: { name }, headers });
  expect(((await add.json()) as { code: number }).code).toBe(200);
}
