import type { Page } from '@playwright/test';
import { ensurePosition, expect, loginAs, logout, goFresh, shot, test } from './shell-support.ts';

/** Waits until `testId` shows and nothing on the page is loading (no antd spinner spinning). */
async function shown(page: Page, testId: string): Promise<void> {
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** A tour of the foundation's screens and dialogs: nothing may log a warning or an error. */
test('the sign-in, seat, role, profile and admin screens log no warning or error', async ({
  page,
  request,
}) => {
  // The seat form is part of the tour: the company needs a position for "add sub-account".
  await ensurePosition(request, 'demo', '外壳巡检职位');
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  await goFresh(page, '/#/auth/login');
  await page.getByTestId('login-submit').click();
  await page.goto('/#/auth/register');
  await page.getByTestId('register-submit').click();
  await page.goto('/#/auth/forget');
  await loginAs(page, 'demo');
  // Each screen is toured once it shows its content and its lists have loaded (no spinner):
  // what it logs while loading and rendering its data is then in.
  for (const [path, testId] of [
    ['/settings/childAccountManage', 'seats'],
    ['/settings/childAccountManage?tab=positions', 'positions'],
    ['/settings/roleManage', 'role-manage'],
    ['/myAccount', 'login-records'],
    ['/nothing', 'not-found'],
  ] as const) {
    await page.goto(`/#${path}`);
    await shown(page, testId);
  }
  await page.goto('/#/settings/childAccountManage');
  await page.getByTestId('add-seat').click();
  await page.getByTestId('seat-form-ok').click();
  await page.keyboard.press('Escape');
  await page.goto('/#/settings/roleManage');
  await page.getByTestId('add-role').click();
  await shown(page, 'role-permissions');
  await page.keyboard.press('Escape');
  await page.getByTestId('open-settings').click();
  await shown(page, 'settings-drawer');
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-reset-password').click();
  await shown(page, 'old-password');
  await page.keyboard.press('Escape');
  await logout(page);
  await loginAs(page, 'admin');
  for (const [path, testId] of [
    ['/', 'app-shell'],
    ['/system/customers', 'customers'],
    ['/system/ports', 'ports'],
  ] as const) {
    await page.goto(`/#${path}`);
    await shown(page, testId);
  }
  await page.getByTestId('grant-ports').click();
  await shown(page, 'port-tenant');
  expect(messages).toEqual([]);
});

test('the top menu keeps every entry in view at 1024 × 768, in both languages', async ({
  page,
}) => {
  // Signed in on a wide window that is then narrowed: the entries are measured again at 1024.
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'demo');
  await page.setViewportSize({ width: 1024, height: 768 });
  const menu = page.getByTestId('top-menu');
  // Entries that do not fit are folded into '···' (rendered, but without a box).
  const zh = [
    '会话聊天',
    '群聊',
    '历史消息',
    '通讯录',
    '群发助手',
    '朋友圈',
    '数据统计',
    '客户中心',
    '设置',
  ];
  for (const name of zh) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  await page.getByTestId('language-switch').click();
  const en = [
    'Chats',
    'Groups',
    'History',
    'Contacts',
    'Mass send',
    'Moments',
    'Stats',
    'Clients',
    'Settings',
  ];
  for (const name of en) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  await shot(page, 'top-menu-1024-en');
  await page.getByTestId('language-switch').click();
  // Narrowing and widening the open window measures the entries again: none stays folded.
  for (const width of [1440, 1024, 1920, 1024, 1440]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
    for (const name of zh) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  }
  // And a page loaded at 1024 (the simulator's link in the header beside the menu).
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.reload();
  await expect(page.getByTestId('open-simulator')).toBeVisible();
  for (const name of zh) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  await shot(page, 'top-menu-1024-zh');
});
