import { expect, identityOf, loginAs, logout, shot, test } from './shell-support.ts';

test.describe('platform admin', () => {
  test('creates a customer whose users see nothing of the demo tenant', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByTestId('top-menu').getByRole('menuitem', { name: '客户管理' }).click();
    await expect(page).toHaveTitle('私域流量管理系统 - 客户用户管理');
    await page.getByTestId('add-customer').click();
    await page.getByTestId('customer-form-ok').click();
    const dialog = page.getByRole('dialog');
    for (const text of ['企业名称不能为空', '账号不能为空', '密码不能为空', '姓名不能为空']) {
      await expect(dialog.getByText(text)).toBeVisible();
    }
    await page.getByTestId('customer-tenant').fill('北辰电商');
    await page.getByTestId('customer-username').fill('beichen');
    await page.getByTestId('customer-password').fill('beichen-pass');
    await page.getByTestId('customer-nickname').fill('北辰老板');
    await shot(page, 'customer-form');
    await page.getByTestId('customer-form-ok').click();
    await expect(page.getByRole('row', { name: /北辰电商/ })).toBeVisible();

    // The filter lives in the URL.
    const search = page.getByPlaceholder('按企业名称、账号或姓名搜索');
    await search.fill('北辰');
    await search.press('Enter');
    await expect(page).toHaveURL(/keyword=%E5%8C%97%E8%BE%B0/);
    await page.reload();
    await expect(page.getByTestId('customers').getByRole('row')).toHaveCount(2);
    await logout(page);

    await loginAs(page, 'beichen', 'beichen-pass');
    expect(await identityOf(page)).toBe('北辰电商 · 管理员');
    await page.goto('/#/settings/childAccountManage');
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('beichen');
    await expect(page.getByTestId('child-account-manage')).not.toContainText('demo');
  });

  test('batch-adds customers and reports each bad row', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/#/system/customers');
    await page.getByTestId('batch-add').click();
    await page
      .getByTestId('batch-text')
      .fill('东风贸易,dongfeng,df-pass-1,东风\n,no-company,pw-123456,无名\n西岭科技,xiling,x,西岭');
    await page.getByTestId('batch-submit').click();
    await expect(page.getByTestId('batch-result')).toHaveText('成功 1 个，失败 2 个');
    const report = page.getByTestId('batch-report');
    await expect(report.getByRole('row', { name: /东风贸易/ })).toContainText('已创建');
    await expect(report.getByRole('row', { name: /no-company/ })).toContainText('企业名称不能为空');
    await expect(report.getByRole('row', { name: /西岭科技/ })).toContainText(
      '密码长度为 6 到 64 位',
    );
    // The failed lines stay in the box to be fixed.
    await expect(page.getByTestId('batch-text')).toHaveValue(/no-company[\s\S]*xiling/);
    await shot(page, 'customers-batch');
    await page.keyboard.press('Escape');
    await expect(
      page.getByTestId('customers').getByRole('row', { name: /东风贸易/ }),
    ).toBeVisible();

    // Disabling a customer stops the company: the confirmation names the company.
    await page.getByTestId('status-dongfeng').click();
    await expect(page.locator('.ant-modal-confirm-content')).toHaveText(
      '停用后企业「东风贸易」的所有账号（管理员与坐席）将立即下线且无法登录，确定停用吗？',
    );
    await page.getByTestId('status-confirm').click();
    await expect(page.getByTestId('status-dongfeng')).not.toBeChecked();

    await page.getByTestId('sub-demo').click();
    await expect(page.getByTestId('sub-users')).toContainText('demo-sup');
    await shot(page, 'customers-sub-users');
  });

  test('grants, filters and renews ports', async ({ page }) => {
    await loginAs(page, 'admin');
    // The customers (the dialog's choices) have loaded before the dropdown opens: an option
    // re-rendered by their arrival under the click would lose it.
    const customers = page.waitForResponse(
      (r) => r.url().includes('/system/cst/user/pageList') && r.url().includes('pageSize=1000'),
    );
    await page.goto('/#/system/ports');
    await customers;
    await page.getByTestId('grant-ports').click();
    // Chosen from the keyboard, as a person typing the company does: a pointer click on the
    // option was once lost with the dropdown open (cause not found; see issue 37's note).
    await page.getByTestId('port-tenant').click();
    await page.getByTestId('port-tenant').locator('input').fill('演示企业');
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option-active'),
    ).toHaveAttribute('title', '演示企业');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('port-tenant')).toContainText('演示企业');
    await page.getByTestId('port-days').fill('2');
    await page.getByTestId('port-form-ok').click();
    await expect(page.getByText('已开通 10 个端口')).toBeVisible();

    await page.getByTestId('ports-state-filter').click();
    await page.getByTitle('即将到期').click();
    await expect(page).toHaveURL(/state=dueSoon/);
    await expect(page.getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('row').nth(1)).toContainText('即将到期');
    await shot(page, 'ports-due-soon');

    await page.getByRole('row').nth(1).getByRole('checkbox').check();
    await page.getByTestId('renew-ports').click();
    await page.getByTestId('port-days').fill('365');
    await page.getByTestId('port-form-ok').click();
    await expect(page.getByText('已续费 1 个端口')).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(10);
  });
});
