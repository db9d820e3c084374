import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, motionsDone, test as base } from '../fixtures.ts';
import { E2EServer } from '../server.ts';
import { SHOTS } from './accounts-support.ts';
import { apiAs } from './inbox-support.ts';
import { tableFit } from './table-fit.ts';

// 设置 → 开放平台 → Webhooks as a manager uses it: add an endpoint pointing at a receiver the spec
// runs, copy the secret shown once, send the test event, and see it delivered in the log; then
// rotate the secret, switch an endpoint off and on, filter the log and redeliver a failed event.
// The server has the test clock, so the retries of a failing endpoint come without waiting.

interface Delivery {
  path: string;
  event: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

interface Receiver {
  url: string;
  got: Delivery[];
  /** Paths answered 500 (every other request is answered 204). */
  failing: Set<string>;
  server: http.Server;
}

// The retry waits of API.md (about 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h).
const RETRY_WAITS_MS = [
  10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000,
];

const test = base.extend<object, { receiver: Receiver }>({
  receiver: [
    async ({}, use) => {
      const got: Delivery[] = [];
      const failing = new Set<string>();
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const path = req.url ?? '';
          got.push({
            path,
            event: String(req.headers['x-cst-event']),
            id: (JSON.parse(body) as { id: string }).id,
            timestamp: String(req.headers['x-cst-timestamp']),
            signature: String(req.headers['x-cst-signature']),
            body,
          });
          if (failing.has(path)) res.writeHead(500).end('down for maintenance');
          else res.writeHead(204).end();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as AddressInfo).port;
      await use({ url: `http://127.0.0.1:${port}/hook`, got, failing, server });
      await new Promise((r) => server.close(r));
    },
    { scope: 'worker' },
  ],
  server: [
    async ({}, use) => {
      // The receiver is on this machine: the one switch of private addresses, for this server.
      const server = new E2EServer({ ALLOW_PRIVATE_NETWORK: '1' }, { clock: true });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** Adds an endpoint through the form; returns its row and the secret shown once. */
async function addEndpoint(page: Page, url: string) {
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill(url);
  await page.getByTestId('webhook-form-ok').click();
  await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
  const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
  await page.getByTestId('webhook-secret-done').click();
  await motionsDone(page);
  return { row: page.getByRole('row').filter({ hasText: url }), secret };
}

/** Picks an entry of a row's 「更多」 menu (the test event, the rotation, the delete). */
async function fromMore(page: Page, row: Locator, item: 'webhook-test' | 'webhook-rotate') {
  await row.getByTestId('webhook-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(item).click();
}

/** Whether a delivery carries a `v1=` signature made with `secret`. */
function signedWith(d: Delivery, secret: string): boolean {
  const want = createHmac('sha256', secret).update(`${d.timestamp}.${d.body}`).digest('hex');
  return d.signature.split(',').some((part) => part.trim() === `v1=${want}`);
}

test('a manager adds a webhook, sends the test event and sees it delivered', async ({
  page,
  receiver,
}) => {
  await loginAs(page, 'demo');
  await page.goto('/#/settings/open/webhooks');
  await expect(page.getByTestId('webhooks')).toBeVisible();
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill(receiver.url);
  await page.getByTestId('webhook-events').getByText('会话已读').click();
  await page.getByTestId('webhook-form-ok').click();

  // The secret, once.
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toContainText('whsec_');
  if (SHOTS) await page.screenshot({ path: 'e2e/artifacts/screens/webhooks-secret.png' });
  await page.getByTestId('webhook-secret-done').click();

  const row = page.getByRole('row').filter({ hasText: receiver.url });
  await expect(row).toContainText('收到消息');
  await expect(row).toContainText('会话已读');
  // At 1440 every column shows without a sideways scroll; at 1024 the table scrolls, and once
  // scrolled to its end no column is left under the fixed actions.
  const frame = page.getByTestId('webhooks');
  const wide = await tableFit(frame);
  expect(wide.needs).toBeLessThanOrEqual(wide.width);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(async () => (await tableFit(frame)).width).toBeLessThan(wide.width);
  expect((await tableFit(frame)).hidden).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await fromMore(page, row, 'webhook-test');
  await expect(page.getByText('测试事件已发送')).toBeVisible();
  await expect.poll(() => receiver.got.map((g) => g.event)).toContain('webhook.test');
  expect(receiver.got[0]!.signature).toMatch(/^v1=[0-9a-f]{64}$/);

  await row.getByTestId('webhook-log').click();
  const log = page.getByTestId('webhook-deliveries-table');
  const delivered = log.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(delivered.getByTestId('webhook-delivery-status')).toHaveText('已送达');
  await expect(delivered).toContainText(receiver.got[0]!.id);
  await expect(delivered).toContainText('204');
  if (SHOTS) {
    await page.screenshot({ path: 'e2e/artifacts/screens/webhooks-log.png', fullPage: true });
  }
});

test('a manager rotates the secret, switches an endpoint off and on, and redelivers a failure', async ({
  page,
  request,
  server,
  receiver,
}) => {
  const url = receiver.url.replace('/hook', '/flaky');
  const path = new URL(url).pathname;
  const at = (p: string) => receiver.got.filter((g) => g.path === p);
  receiver.failing.add(path);
  const api = await apiAs(request, 'demo');
  await loginAs(page, 'demo');
  await page.goto('/#/settings/open/webhooks');
  const { row, secret } = await addEndpoint(page, url);
  const hooks = await api<{ list: { id: string; url: string }[] }>('/main-api/open/webhooks/list');
  const hookId = hooks.list.find((h) => h.url === url)!.id;
  /** The endpoint's deliveries as the server has recorded them. */
  const recorded = async () =>
    (
      await api<{ list: { eventId: string; status: string; attempts: number }[] }>(
        '/main-api/open/webhooks/deliveries',
        { id: hookId, page: 1, pageSize: 50 },
      )
    ).list;

  // A test event the endpoint refuses: attempted again after each wait, then failed.
  await fromMore(page, row, 'webhook-test');
  // A toast says so (an earlier one may still show under load).
  await expect(page.getByText('测试事件已发送').last()).toBeVisible();
  await expect.poll(() => at(path).length).toBe(1);
  const failedId = at(path)[0]!.id;
  for (const [i, wait] of RETRY_WAITS_MS.entries()) {
    // Each attempt is recorded (its next time set) before the clock moves on to it.
    await expect.poll(async () => (await recorded())[0]?.attempts).toBe(i + 1);
    await server.advanceClock(wait);
    await expect.poll(() => at(path).length).toBe(i + 2);
  }
  await expect.poll(async () => (await recorded())[0]?.status).toBe('failed');
  expect(new Set(at(path).map((g) => g.id))).toEqual(new Set([failedId]));

  // The log, filtered by state: the failure with its 9 attempts and the answer's code.
  await row.getByTestId('webhook-log').click();
  const log = page.getByTestId('webhook-deliveries-table');
  const entry = log.getByRole('row').filter({ hasText: failedId });
  await expect(entry.getByTestId('webhook-delivery-status')).toHaveText('失败');
  await expect(entry).toContainText('500');
  const filterBy = async (label: string) => {
    await page.getByTestId('webhook-deliveries-status').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: label })
      .click();
    // The list shows the filtered page once no row of another state is left.
    await expect(
      log.getByTestId('webhook-delivery-status').filter({ hasNotText: label }),
    ).toHaveCount(0);
  };
  await filterBy('已送达');
  await expect(log.locator('.ant-table-placeholder')).toBeVisible();
  await expect(entry).toHaveCount(0);
  await filterBy('失败');
  await expect(entry.getByTestId('webhook-delivery-status')).toHaveText('失败');
  await expect(entry.getByRole('cell', { name: '9', exact: true })).toBeVisible();

  // The receiver is back: redeliver the failed event, with the same id.
  receiver.failing.delete(path);
  await entry.getByTestId('webhook-redeliver').click();
  await expect(page.getByText('已重新投递')).toBeVisible();
  await expect.poll(() => at(path).length).toBe(10);
  expect(at(path)[9]!.id).toBe(failedId);
  await expect.poll(async () => (await recorded())[0]?.status).toBe('delivered');
  await filterBy('已送达');
  await expect(entry.getByTestId('webhook-delivery-status')).toHaveText('已送达');
  await expect(entry).toContainText('204');
  if (SHOTS) await page.screenshot({ path: 'e2e/artifacts/screens/webhooks-redelivered.png' });
  await page.keyboard.press('Escape');
  await motionsDone(page);

  // Rotating: a new secret, shown once; for 24 h both sign each delivery.
  await fromMore(page, row, 'webhook-rotate');
  await page.getByTestId('webhook-rotate-ok').click();
  // The dialog shows the new secret once the rotation answered (never the old one).
  const shown = page.getByTestId('webhook-secret');
  await expect(shown).toContainText('whsec_');
  await expect(shown).not.toHaveText(secret);
  const rotated = (await shown.innerText()).trim();
  await expect(page.getByText('旧密钥将在 24 小时内与新密钥一起签名')).toBeVisible();
  await page.getByTestId('webhook-secret-done').click();
  await motionsDone(page);
  await expect(row).toContainText('旧密钥签名至');
  await fromMore(page, row, 'webhook-test');
  await expect.poll(() => at(path).length).toBe(11);
  const signed = at(path)[10]!;
  expect(signed.signature.split(',')).toHaveLength(2);
  expect(signedWith(signed, rotated)).toBe(true);
  expect(signedWith(signed, secret)).toBe(true);

  // Switched off, an endpoint keeps its events pending; switched on, they are delivered.
  const setEnabled = async (on: boolean) => {
    await row.getByRole('button', { name: '编辑' }).click();
    const toggle = page.getByTestId('webhook-enabled');
    await expect(toggle).toHaveAttribute('aria-checked', String(!on));
    await toggle.click();
    await page.getByTestId('webhook-form-ok').click();
    await motionsDone(page);
  };
  await setEnabled(false);
  await expect(row.getByTestId('webhook-state')).toHaveText('已停用');
  await fromMore(page, row, 'webhook-test');
  // A toast says so (an earlier one may still show under load).
  await expect(page.getByText('测试事件已发送').last()).toBeVisible();
  await row.getByTestId('webhook-log').click();
  await filterBy('等待中');
  const waiting = log.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(waiting.getByTestId('webhook-delivery-status')).toHaveText('等待中');
  await expect(waiting).toHaveCount(1);
  await page.keyboard.press('Escape');
  await motionsDone(page);
  const pending = (await recorded()).filter((d) => d.status === 'pending');
  expect(pending).toHaveLength(1);
  expect(at(path).map((g) => g.id)).not.toContain(pending[0]!.eventId);
  await setEnabled(true);
  await expect(row.getByTestId('webhook-state')).toHaveText('已启用');
  await expect.poll(() => at(path).map((g) => g.id)).toContain(pending[0]!.eventId);
});
