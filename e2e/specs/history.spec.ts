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
    await page.getByTestId('history-search').click();
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
});
