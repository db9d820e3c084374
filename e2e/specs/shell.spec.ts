import {
  ensurePosition,
  expect,
  identityOf,
  loginAs,
  logout,
  shot,
  test,
} from './shell-support.ts';

test.describe('console shell', () => {
  test('the demo manager sees the settings menu, its company and role, the notice', async ({
    page,
  }) => {
    await loginAs(page, 'demo');
    const top = page.getByTestId('top-menu');
    await expect(top).toContainText('设置');
    await expect(top).not.toContainText('客户管理');
    expect(await identityOf(page)).toBe('演示企业 · 管理员');
    await expect(page.getByTestId('compliance-notice').first()).toContainText('电信诈骗');
    await top.getByRole('menuitem', { name: '设置' }).click();
    const side = page.getByTestId('side-menu');
    await expect(side).toContainText('子账号管理');
    await expect(side).toContainText('角色管理');
    await side.getByRole('menuitem', { name: '子账号管理' }).click();
    await expect(page).toHaveURL(/#\/settings\/childAccountManage$/);
    await expect(page.getByRole('row', { name: /demo-seat1/ })).toBeVisible();
    await shot(page, 'child-accounts');
  });

  test('the supervisor sees seats but not roles', async ({ page }) => {
    await loginAs(page, 'demo-sup');
    await page.getByTestId('top-menu').getByRole('menuitem', { name: '设置' }).click();
    await expect(page.getByTestId('side-menu')).toContainText('子账号管理');
    await expect(page.getByTestId('side-menu')).not.toContainText('角色管理');
    await page.goto('/#/settings/roleManage');
    await expect(page.getByTestId('forbidden')).toBeVisible();
  });

  test('an office seat sees no management menu', async ({ page }) => {
    await loginAs(page, 'demo-seat1');
    await expect(page.getByTestId('top-menu')).not.toContainText('客户管理');
    // 设置 holds the seat's own phrase library and nothing that manages the company.
    await page.goto('/#/settings');
    await expect(page).toHaveURL(/#\/settings\/phrases$/);
    const side = page.getByTestId('side-menu');
    await expect(side.getByRole('menuitem')).toHaveText(['话术库']);
    expect(await identityOf(page)).toBe('演示企业 · 客服');
    await page.goto('/#/settings/childAccountManage');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await shot(page, 'forbidden');
  });

  test('the platform admin sees customers, ports, balances and orders', async ({ page }) => {
    await loginAs(page, 'admin');
    // No conversations for the platform admin: home is the workbench.
    await expect(page.getByTestId('workbench-tenant')).toHaveText('平台');
    await expect(page.getByTestId('workbench-role')).toHaveText('平台管理员');
    await expect(page.getByTestId('workbench')).toContainText('客户用户管理');
    await expect(page).toHaveTitle('私域流量管理系统 - 工作台');
    await shot(page, 'workbench-admin');
    const top = page.getByTestId('top-menu');
    await expect(top.getByRole('menuitem')).toHaveText([
      '客户管理',
      '端口管理',
      '余额充值',
      '订单',
      '备份',
    ]);
    await top.getByRole('menuitem', { name: '客户管理' }).click();
    await expect(page.getByRole('row', { name: /演示企业/ })).toBeVisible();
    await shot(page, 'customers');
    await top.getByRole('menuitem', { name: '端口管理' }).click();
    await expect(page.getByRole('row', { name: /演示企业/ }).first()).toBeVisible();
    await shot(page, 'ports');
  });

  test('switching the language translates the console, antd and the server messages', async ({
    page,
    request,
  }) => {
    // The seat form's English messages are checked: "add sub-account" needs a position.
    await ensurePosition(request, 'demo', '外壳巡检职位');
    await loginAs(page, 'demo');
    await page.goto('/#/settings/childAccountManage');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveTitle('Private domain traffic management system - Sub-accounts');
    await expect(page.getByTestId('top-menu')).toContainText('Settings');
    await expect(page.getByTestId('child-account-manage')).toContainText('Add sub-account');
    await expect(page.getByText('20 / page')).toBeVisible();
    expect(await identityOf(page)).toBe('演示企业 · Manager');
    await shot(page, 'child-accounts-en');
    await page.reload();
    await expect(page.getByTestId('top-menu')).toContainText('Settings');
    await page.getByTestId('add-seat').click();
    await page.getByTestId('seat-form-ok').click();
    await expect(
      page.getByRole('dialog').getByText('Please choose a superior account'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // The language is kept on logout; the login page and the server answer in English.
    await logout(page);
    await expect(page.getByTestId('login-submit')).toHaveText('Log in');
    await expect(page.getByTestId('compliance-notice')).toContainText('Telecom fraud');
    await page.getByTestId('login-username').fill('nobody-en');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Wrong account or password');
    await shot(page, 'login-en');
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('login-submit')).toHaveText('登录');
  });

  test('the settings drawer applies and keeps the theme, colour and background', async ({
    page,
  }) => {
    await loginAs(page, 'demo-sup');
    await page.goto('/#/settings/childAccountManage');
    await page.getByTestId('open-settings').click();
    const drawer = page.getByTestId('settings-drawer');
    await expect(drawer.getByRole('switch', { name: '新消息提示音' })).toBeChecked();
    await expect(drawer.getByRole('switch', { name: '新消息桌面通知' })).toBeChecked();
    await drawer.getByText('深色').click();
    await drawer.getByRole('button', { name: '颜色 #722ed1' }).click();
    await drawer.getByRole('button', { name: '波纹' }).click();
    await drawer.getByRole('switch', { name: '新消息提示音' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot(page, 'settings-drawer-dark');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cst.settings')!));
    expect(stored).toEqual({
      themeMode: false,
      themeBagImg: 'bag006',
      themeColor: '#722ed1',
      notifyCueTone: false,
      keyboardEventNotify: true,
    });
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('row', { name: /demo-seat1/ })).toBeVisible();
    await shot(page, 'child-accounts-dark');
    // The side menu draws no edge line of its own: it stopped below the section title and showed
    // as a thin line at the card's corner.
    await expect(page.getByTestId('side-menu')).toHaveCSS('border-right-width', '0px');
    // Settings survive a logout; the login page is dark too.
    await logout(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot(page, 'login-dark');
  });
});
