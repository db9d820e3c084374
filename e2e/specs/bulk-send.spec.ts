import type { Page } from '@playwright/test';
import { clockTest as test, expect, loginAs } from '../fixtures.ts';
import { address, setUpAccount, shot, watchConsole } from './inbox-support.ts';

// Issue 16: /grouphelper — a mass send to the friends of a tag: the progress bar moves live, the
// task pauses and resumes, the details show each send's state with its ticks.

const SEAT = 'demo-sup';
const MESSAGES = 2;
/** One friend a slot; real time never reaches the next slot, the test clock brings it. */
const SLOT_SEC = 600;

function taskRow(page: Page, name: string) {
  return page.getByTestId('bulk-task-table').locator('tr.ant-table-row').filter({ hasText: name });
}

/** The "sent" figure of a task's row. */
async function sentOf(page: Page, name: string): Promise<number> {
  const text = await taskRow(page, name).getByTestId('bulk-task-progress').innerText();
  return Number(/已发送\s*(\d+)/.exec(text)?.[1] ?? NaN);
}

test.describe('group helper: mass send', () => {
  test('sends to a tag, shows progress live, pauses, resumes, shows the ticks', async ({
    page,
    request,
    server,
  }) => {
    test.setTimeout(180_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const a = await setUpAccount(request, '群发号甲', SEAT);
    const run = `${Date.now() % 1_000_000}`;
    // One friend a slot on this account (its own settings): the first at once, each next one when
    // the test moves the server clock a slot on, so every step of the run can be watched.
    await a.api('/task-api/bulk-send-task/settings/save', {
      workWxid: a.wxid,
      channel: 1,
      dailyCapPerAccount: 500,
      messageIntervalSec: 0,
      fanIntervalSec: SLOT_SEC,
      perRoundCount: 1,
      groupIntervalSec: 0,
      groupDailyCap: 100,
      jitterSec: 0,
    });
    const friends = await a.api<{ list: { friendWxid: string }[] }>('/main-api/acc/friends-list', {
      workWxid: a.wxid,
      pageSize: 6,
    });
    const tagName = `双十一客户${run}`;
    const tag = await a.api<{ id: string }>('/main-api/tags/add', { name: tagName });
    await a.api('/main-api/acc/add-friend-tag', {
      targets: friends.list.map((f) => ({ workWxid: a.wxid, friendWxid: f.friendWxid })),
      tagIds: [tag.id],
      op: 'add',
    });
    const total = friends.list.length * MESSAGES;

    await loginAs(page, SEAT);
    await expect(async () => {
      await page.goto('/#/grouphelper');
      await expect(page.getByTestId('bulk-settings')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await expect(page).toHaveURL(/#\/grouphelper\/set/);
    await shot(page, 'bulk-settings');

    await page.goto('/#/grouphelper/manager');
    await expect(page.getByTestId('bulk-tasks')).toBeVisible();
    await page.getByTestId('bulk-task-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建群发任务' });
    await dialog.getByTestId('bulk-create-ok').click();
    await expect(dialog).toContainText('任务名称不能为空');
    await expect(dialog).toContainText('请选择工作号');
    await expect(dialog).toContainText('文字和图片不能同时为空');
    const name = `双十一群发-${run}`;
    await dialog.getByTestId('bulk-task-name').fill(name);
    await dialog.getByTestId('bulk-task-accounts').click();
    await page.keyboard.type(a.wxid);
    await page.locator('.ant-select-item-option').filter({ hasText: a.wxid }).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('按标签').click();
    await dialog.getByTestId('bulk-task-tags').click();
    await page.keyboard.type(tagName);
    await page.locator('.ant-select-item-option').filter({ hasText: tagName }).click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('bulk-msg-0-content').fill('双十一全场五折，今晚八点开抢');
    await dialog.getByTestId('bulk-msg-add').click();
    await dialog.getByTestId('bulk-msg-1-content').fill('回复 1 领取优惠券');
    await shot(page, 'bulk-create');
    await dialog.getByTestId('bulk-create-ok').click();
    await expect(dialog).toBeHidden();

    // Progress moves without a reload (the bulkSendTask push): the first friend's messages go at
    // once, the next friend's when the clock reaches the next slot.
    const row = taskRow(page, name);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('bulk-task-size')).toContainText(`共 ${total} 条消息`);
    await expect.poll(() => sentOf(page, name)).toBe(MESSAGES);
    await server.advanceClock(SLOT_SEC * 1000);
    await expect.poll(() => sentOf(page, name)).toBe(2 * MESSAGES);
    await expect(row.getByTestId('bulk-task-state')).toHaveText('进行中');
    await shot(page, 'bulk-tasks-running');

    // Pause: the state shows it, and the count holds while the clock passes three more slots (the
    // server has run all they would bring when advanceClock resolves).
    const sentOnServer = async () => {
      const r = await a.api<{ list: { taskName: string; sent: number }[] }>(
        '/task-api/bulk-send-task/fetch',
        { page: 1, pageSize: 100 },
      );
      return r.list.find((t) => t.taskName === name)?.sent;
    };
    await row.getByTestId('bulk-task-pause').click();
    await expect(row.getByTestId('bulk-task-state')).toHaveText('已暂停');
    const held = await sentOnServer();
    expect(held).toBe(2 * MESSAGES);
    await server.advanceClock(3 * SLOT_SEC * 1000);
    expect(await sentOnServer()).toBe(held);
    expect(await sentOf(page, name)).toBe(held);

    // Resume: a friend a slot until every message went out.
    await row.getByTestId('bulk-task-restart').click();
    await expect(row.getByTestId('bulk-task-state')).not.toHaveText('已暂停');
    for (let slot = 0; slot < friends.list.length && (await sentOnServer()) !== total; slot++) {
      await server.advanceClock(SLOT_SEC * 1000);
    }
    expect(await sentOnServer()).toBe(total);
    await expect(row.getByTestId('bulk-task-state')).toHaveText('已完成', { timeout: 60_000 });
    await expect.poll(() => sentOf(page, name)).toBe(total);

    // The details: each send with its state; read ones with the blue double tick.
    await row.getByTestId('bulk-task-details').click();
    const table = page.getByTestId('bulk-details-table');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(total);
    await expect(table.locator('[data-state="read"]')).toHaveCount(total, { timeout: 20_000 });
    await expect(table.getByTestId('bulk-send-state').first()).toContainText('✓✓ 已读');
    await shot(page, 'bulk-details');
    await page.keyboard.press('Escape');

    // Both window sizes, light and dark.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'bulk-tasks-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(taskRow(page, name)).toBeVisible();
    await shot(page, 'bulk-tasks-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'bulk-tasks-1440-dark');
    await page.goto('/#/grouphelper/set');
    await expect(page.getByTestId('bulk-settings')).toBeVisible();
    await shot(page, 'bulk-settings-dark');

    await page.goto('/#/grouphelper/manager');
    await taskRow(page, name).getByTestId('bulk-task-delete').click();
    await page.getByTestId('confirm-word').fill('del');
    await page.getByTestId('confirm-word-ok').click();
    await expect(taskRow(page, name)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
  test('picks recipients among the friends by tag and account, sized in people and messages', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const a = await setUpAccount(request, '群发号乙', SEAT);
    const run = `${Date.now() % 1_000_000}`;
    const friends = await a.api<{ list: { friendWxid: string; nickname: string }[] }>(
      '/main-api/acc/friends-list',
      { workWxid: a.wxid, pageSize: 5 },
    );
    const chosen = friends.list.slice(0, 2);
    const tagName = `回访客户${run}`;
    const tag = await a.api<{ id: string }>('/main-api/tags/add', { name: tagName });
    await a.api('/main-api/acc/add-friend-tag', {
      targets: chosen.map((f) => ({ workWxid: a.wxid, friendWxid: f.friendWxid })),
      tagIds: [tag.id],
      op: 'add',
    });

    await loginAs(page, SEAT);
    await expect(async () => {
      await page.goto('/#/grouphelper/manager');
      await expect(page.getByTestId('bulk-tasks')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await page.getByTestId('bulk-task-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建群发任务' });
    const name = `回访-${run}`;
    await dialog.getByTestId('bulk-task-name').fill(name);
    await dialog.getByTestId('bulk-task-accounts').click();
    await page.keyboard.type(a.wxid);
    await page.locator('.ant-select-item-option').filter({ hasText: a.wxid }).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('指定好友 / 上传名单').click();
    await dialog.getByTestId('bulk-task-pick').click();

    // The picker: the account's friends with their ids; a tag narrows them to the two.
    const picker = page.getByTestId('friend-picker');
    const rows = picker.getByTestId('friend-picker-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).toContainText(/\S+/);
    await picker.getByTestId('friend-picker-tags').click();
    await page.keyboard.type(tagName);
    await page.locator('.ant-select-item-option').filter({ hasText: tagName }).click();
    await page.keyboard.press('Escape');
    await expect(rows).toHaveCount(2);
    for (const f of chosen) await expect(picker).toContainText(f.friendWxid);
    await shot(page, 'bulk-friend-picker');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'bulk-friend-picker-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await picker.locator('thead .ant-checkbox-input').check();
    await expect(picker.getByTestId('friend-picker-count')).toHaveText('已选 2 人');
    await picker.getByTestId('friend-picker-ok').click();
    await expect(picker).toBeHidden();
    const list = dialog.getByTestId('bulk-task-list');
    for (const f of chosen) await expect(list).toContainText(f.friendWxid);

    await dialog.getByTestId('bulk-msg-0-content').fill('您好，回访一下上次的订单');
    await dialog.getByTestId('bulk-create-ok').click();
    await expect(dialog).toBeHidden();
    const row = taskRow(page, name);
    await expect(row.getByTestId('bulk-task-size')).toHaveText('2 个对象 · 共 2 条消息');
    await row.getByTestId('bulk-task-details').click();
    const table = page.getByTestId('bulk-details-table');
    await expect(table.locator('tr.ant-table-row')).toHaveCount(2);
    for (const f of chosen) await expect(table).toContainText(f.friendWxid);
    await page.keyboard.press('Escape');
    await shot(page, 'bulk-tasks-picked');
    expect(problems).toEqual([]);
  });
});
