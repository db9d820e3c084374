import { expect, loginAs, test } from '../fixtures.ts';
import { address, setUpAccount } from './inbox-support.ts';
import { brokenHeaderWords, tableFit } from './table-fit.ts';

// Issue 29: at 1440×900 a list shows every column without a sideways scroll (at 1024 it may
// scroll, with nothing left under the fixed actions). The screens the issue names, and the
// widest report, as the demo manager and the platform admin.
const MANAGER_TABLES: [route: string, frame: string][] = [
  ['/settings/wxaccount', 'wx-accounts-page'],
  ['/settings/childAccountManage', 'seats'],
  ['/settings/robotKeywordsReply', 'robot-keywords-page'],
  ['/grouphelper/manager', 'bulk-tasks'],
  ['/customerCenter/mutilAddFriends', 'fan-tasks'],
  ['/settings/orders', 'orders'],
  ['/settings/openApiKeys', 'api-keys'],
  ['/settings/open/webhooks', 'webhooks'],
  ['/statistics/message', 'stat-message'],
];

test('the lists the issue names fit 1440 px and hide nothing at 1024 px', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'demo');
  for (const [route, frame] of MANAGER_TABLES) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/#${route}`);
    const table = page.getByTestId(frame);
    await expect(table.locator('.ant-table-wrapper').first()).toBeVisible();
    const wide = await tableFit(table);
    expect(wide.needs, `${route} at 1440`).toBeLessThanOrEqual(wide.width);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(async () => (await tableFit(table)).width).toBeLessThan(wide.width);
    expect((await tableFit(table)).hidden, `${route} at 1024`).toEqual([]);
  }
});

test('in English too: the group list fits 1440 px; no header breaks a word', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders(address());
  const { wxid } = await setUpAccount(request, '群列表英文号', 'demo-sup');
  await page.addInitScript(() => localStorage.setItem('cst.language', 'en'));
  await loginAs(page, 'demo');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/#/contacts/groups?workWxid=${wxid}`);
  const table = page.getByTestId('groups-page');
  // A row's 「Manage」 button is what once needed more than its column.
  await expect(table.getByRole('button', { name: 'Manage' }).first()).toBeVisible();
  const wide = await tableFit(table);
  expect(wide.needs).toBeLessThanOrEqual(wide.width);
  // No header breaks a word over two lines (「Work accoun-ts」 in the friend-adding tasks).
  await page.goto('/#/customerCenter/mutilAddFriends');
  const tasks = page.getByTestId('fan-tasks');
  await expect(tasks.getByRole('columnheader', { name: 'Accounts' })).toBeVisible();
  expect(await brokenHeaderWords(tasks)).toEqual([]);
});

test('the platform admin’s order list fits 1440 px', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/#/system/orders');
  const table = page.getByTestId('orders');
  await expect(table.locator('.ant-table-wrapper').first()).toBeVisible();
  const wide = await tableFit(table);
  expect(wide.needs).toBeLessThanOrEqual(wide.width);
});

test('the friend list fits 1440 px, and a cut name shows whole on hover', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders(address());
  const name = '一个名字很长很长的工作号用来看表格';
  const { wxid } = await setUpAccount(request, name, 'demo-sup');
  await loginAs(page, 'demo');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/#/contacts/friends?workWxid=${wxid}`);
  const frame = page.getByTestId('friends-page');
  const row = page.getByTestId('friend-row').first();
  await expect(row).toBeVisible();
  const wide = await tableFit(frame);
  expect(wide.needs, 'friends at 1440').toBeLessThanOrEqual(wide.width);
  // The work account's name is cut in its column; hovering it shows the whole name.
  await row.getByText(name.slice(0, 4)).hover();
  await expect(page.getByRole('tooltip')).toHaveText(name);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(async () => (await tableFit(frame)).width).toBeLessThan(wide.width);
  expect((await tableFit(frame)).hidden, 'friends at 1024').toEqual([]);
});
