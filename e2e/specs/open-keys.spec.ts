import { expect, loginAs, motionsDone, test } from '../fixtures.ts';
import { contactWrites, convRow, setUpAccount, shot } from './inbox-support.ts';
import { tableFit } from './table-fit.ts';

const PEER = 'wxid_e2e_api_peer';

/** Sends a text through the public API with a key, as an integration would (plain fetch). */
async function sendByApi(baseURL: string, key: string, workWxid: string, content: string) {
  const res = await fetch(`${baseURL}/open/v1/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      workWxid,
      receiver_id: PEER,
      talkType: 1,
      idempotencyKey: `e2e-${content}`,
      message: { kind: 'text', content },
    }),
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string } };
}

test.describe('open platform: API keys', () => {
  test('a manager creates a key, copies it, sends by API into the inbox, then revokes it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { api, wxid } = await setUpAccount(request, '开放平台号', 'demo-seat1');
    await contactWrites(api, wxid, PEER, '我的订单到哪了？');

    await loginAs(page, 'demo');
    await page.goto('/#/settings/openApiKeys');
    await expect(page.getByTestId('api-keys')).toBeVisible();
    await page.getByTestId('add-api-key').click();
    await page.getByTestId('api-key-name').fill('仓储 ERP');
    const perms = page.getByTestId('api-key-permissions');
    await perms.getByLabel('查看会话').check();
    await perms.getByLabel('发送消息').check();
    await motionsDone(page);
    await shot(page, 'open-keys-create');
    await page.getByTestId('api-key-form-ok').click();

    const shown = page.getByTestId('api-key-value');
    await expect(shown).toHaveText(/^cst_[A-Za-z0-9_-]{43}$/);
    const key = (await shown.textContent())!;
    await page.getByTestId('api-key-copy').click();
    await expect(page.getByTestId('api-key-copy')).toHaveText('已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, 'open-keys-shown-once');
    await page.getByTestId('api-key-done').click();
    const row = page.locator('tr', { hasText: '仓储 ERP' });
    await expect(row).toContainText(key.slice(0, 12));
    await expect(page.getByText(key)).toHaveCount(0);
    // At 1440 every column shows without a sideways scroll; at 1024 the table scrolls, and
    // scrolled to its end it leaves no column under the fixed actions.
    const frame = page.getByTestId('api-keys');
    const wide = await tableFit(frame);
    expect(wide.needs).toBeLessThanOrEqual(wide.width);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(async () => (await tableFit(frame)).width).toBeLessThan(wide.width);
    expect((await tableFit(frame)).hidden).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    const sent = await sendByApi(baseURL!, key, wxid, '您的订单已发货，单号 SF1001');
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.code).toBe(0);

    await page.goto('/#/message');
    await page.getByTestId('account-item').filter({ hasText: '开放平台号' }).click();
    await convRow(page, wxid, PEER).click();
    const bubble = page.getByTestId('msg-row').filter({ hasText: '单号 SF1001' });
    await expect(bubble).toHaveAttribute('data-side', 'right');
    // Sent by the key: its name and the API mark (API.md: sender kind 'api').
    const sender = bubble.getByTestId('msg-sender');
    await expect(sender).toHaveAttribute('data-kind', 'api');
    await expect(sender).toContainText('仓储 ERP');
    await expect(sender).toContainText('API');
    await shot(page, 'open-keys-sent-in-inbox');

    await page.goto('/#/settings/openApiKeys');
    await page.getByTestId('revoke-key-仓储 ERP').click();
    await page.getByTestId('revoke-key-ok').click();
    await expect(page.locator('tr', { hasText: '仓储 ERP' })).toHaveCount(0);
    const refused = await sendByApi(baseURL!, key, wxid, '吊销后');
    expect(refused.status).toBe(401);
  });

  test('the public API’s docs page opens without signing in', async ({ page }) => {
    await page.goto('/open/v1/docs/');
    await expect(page.getByRole('heading', { name: /CST public API/ })).toBeVisible();
    await page.getByText('/open/v1/messages/send', { exact: true }).click();
    await expect(page.getByText('requests.post(').first()).toBeVisible();
    await shot(page, 'open-keys-docs');
  });
});
