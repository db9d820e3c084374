import { expect, loginAs, test } from '../fixtures.ts';
import {
  accountRow,
  addAccountByQr,
  openAccounts,
  openSimulator,
  shot,
  watchConsole,
} from './accounts-support.ts';

test.describe('simulator page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('writes as a new contact and as a group member, with any message type', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    const problems = watchConsole(sim);
    await addAccountByQr(page, sim, 'E2E写消息');

    const simRow = sim.getByTestId('sim-accounts').locator('tr', { hasText: 'E2E写消息' });
    const before = await simRow.locator('td').nth(2).innerText();

    // Filter first: with many accounts the dropdown only renders the rows in view.
    await sim.getByTestId('sim-write-account').click();
    await sim.keyboard.type('E2E写消息');
    await sim.getByTitle(/E2E写消息/).click();
    await sim.getByTestId('sim-write-from').locator('input').fill('wxid_e2e_newfriend');
    await sim.getByTestId('sim-write-content').fill('你好，我想咨询一下');
    await sim.getByTestId('sim-write-send').click();
    await expect(sim.getByText(/已发送，消息 ID/)).toBeVisible();
    // The new wxid became a friend of the account.
    await expect(simRow.locator('td').nth(2)).not.toHaveText(before);

    // A structured type from its example (a money transfer).
    await sim.getByTestId('sim-write-type').click();
    await sim.keyboard.type('转账');
    await sim.keyboard.press('Enter');
    await sim.getByRole('button', { name: '填入示例' }).click();
    await expect(sim.getByTestId('sim-write-content')).toContainText('paySubType');
    await sim.getByTestId('sim-write-send').click();
    await expect(sim.getByText(/已发送，消息 ID/).last()).toBeVisible();

    // Bad JSON for a structured type is caught before sending.
    await sim.getByTestId('sim-write-content').fill('{not json');
    await sim.getByTestId('sim-write-send').click();
    await expect(sim.getByText('内容不是有效的 JSON')).toBeVisible();

    // A group message from a member (a media type without a file: the simulator makes one).
    await sim.locator('label.ant-radio-button-wrapper', { hasText: '群聊' }).click();
    await sim.getByTestId('sim-write-group').click();
    await sim.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await sim.getByTestId('sim-write-type').click();
    await sim.keyboard.type('图片');
    await sim.keyboard.press('Enter');
    await sim.getByTestId('sim-write-content').fill('');
    await sim.getByTestId('sim-write-send').click();
    await expect(sim.getByText(/已发送，消息 ID/).last()).toBeVisible();
    await shot(sim, 'simulator-write');
    expect(problems).toEqual([]);
  });

  test('faults from the simulator, then logging in again from the console', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    await addAccountByQr(page, sim, 'E2E故障测试');
    const row = accountRow(page, 'E2E故障测试');
    const fault = (kind: string) =>
      sim
        .getByTestId('sim-accounts')
        .locator('tr', { hasText: 'E2E故障测试' })
        .getByTestId(`sim-fault-${kind}`)
        .click();

    // Multi-login is only for offline, proxy-failed or relogin states: off while online.
    await row.getByTestId('row-more').click();
    await expect(page.getByRole('menuitem', { name: '多开登录' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');

    // A proxy failure keeps the session: multi-login brings it back.
    await fault('proxyFail');
    await expect(row.getByTestId('wx-status')).toHaveText('代理失效');
    await row.getByTestId('row-more').click();
    await page.getByTestId('row-multiLogin').click();
    // Every account logged in again: a toast says so (the kit's bulk result).
    await expect(page.getByText('1 项全部成功')).toBeVisible();
    await expect(row.getByTestId('wx-status')).toHaveAttribute('data-status', 'online');

    // Kicked out, the session is gone: multi-login says so, and a QR login brings it back.
    await fault('kickOut');
    await expect(row.getByTestId('wx-status')).toHaveText('被踢下线');
    await row.getByTestId('row-more').click();
    await page.getByTestId('row-multiLogin').click();
    // A failure is listed with the account and its reason.
    await expect(page.getByTestId('bulk-summary')).toHaveText('0 项成功，1 项失败');
    await expect(page.getByTestId('bulk-failures')).toBeVisible();
    await shot(page, 'accounts-multi-login');
    await page.getByTestId('bulk-result-ok').click();
    await expect(row.getByTestId('wx-status')).not.toHaveAttribute('data-status', 'online');

    await row.getByTestId('row-more').click();
    await page.getByTestId('row-relogin').click();
    const modal = page.getByTestId('qr-modal');
    await expect(modal).toHaveAttribute('data-phase', 'issued');
    const loginId = await modal.getAttribute('data-login');
    const card = sim.locator(`[data-testid="sim-qr"][data-login="${loginId}"]`);
    await expect(card).toContainText('重新登录');
    await card.getByTestId('sim-qr-confirm').click();
    await expect(modal).toHaveAttribute('data-phase', 'confirmed');
    await page.getByTestId('qr-close').click();
    await expect(row.getByTestId('wx-status')).toHaveAttribute('data-status', 'online');
  });

  test('saves the simulator settings', async ({ page }) => {
    await loginAs(page, 'demo');
    await page.goto('/#/simulator');
    await page.getByTestId('sim-config-deliveryDelayMs').fill('1500');
    await page.getByTestId('sim-config-save').click();
    await expect(page.getByText('设置已保存')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('sim-config-deliveryDelayMs')).toHaveValue('1500');
  });

  test('only account managers get the simulator', async ({ page }) => {
    await loginAs(page, 'demo');
    await expect(page.getByTestId('open-simulator')).toBeVisible();
    await page.getByTestId('open-simulator').click();
    await expect(page).toHaveTitle(/私域流量管理系统 - 模拟器$/);
    await expect(page.getByTestId('simulator-page')).toBeVisible();

    const seat = await page.context().browser()!.newPage();
    await loginAs(seat, 'demo-seat1');
    await expect(seat.getByTestId('open-simulator')).toHaveCount(0);
    await seat.goto('/#/simulator');
    await expect(seat.getByTestId('forbidden')).toBeVisible();
    await seat.close();
  });
});
