import { expect, test } from '../fixtures.ts';
import { address, contactWrites, openInbox, setUpAccount, shot } from './inbox-support.ts';

test.describe('history messages', () => {
  test('search by keyword, see the context and open the conversation', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '历史号', 'demo-sup');
    await contactWrites(api, wxid, 'wxid_e2e_his', '之前的一句');
    await contactWrites(api, wxid, 'wxid_e2e_his', '订单号 A-778899 什么时候发货');
    await contactWrites(api, wxid, 'wxid_e2e_his', '之后的一句');
    await openInbox(page, 'demo-sup');
    await page.goto('/#/history');
    await expect(page.getByTestId('history-page')).toBeVisible();
    await page.getByTestId('history-keyword').fill('A-778899');
    await page.getByTestId('history-keyword').press('Enter');
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('什么时候发货');
    await rows.first().click();
    const ctx = page.getByTestId('history-context');
    await expect(ctx).toContainText('之前的一句');
    await expect(ctx).toContainText('之后的一句');
    await expect(ctx.locator('[data-hit="true"]')).toContainText('A-778899');
    await shot(page, 'history-context');
    await page.getByTestId('history-open-chat').click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    await expect(page.getByTestId('msg-row').filter({ hasText: 'A-778899' })).toBeVisible();
  });

  test('a hit opens the conversation at that message, highlighted, and scrolls down to the latest', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const peer = 'wxid_e2e_anchor';
    const { api, wxid } = await setUpAccount(request, '定位号', 'demo-sup');
    for (let i = 1; i <= 20; i += 1) await contactWrites(api, wxid, peer, `更早的消息【${i}】`);
    await contactWrites(api, wxid, peer, '工单 Z-5566 需要跟进');
    // More than a screenful of newer messages: the latest page alone would not show the hit.
    for (let i = 1; i <= 40; i += 1) await contactWrites(api, wxid, peer, `后来的消息【${i}】`);
    await openInbox(page, 'demo-sup');
    await page.goto('/#/history');
    await page.getByTestId('history-keyword').fill('Z-5566');
    await page.getByTestId('history-keyword').press('Enter');
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    await page.getByTestId('history-row').first().click();
    await page.getByTestId('history-open-chat').click();

    const pane = page.getByTestId('chat-pane');
    await expect(pane).toHaveAttribute('data-index-name', `1__${peer}__${wxid}`);
    const hit = page.getByTestId('msg-anchor-hit');
    await expect(hit).toContainText('Z-5566');
    await expect(hit).toBeInViewport();
    await shot(page, 'history-open-at-message');
    // Not at the latest: the newest message is not even loaded yet.
    const row = (text: string) => page.getByTestId('msg-row').filter({ hasText: text });
    await expect(row('后来的消息【40】')).toHaveCount(0);
    await expect(page.getByTestId('msg-to-latest')).toBeVisible();
    // The highlight fades after a few seconds.
    await expect(hit).toHaveCount(0, { timeout: 10_000 });

    // Scrolling down loads newer pages until the latest; then new messages follow at the bottom.
    const list = page.getByTestId('msg-list');
    await list.hover();
    await expect(async () => {
      await page.mouse.wheel(0, 2000);
      await expect(row('后来的消息【40】')).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('msg-to-latest')).toHaveCount(0);
    await contactWrites(api, wxid, peer, '最新的一句');
    await expect(row('最新的一句')).toBeInViewport();

    // Scrolling up still reaches the older messages before the hit.
    await expect(async () => {
      await page.mouse.wheel(0, -4000);
      await expect(row('更早的消息【1】')).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });

    // Opened at the hit again, the button goes straight back to the latest messages.
    await page.goto('/#/history');
    await page.getByTestId('history-keyword').fill('Z-5566');
    await page.getByTestId('history-keyword').press('Enter');
    await page.getByTestId('history-row').first().click();
    await page.getByTestId('history-open-chat').click();
    await expect(page.getByTestId('msg-anchor-hit')).toBeInViewport();
    await page.getByTestId('msg-to-latest').click();
    await expect(row('最新的一句')).toBeInViewport();
    await expect(page.getByTestId('msg-to-latest')).toHaveCount(0);
    await expect(page.getByTestId('msg-anchor-hit')).toHaveCount(0);
  });
});
