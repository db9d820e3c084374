import { clickOnlySettled, expect, loginAs, test } from '../fixtures.ts';
import {
  accountRow,
  addAccountByQr,
  openAccounts,
  openSimulator,
  shot,
  showQr,
  watchConsole,
} from './accounts-support.ts';

test.describe('work accounts', () => {
  // Each test adds accounts through the whole QR dance; a busy machine needs the margin.
  test.describe.configure({ timeout: 120_000 });

  test('adds an account by QR: the console shows the code, the phone scans and confirms, the list shows it online live', async ({
    page,
    context,
  }) => {
    const problems = watchConsole(page);
    await loginAs(page, 'demo');
    await openAccounts(page);
    await expect(page).toHaveTitle(/私域流量管理系统 - 工作号管理$/);
    await expect(page.getByTestId('account-table')).toContainText('还没有工作号');
    await shot(page, 'accounts-empty');

    const loginId = await showQr(page);
    await shot(page, 'qr-issued');
    const sim = await openSimulator(context);
    const card = sim.locator(`[data-testid="sim-qr"][data-login="${loginId}"]`);
    await expect(card).toBeVisible();
    await shot(sim, 'simulator-pending-qr');

    // Scanned: the console waits for the confirmation on the phone.
    await card.getByTestId('sim-qr-scan').click();
    await expect(page.getByTestId('qr-modal')).toHaveAttribute('data-phase', 'scanned');
    await expect(page.getByTestId('qr-modal')).toContainText('已扫码，请在手机上确认登录');
    await shot(page, 'qr-scanned');

    await card.getByTestId('sim-qr-nickname').fill('E2E小王');
    await card.getByTestId('sim-qr-confirm').click();
    await expect(page.getByTestId('qr-modal')).toHaveAttribute('data-phase', 'confirmed');
    await expect(page.getByTestId('qr-modal')).toContainText('登录成功');
    await page.getByTestId('qr-close').click();

    // No reload: the pushes bring the row, its status and its synced contacts.
    const row = accountRow(page, 'E2E小王');
    await expect(row.getByTestId('wx-status')).toHaveAttribute('data-status', 'online', {
      timeout: 20_000,
    });
    await expect(row.getByTestId('wx-status')).toHaveText('在线');
    await expect(row.getByTestId('wx-contacts')).not.toContainText('好友 0 /');
    await expect(row.getByTestId('keep-idle')).toContainText('养号期');
    await expect(page.getByTestId('status-chip-online')).toHaveText('在线 1');
    await expect(page.getByTestId('wx-switcher-current')).toHaveText('E2E小王');
    await shot(page, 'accounts-online');

    // A remark: an unchanged value just closes; a new one shows in the list and the switcher.
    await row.getByTestId('row-remark').click();
    await page.getByTestId('remark-ok').click();
    await expect(page.getByTestId('remark-input')).toHaveCount(0);
    await row.getByTestId('row-remark').click();
    await page.getByTestId('remark-input').fill('华东客服1号');
    await page.getByTestId('remark-ok').click();
    await expect(page.getByText('备注已修改')).toBeVisible();
    await expect(row.getByTestId('wx-remark')).toHaveText('华东客服1号');
    await expect(page.getByTestId('wx-switcher-current')).toHaveText('华东客服1号');
    expect(problems).toEqual([]);
  });

  test('a declined QR login shows the failure, and a fresh code on request', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const loginId = await showQr(page);
    const sim = await openSimulator(context);
    await sim
      .locator(`[data-testid="sim-qr"][data-login="${loginId}"]`)
      .getByTestId('sim-qr-fail')
      .click();
    await expect(page.getByTestId('qr-modal')).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('qr-message')).not.toBeEmpty();
    await shot(page, 'qr-failed');
    await page.getByTestId('qr-retry').click();
    await expect(page.getByTestId('qr-modal')).toHaveAttribute('data-phase', 'issued');
    expect(await page.getByTestId('qr-modal').getAttribute('data-login')).not.toBe(loginId);
  });

  test('a ban from the simulator page turns the account banned live; delete needs "del"', async ({
    page,
    context,
  }) => {
    const problems = watchConsole(page);
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    await addAccountByQr(page, sim, 'E2E封号测试');

    const simRow = sim.getByTestId('sim-accounts').locator('tr', { hasText: 'E2E封号测试' });
    await simRow.getByTestId('sim-fault-ban').click();
    const row = accountRow(page, 'E2E封号测试');
    await expect(row.getByTestId('wx-status')).toHaveAttribute('data-status', 'banned');
    await expect(row.getByTestId('wx-status')).toHaveText('已封号');
    await expect(page.getByTestId('status-chip-banned')).toHaveText('已封号 1');
    await shot(page, 'accounts-banned');

    // Logout is only for logging-in accounts: the menu entry is off for a banned one.
    await row.getByTestId('row-more').click();
    await expect(page.getByRole('menuitem', { name: '退出登录' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');

    // "Delete banned" with nothing selected takes every banned account, after typing 'del'.
    await page.getByTestId('bulk-deleteBanned').click();
    await expect(page.locator('.ant-modal')).toContainText('全部已封号的工作号');
    const ok = page.getByTestId('confirm-word-ok');
    await page.getByTestId('confirm-word').fill('de');
    await expect(ok).toBeDisabled();
    await page.getByTestId('confirm-word').fill('del');
    await expect(ok).toBeEnabled();
    await shot(page, 'accounts-delete-confirm');
    await ok.click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('status-chip-banned')).toHaveCount(0);
    await expect(page.getByTestId('bulk-deleteBanned')).toBeDisabled();
    expect(problems).toEqual([]);
  });

  test("distribute to a seat: it shows in that seat's switcher live", async ({
    page,
    context,
    browser,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    await addAccountByQr(page, sim, 'E2E分配测试');

    // The seat is signed in elsewhere and has nothing yet.
    const seatContext = await browser.newContext();
    await clickOnlySettled(seatContext);
    const seat = await seatContext.newPage();
    const seatProblems = watchConsole(seat);
    await loginAs(seat, 'demo-seat1');
    await expect(seat.getByTestId('wx-switcher-current')).toHaveText('暂无工作号');

    const row = accountRow(page, 'E2E分配测试');
    await row.getByTestId('row-distribute').click();
    await page.getByTestId('distribute-seat').click();
    await page.getByTitle(/客服一号 \(demo-seat1\)/).click();
    await shot(page, 'accounts-distribute');
    await page.getByTestId('distribute-ok').click();
    await expect(row).toContainText('客服一号');

    // Live: the seat's switcher picks it up without a reload.
    await expect(seat.getByTestId('wx-switcher-current')).toHaveText('E2E分配测试');
    await seat.getByTestId('wx-switcher').click();
    await expect(seat.getByTestId('wx-switcher-panel').getByTestId('wx-switcher-item')).toHaveCount(
      1,
    );
    await expect(seat.getByTestId('wx-switcher-panel')).toContainText('E2E分配测试');
    await shot(seat, 'seat-switcher');

    // Taken back: it leaves the seat's switcher again.
    await row.getByTestId('row-more').click();
    await page.getByTestId('row-restitute').click();
    await page.getByTestId('restitute-ok').click();
    await expect(row).toContainText('未分配');
    await expect(seat.getByTestId('wx-switcher-current')).toHaveText('暂无工作号');
    expect(seatProblems).toEqual([]);
    await seatContext.close();

    // Deleted from its row, after typing 'del'.
    await row.getByTestId('row-more').click();
    await page.getByTestId('row-delete').click();
    await page.getByTestId('confirm-word').fill('del');
    await page.getByTestId('confirm-word-ok').click();
    await expect(page.getByText('已删除 1 个工作号')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('account groups (add, filter, move in, refused delete), batch edit and pool change', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    await addAccountByQr(page, sim, 'E2E分组测试');

    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name-ok').click();
    await expect(page.getByText('分组名称不能为空')).toBeVisible();
    await page.getByTestId('group-name').fill('华东大区');
    await page.getByTestId('group-name-ok').click();
    const node = page.locator('[data-testid="group-node"][data-group="华东大区"]');
    await expect(node).toContainText('华东大区 (0)');

    await accountRow(page, 'E2E分组测试').locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-moveGroup').click();
    await page.getByTestId('group-pick').click();
    await page.getByTitle('华东大区').last().click();
    await page.getByTestId('group-pick-ok').click();
    await expect(node).toContainText('华东大区 (1)');
    await expect(accountRow(page, 'E2E分组测试')).toContainText('华东大区');

    // Filter by the group (kept in the URL).
    await node.locator('.wx-group-name').click();
    await expect(page).toHaveURL(/groupId=/);
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await page.reload();
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await shot(page, 'accounts-group-filter');

    // Batch edit (online accounts) and the pool change (typed 'yes') on the selection.
    await accountRow(page, 'E2E分组测试').locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-batchEdit').click();
    await page.getByTestId('batch-remark').fill('批量备注');
    await page.getByTestId('group-pick-ok').click();
    await expect(accountRow(page, 'E2E分组测试').getByTestId('wx-remark')).toHaveText('批量备注');
    await accountRow(page, 'E2E分组测试').locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-pool').click();
    await page.getByTestId('confirm-word').fill('yes');
    await page.getByTestId('confirm-word-ok').click();
    await expect(accountRow(page, 'E2E分组测试')).toContainText('养号池');

    await node.hover();
    await node.getByTestId('group-delete').click();
    await page.getByTestId('group-delete-ok').click();
    await expect(page.getByText('分组下还有工作号，无法删除')).toBeVisible();
    await expect(node).toBeVisible();
  });

  test('proxies: added from text lines with a report of the bad ones, assigned, failing live', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    await addAccountByQr(page, sim, 'E2E代理测试');

    await page.getByTestId('open-proxies').click();
    await page.getByTestId('proxy-add').click();
    await page
      .getByTestId('proxy-lines')
      .fill(
        '1.2.3.4:1080:alice:secret\nnot-a-proxy\n1.2.3.5:99999:bob:pw\n1.2.3.6:1081:carol:pw\n' +
          '127.0.0.1:1080:dave:pw',
      );
    await page.getByTestId('proxy-add-ok').click();
    const errors = page.getByTestId('proxy-errors');
    await expect(errors).toContainText('格式应为 ip:端口:账号:密码');
    await expect(errors).toContainText('端口应为 1 到 65535 的整数');
    // The server's own address is not a proxy it will connect to (docs/outbound.md).
    await expect(errors).toContainText('代理地址不可用');
    await expect(errors.locator('tbody tr')).toHaveCount(3);
    // What was added is said in the dialog, and the list behind it already shows it.
    await expect(page.getByTestId('proxy-added')).toHaveText('已添加 2 个代理');
    const table = page.getByTestId('proxy-table');
    await expect(table).toContainText('1.2.3.4:1080');
    await shot(page, 'proxies-add-errors');
    await page.locator('.ant-modal-close').click();
    await expect(table).toContainText('1.2.3.4:1080');
    await expect(table).toContainText('1.2.3.6:1081');
    await expect(table).not.toContainText('127.0.0.1');
    await shot(page, 'proxies-list');
    await page.locator('.ant-drawer-close').click();

    const row = accountRow(page, 'E2E代理测试');
    await row.getByTestId('row-more').click();
    await page.getByTestId('row-proxy').click();
    // The account is online: the dialog says the proxy applies from its next login.
    await expect(page.getByTestId('proxy-next-login')).toContainText('其中 1 个工作号在线');
    await page.getByTestId('proxy-assign-select').click();
    await page.getByTitle(/1\.2\.3\.4:1080/).click();
    await page.getByTestId('proxy-assign-ok').click();
    await expect(row).toContainText('1.2.3.4:1080');

    // The platform reports the proxy failing: the status shows it at once.
    const simRow = sim.getByTestId('sim-accounts').locator('tr', { hasText: 'E2E代理测试' });
    await simRow.getByTestId('sim-fault-proxyFail').click();
    await expect(row.getByTestId('wx-status')).toHaveText('代理失效');
    await shot(page, 'accounts-proxy-failed');
  });

  test('the link to the server comes back after a restart, and pushes flow again', async ({
    page,
    context,
    server,
  }) => {
    await loginAs(page, 'demo');
    await openAccounts(page);
    const sim = await openSimulator(context);
    await addAccountByQr(page, sim, 'E2E重启测试');

    await server.stop();
    const indicator = page.getByTestId('realtime-indicator');
    await expect(indicator).toHaveAttribute('data-status', 'reconnecting');
    await shot(page, 'realtime-reconnecting');
    await server.start();
    await expect(indicator).toHaveCount(0, { timeout: 60_000 });

    // The account is back online without a new QR code, and pushes are live again.
    const row = accountRow(page, 'E2E重启测试');
    await expect(row.getByTestId('wx-status')).toHaveAttribute('data-status', 'online', {
      timeout: 30_000,
    });
    await sim.reload();
    await sim
      .getByTestId('sim-accounts')
      .locator('tr', { hasText: 'E2E重启测试' })
      .getByTestId('sim-fault-ban')
      .click();
    await expect(row.getByTestId('wx-status')).toHaveText('已封号');
  });
});
