import type { Browser, Page } from '@playwright/test';
import { accountRow, addAccountByQr, openSimulator, watchConsole } from './accounts-support.ts';
import { clickOnlySettled } from '../fixtures.ts';
import { expect, loginAs, shot, test, verificationCode } from './shell-support.ts';

/** A light or dark screenshot of the current page at a window size. */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  for (const [w, h] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    for (const dark of [false, true]) {
      await page.evaluate(
        (d) => localStorage.setItem('cst.settings', JSON.stringify({ themeMode: !d })),
        dark,
      );
      await page.setViewportSize({ width: w, height: h });
      await page.reload();
      await ready();
      await shot(page, `${name}-${w}${dark ? '-dark' : ''}`);
    }
  }
  await page.evaluate(() => localStorage.removeItem('cst.settings'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The platform admin in a browser context of its own. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.7' },
  });
  await clickOnlySettled(context);
  const page = await context.newPage();
  await loginAs(page, 'admin');
  return page;
}

test.describe('ports, orders and balance', () => {
  test('a new company registers, gets trial ports, adds an account by QR; the admin recharges, the manager buys a port and sees the order', async ({
    page,
    context,
    browser,
    server,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const problems = watchConsole(page);
    const stamp = String(Date.now()).slice(-7);
    const username = `po${stamp}`;
    const company = `端口测试${stamp}`;
    const target = `po${stamp}@example.com`;

    await test.step('register a company', async () => {
      await page.goto('/#/auth/register');
      await page.getByTestId('register-username').fill(username);
      await page.getByTestId('register-password').fill('po-pass-1');
      await page.getByTestId('register-confirm').fill('po-pass-1');
      await page.getByTestId('register-nickname').fill('端口老板');
      await page.getByTestId('register-tenant').fill(company);
      await page.getByTestId('register-target').fill(target);
      await page.getByTestId('send-code').click();
      await expect(page.getByTestId('send-code')).toBeDisabled();
      await page.getByTestId('register-code').fill(await verificationCode(server, target));
      await page.getByTestId('register-submit').click();
      await expect(page).toHaveURL(/#\/auth\/login$/);
    });

    await test.step('the first screen says how to start: trial ports, then add an account', async () => {
      await loginAs(page, username, 'po-pass-1');
      const guide = page.getByTestId('start-guide');
      await expect(guide).toBeVisible();
      await expect(page.getByTestId('start-guide-ports')).toHaveText(
        '平台已赠送 2 个试用端口（2 个可用），可立即添加工作号。',
      );
      await expect(guide).toContainText('扫码添加第一个工作号');
      await shots(page, 'start-guide', () => expect(guide).toBeVisible());
      await page.getByTestId('no-accounts-open').click();
      await expect(page.getByTestId('wx-accounts-page')).toBeVisible();
      const sim = await openSimulator(context);
      await addAccountByQr(page, sim, '试用工作号');
      await sim.close();
      await expect(accountRow(page, '试用工作号')).toBeVisible();
    });

    await test.step('my ports: the trial ports, one bound; buying needs money', async () => {
      await page.goto('/#/settings/ports');
      await expect(page.getByTestId('balance-value')).toHaveText('¥0.00');
      await expect(page.getByTestId('my-ports').locator('tr.ant-table-row')).toHaveCount(2);
      await page.getByTestId('buy-ports').click();
      await expect(page.getByTestId('pay-cost')).toContainText('1 个 × 1 个月 × ¥50.00 = ¥50.00');
      await expect(page.getByTestId('pay-cost')).toContainText('余额不足，还差 ¥50.00');
      await page.getByTestId('pay-ports-ok').click();
      await expect(
        page.getByText('余额不足：当前余额 0.00 元，本次需要 50.00 元，请先充值'),
      ).toBeVisible();
      await page.getByRole('button', { name: /取\s*消/ }).click();
    });

    const admin = await adminPage(browser, baseURL!);
    await test.step('the admin recharges the company', async () => {
      await admin.goto('/#/system/billing');
      await admin.getByTestId('wallets').getByRole('textbox').fill(company);
      await admin.keyboard.press('Enter');
      await expect(admin.getByTestId(`recharge-${company}`)).toBeVisible();
      await admin.getByTestId(`recharge-${company}`).click();
      await admin.getByTestId('recharge-ok').click();
      await expect(
        admin.getByText('请输入 0.01 到 10,000,000 之间、最多两位小数的金额'),
      ).toBeVisible();
      // A third decimal is refused, not rounded behind the admin's back.
      await admin.getByTestId('recharge-amount').fill('12.345');
      await admin.getByTestId('recharge-ok').click();
      await expect(
        admin.getByText('请输入 0.01 到 10,000,000 之间、最多两位小数的金额'),
      ).toBeVisible();
      await admin.getByTestId('recharge-amount').fill('200');
      await admin.getByTestId('recharge-remark').fill('首次充值');
      await shot(admin, 'recharge-dialog');
      await admin.getByTestId('recharge-ok').click();
      // Nothing moves before the admin confirms the amount and the balance it leads to.
      const confirm = admin.locator('.ant-modal-confirm');
      await expect(confirm).toContainText(`为「${company}」充值 ¥200.00，充值后余额 ¥200.00`);
      await shot(admin, 'recharge-confirm');
      await admin.getByTestId('wallet-change-confirm').click();
      await expect(
        admin.getByText(`已为「${company}」充值 ¥200.00，当前余额 ¥200.00`),
      ).toBeVisible();
      await expect(admin.getByTestId(`balance-${company}`)).toHaveText('¥200.00');
      // A wrong credit is corrected by an adjustment with its reason, an order of its own.
      await admin.getByTestId(`adjust-${company}`).click();
      await admin.getByTestId('recharge-amount').fill('-0.5');
      await admin.getByTestId('recharge-ok').click();
      await expect(admin.getByText('请填写调整原因')).toBeVisible();
      await admin.getByTestId('recharge-remark').fill('多充了 0.5 元');
      await admin.getByTestId('recharge-ok').click();
      await expect(confirm).toContainText('调整后余额 ¥199.50');
      await admin.getByTestId('wallet-change-confirm').click();
      await expect(admin.getByTestId(`balance-${company}`)).toHaveText('¥199.50');
      await admin.getByTestId(`adjust-${company}`).click();
      await admin.getByTestId('recharge-amount').fill('0.5');
      await admin.getByTestId('recharge-remark').fill('撤销上一笔调整');
      await admin.getByTestId('recharge-ok').click();
      await admin.getByTestId('wallet-change-confirm').click();
      await expect(admin.getByTestId(`balance-${company}`)).toHaveText('¥200.00');
      await shots(admin, 'wallets', () =>
        expect(admin.getByTestId(`balance-${company}`)).toBeVisible(),
      );
      await admin.getByTestId('open-prices').click();
      await expect(admin.getByTestId('price-warn-days')).toHaveValue('3');
      await shot(admin, 'prices-dialog');
      // Warn 10 days ahead: the 7-day trial ports are then due for a warning.
      await admin.getByTestId('price-warn-days').fill('10');
      await admin.getByTestId('prices-ok').click();
      await expect(admin.getByText('价格设置已保存，之后的订单与注册按新设置执行')).toBeVisible();
    });

    await test.step('the manager buys a port from the balance and sees the order', async () => {
      // The manager's page was open all along: a reload shows the new balance.
      await page.reload();
      await expect(page.getByTestId('balance-value')).toHaveText('¥200.00');
      await page.getByTestId('buy-ports').click();
      await page.getByTestId('pay-months').fill('2');
      await expect(page.getByTestId('pay-cost')).toContainText('¥100.00');
      await expect(page.getByTestId('pay-cost')).toContainText('支付后余额 ¥100.00');
      await shot(page, 'buy-dialog');
      await page.getByTestId('pay-ports-ok').click();
      await expect(page.getByText('已购买 1 个端口，支付 ¥100.00')).toBeVisible();
      await expect(page.getByTestId('balance-value')).toHaveText('¥100.00');
      await expect(page.getByTestId('my-ports').locator('tr.ant-table-row')).toHaveCount(3);

      await page.goto('/#/settings/orders');
      const rows = page.getByTestId('orders').locator('tr.ant-table-row');
      await expect(rows).toHaveCount(5);
      await expect(rows.nth(0)).toContainText('购买端口');
      await expect(rows.nth(0)).toContainText('-¥100.00');
      await expect(rows.nth(0)).toContainText('1 个端口 × 2 个月');
      await expect(rows.nth(1)).toContainText('余额调整');
      await expect(rows.nth(1)).toContainText('+¥0.50');
      await expect(rows.nth(1)).toContainText('撤销上一笔调整');
      await expect(rows.nth(2)).toContainText('-¥0.50');
      await expect(rows.nth(3)).toContainText('充值');
      await expect(rows.nth(3)).toContainText('+¥200.00');
      await expect(rows.nth(4)).toContainText('2 个试用端口');
      await shots(page, 'orders', () => expect(rows.first()).toBeVisible());
      // Filters live in the URL; the export takes them.
      await page.getByTestId('orders-type-filter').click();
      await page.getByTitle('充值', { exact: true }).click();
      await expect(rows).toHaveCount(1);
      await expect(page).toHaveURL(/type=recharge/);
      const download = page.waitForEvent('download');
      await page.getByTestId('orders-export').click();
      expect((await download).suggestedFilename()).toMatch(/^订单-.*\.xlsx$/);
    });

    await test.step('a warning before ports expire; renewing from the balance clears it', async () => {
      await page.goto('/#/settings/ports');
      const banner = page.getByTestId('expiry-banner');
      await expect(banner).toContainText('2 个端口将在 10 天内到期');
      await expect(banner).toContainText('其中 1 个正在使用');
      await shots(page, 'my-ports', () => expect(banner).toBeVisible());
      const table = page.getByTestId('my-ports');
      const due = table.locator('tr.ant-table-row', { hasText: '待续费' });
      await expect(due).toHaveCount(2);
      for (const row of await due.all()) await row.locator('.ant-checkbox-input').check();
      await page.getByTestId('renew-my-ports').click();
      await expect(page.getByTestId('pay-cost')).toContainText('2 个 × 1 个月 × ¥50.00 = ¥100.00');
      await page.getByTestId('pay-ports-ok').click();
      await expect(page.getByText('已续费 2 个端口，支付 ¥100.00')).toBeVisible();
      await expect(page.getByTestId('balance-value')).toHaveText('¥0.00');
      await expect(banner).toHaveCount(0);
      await expect(table.locator('tr.ant-table-row', { hasText: '使用中' })).toHaveCount(3);
    });

    await test.step("the admin sees the company's orders among all", async () => {
      await admin.goto('/#/system/billing');
      await admin.getByTestId('wallets').getByRole('textbox').fill(company);
      await admin.keyboard.press('Enter');
      await admin
        .getByTestId('wallets')
        .locator('tr.ant-table-row', { hasText: company })
        .getByRole('link', { name: '订单' })
        .click();
      await expect(admin).toHaveURL(/#\/system\/orders\?tenantId=/);
      const rows = admin.getByTestId('orders').locator('tr.ant-table-row');
      await expect(rows).toHaveCount(6);
      await expect(rows.first()).toContainText(company);
      await shots(admin, 'all-orders', () => expect(rows.first()).toBeVisible());
      // Back to the default warning days for whatever runs next on this server.
      await admin.goto('/#/system/billing');
      await admin.getByTestId('open-prices').click();
      await admin.getByTestId('price-warn-days').fill('3');
      await admin.getByTestId('prices-ok').click();
      await expect(admin.getByText('价格设置已保存，之后的订单与注册按新设置执行')).toBeVisible();
      await admin.context().close();
    });
    expect(problems).toEqual([]);
  });
});
