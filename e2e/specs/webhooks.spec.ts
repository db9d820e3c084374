import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, loginAs, test as base } from '../fixtures.ts';
import { E2EServer } from '../server.ts';
import { SHOTS } from './accounts-support.ts';

// 设置 → 开放平台 → Webhooks as a manager uses it: add an endpoint pointing at a receiver the spec
// runs, copy the secret shown once, send the test event, and see it delivered in the log.

interface Receiver {
  url: string;
  got: { event: string; id: string; signature: string }[];
  server: http.Server;
}

const test = base.extend<object, { receiver: Receiver }>({
  receiver: [
    async ({}, use) => {
      const got: Receiver['got'] = [];
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
          got.push({
            event: String(req.headers['x-cst-event']),
            id: body.id,
            signature: String(req.headers['x-cst-signature']),
          });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as AddressInfo).port;
      await use({ url: `http://127.0.0.1:${port}/hook`, got, server });
      await new Promise((r) => server.close(r));
    },
    { scope: 'worker' },
  ],
  server: [
    async ({}, use) => {
      // The receiver is on this machine: the one switch of private addresses, for this server.
      const server = new E2EServer({ ALLOW_PRIVATE_NETWORK: '1' });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

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
  await row.getByTestId('webhook-test').click();
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
