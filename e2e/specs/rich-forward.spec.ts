import { expect, test } from '../fixtures.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

test.describe('message tools', () => {
  test('forward through the contact picker, collect and delete', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '转发号', 'demo-seat1');
    await contactWrites(api, wxid, 'wxid_e2e_fa', '请转发这句话');
    await contactWrites(api, wxid, 'wxid_e2e_fb', '我是另一位联系人');
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, 'wxid_e2e_fa').click();
    const msg = page.getByTestId('msg-row').filter({ hasText: '请转发这句话' });
    await msg.getByTestId('msg-bubble').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '转发' }).click();
    await page.getByTestId('picker-search').locator('input').fill('zzz-nothing');
    await page.getByTestId('picker-search').locator('input').press('Enter');
    await expect(page.getByText('未找到匹配的好友，请尝试刷新通讯录')).toBeVisible();
    await page.getByTestId('picker-search').locator('input').fill('');
    await page.getByTestId('picker-search').locator('input').press('Enter');
    await expect(page.getByTestId('picker-item').first()).toBeVisible();
    const nameB = await convRow(page, wxid, 'wxid_e2e_fb').getByTestId('conv-name').textContent();
    await page
      .getByTestId('picker-item')
      .filter({ hasText: nameB ?? '' })
      .first()
      .getByRole('checkbox')
      .check();
    await expect(page.getByTestId('picker-selected')).toContainText('已选择 1 个');
    await shot(page, 'rich-forward-picker');
    await page.getByTestId('picker-confirm').click();
    await expect(page.getByText('已转发')).toBeVisible();
    await convRow(page, wxid, 'wxid_e2e_fb').click();
    await expect(
      page
        .locator('[data-testid="msg-row"][data-side="right"]')
        .filter({ hasText: '请转发这句话' }),
    ).toBeVisible({ timeout: 15_000 });

    const other = page.getByTestId('msg-row').filter({ hasText: '我是另一位联系人' });
    await other.getByTestId('msg-bubble').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '收藏' }).click();
    await expect(page.getByText('已收藏')).toBeVisible();
    await other.getByTestId('msg-bubble').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除' }).click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('已删除')).toBeVisible();
    await expect(other).toHaveCount(0);
  });
});
