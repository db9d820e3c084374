import { expect, test } from '../fixtures.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

test.describe('sensitive words', () => {
  test('a subAdmin adds words in bulk, sees the first one in red and the hit recorded', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '敏感词号', 'demo-sup');
    await openInbox(page, 'demo-sup');
    await page.goto('/#/settings/sensitiveWords');
    await page.getByTestId('sensitive-add').click();
    await page.getByTestId('sensitive-add-input').fill('违禁词甲\n违禁词乙\n\n违禁词甲');
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('已添加 2 个，忽略 1 个')).toBeVisible();
    // Other specs on the shared server add words of their own: find these two by name.
    const wordRows = page.getByTestId('sensitive-words').locator('tbody tr.ant-table-row');
    await page.getByTestId('sensitive-search').fill('违禁词');
    await page.getByTestId('sensitive-search').press('Enter');
    await expect(wordRows).toHaveCount(2);

    await contactWrites(api, wxid, 'wxid_e2e_sens', '<i>这里</i>有违禁词乙和违禁词甲');
    await page.goto('/#/message');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, 'wxid_e2e_sens').click();
    const row = page.getByTestId('msg-row').filter({ hasText: '违禁词乙' });
    await expect(row.getByTestId('sensitive-word')).toHaveText('违禁词乙');
    await expect(row.getByTestId('sensitive-word')).toHaveCSS('color', 'rgb(245, 34, 45)');
    await expect(row.locator('i')).toHaveCount(0);
    await shot(page, 'safety-sensitive-red');

    await page.goto('/#/settings/sensitiveWords');
    await page.getByRole('tab', { name: '触发记录' }).click();
    await expect(page.getByTestId('sensitive-records')).toContainText('违禁词乙');
  });
});
