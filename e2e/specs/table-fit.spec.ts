import { expect, loginAs, test } from '../fixtures.ts';
import { tableFit } from './table-fit.ts';

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

test('the platform admin’s order list fits 1440 px', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/#/system/orders');
  const table = page.getByTestId('orders');
  await expect(table.locator('.ant-table-wrapper').first()).toBeVisible();
  const wide = await tableFit(table);
  expect(wide.needs).toBeLessThanOrEqual(wide.width);
});
