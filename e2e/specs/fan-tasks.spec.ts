import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { clockTest as test, expect, loginAs } from '../fixtures.ts';
import { address, setUpAccount, shot, watchConsole } from './inbox-support.ts';

// Issue 14 §3: /customerCenter/mutilAddFriends — import the template with some bad rows, run a
// task over two simulated accounts, watch its progress live, pause, resume, look at the rows,
// export, delete.

const SEAT = 'demo-sup';
/** The task's interval: real time never reaches the next request, the test clock brings it. */
const SLOT_SEC = 600;

function taskRow(page: Page, name: string) {
  return page.getByTestId('fan-task-table').locator('tr.ant-table-row').filter({ hasText: name });
}

/** The "done / total" figure of a task's row. */
async function doneOf(page: Page, name: string): Promise<number> {
  const text = await taskRow(page, name).getByTestId('fan-task-progress').innerText();
  return Number(/(\d+)\s*\/\s*\d+/.exec(text)?.[1] ?? NaN);
}

async function openPage(page: Page) {
  await expect(async () => {
    await page.goto('/#/customerCenter');
    await expect(page.getByTestId('fan-tasks')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/customerCenter\/mutilAddFriends/);
}

test.describe('bulk add friends', () => {
  test('imports a list, runs a task live, pauses, resumes, exports', async ({
    page,
    request,
    server,
  }) => {
    test.setTimeout(180_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const a = await setUpAccount(request, '加粉号甲', SEAT);
    const b = await setUpAccount(request, '加粉号乙', SEAT);
    await a.api('/sim-api/config', { failRate: 0 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fan-e2e-'));
    // Numbers of this run only, so the data pool of earlier runs and specs does not touch them.
    const base = 15_000_000_000 + Math.floor(Math.random() * 900_000_000);
    const phones = Array.from({ length: 6 }, (_, i) => String(base + i * 11));

    await loginAs(page, SEAT);
    await openPage(page);
    await shot(page, 'fan-tasks-list');

    // The template, downloaded from the dialog, filled with six people and some bad rows.
    await page.getByTestId('fan-task-add').click();
    const dialog = page.getByTestId('fan-create');
    await expect(dialog).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByTestId('fan-template-xlsx').click();
    const templatePath = path.join(dir, 'template.xlsx');
    await (await download).saveAs(templatePath);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(templatePath);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '手机号或账号', '打招呼语', '备注', '标签']);
    sheet.addRow([phones[0], '您好，我是客服小李', '老客户', 'VIP']);
    sheet.addRow([`+86 ${phones[1]!.slice(0, 3)} ${phones[1]!.slice(3)}`]);
    sheet.addRow(['12345']);
    sheet.addRow([phones[2]]);
    sheet.addRow([phones[0]]);
    sheet.addRow([phones[3]]);
    sheet.addRow([phones[4]]);
    sheet.addRow([phones[5]]);
    const listPath = path.join(dir, '客户名单.xlsx');
    await book.xlsx.writeFile(listPath);
    await dialog.locator('input[type=file]').setInputFiles(listPath);

    const report = dialog.getByTestId('fan-import-report');
    await expect(report).toContainText(
      '共 8 行：可添加 6 行，格式错误 1 行，重复 1 行，已添加过 0 行',
    );
    const bad = dialog.getByTestId('fan-import-problems');
    await expect(bad).toContainText('手机号格式不正确');
    await expect(bad).toContainText('与第 2 行重复');
    // The tag VIP of the first row is no tag of the tenant: the report says so.
    await expect(dialog.getByTestId('fan-import-unknown-tags')).toContainText('VIP');
    await shot(page, 'fan-tasks-import-report');

    // Settings: the form speaks the server's texts.
    await dialog.getByTestId('fan-create-next').click();
    await dialog.getByTestId('fan-create-submit').click();
    await expect(dialog).toContainText('任务名称不能为空');
    await expect(dialog).toContainText('请选择工作号');
    await expect(dialog).toContainText('请填写申请备注');
    const name = `加粉任务-${base}`;
    await dialog.getByTestId('fan-task-name').fill(name);
    const accounts = dialog.getByTestId('fan-task-accounts');
    for (const wxid of [a.wxid, b.wxid]) {
      await accounts.click();
      await page.keyboard.type(wxid);
      await page.locator('.ant-select-item-option').filter({ hasText: wxid }).click();
    }
    await page.keyboard.press('Escape');
    // Both accounts logged in just now: still in their keep-idle period.
    await expect(dialog.getByTestId('fan-task-keep-idle')).toContainText('养号期');
    await dialog.getByTestId('fan-task-greeting').fill('你好，我是客服小王');
    await dialog.getByLabel('发送间隔（秒）').fill(String(SLOT_SEC));
    await dialog.getByLabel('随机浮动（秒）').fill('0');
    await shot(page, 'fan-tasks-create-settings');
    await dialog.getByTestId('fan-create-submit').click();
    await expect(dialog).toBeHidden();

    // Progress moves without a reload (the fanTask push): each account's first request goes at
    // once, the next ones when the clock reaches their slot.
    const row = taskRow(page, name);
    await expect(row).toBeVisible();
    // The six rows the check said can be added, and the duplicate skipped.
    await expect(row.getByTestId('fan-task-progress')).toContainText('/ 6 · 跳过 1');
    const doneOnServer = async () => {
      const r = await a.api<{ list: { taskName: string; counts: Record<string, number> }[] }>(
        '/task-api/fans/task/list',
        { page: 1, pageSize: 100, keyword: name },
      );
      const c = r.list.find((t) => t.taskName === name)?.counts;
      // Rows to add (the skipped duplicate apart) no longer waiting or being sent.
      return c ? c.total! - c.skipped! - c.waiting! - c.sending! : NaN;
    };
    await expect.poll(() => doneOf(page, name)).toBeGreaterThan(1);
    const first = await doneOnServer();
    await server.advanceClock(SLOT_SEC * 1000);
    await expect.poll(() => doneOf(page, name)).toBeGreaterThan(first);
    await expect(row.getByTestId('fan-task-state')).toHaveText('进行中');
    await shot(page, 'fan-tasks-running');

    // Pause: the state shows it, and the count holds while the clock passes three more slots (the
    // server has run all they would bring when advanceClock resolves).
    await row.getByTestId('fan-task-pause').click();
    await expect(row.getByTestId('fan-task-state')).toHaveText('已暂停');
    const held = await doneOnServer();
    expect(held).toBeLessThan(7);
    await server.advanceClock(3 * SLOT_SEC * 1000);
    expect(await doneOnServer()).toBe(held);
    await expect.poll(() => doneOf(page, name)).toBe(held);

    // Resume: a request a slot on each account until every row is done.
    await row.getByTestId('fan-task-restart').click();
    await expect(row.getByTestId('fan-task-state')).not.toHaveText('已暂停');
    for (let slot = 0; slot < 7 && (await doneOnServer()) !== 6; slot++) {
      await server.advanceClock(SLOT_SEC * 1000);
    }
    expect(await doneOnServer()).toBe(6);
    await expect(row.getByTestId('fan-task-state')).toHaveText('已完成', { timeout: 60_000 });
    await expect(row.getByTestId('fan-task-progress')).toContainText('6 / 6');

    // The rows: each with its request status and the skipped duplicate with its reason.
    await row.getByTestId('fan-task-rows').click();
    const drawer = page.getByTestId('fan-task-rows-table');
    await expect(drawer.locator('tr.ant-table-row')).toHaveCount(7);
    await expect(drawer).toContainText(phones[1]!);
    await expect(drawer).toContainText('与本任务中的其他行重复');
    await expect(
      drawer.getByTestId('fan-row-status').filter({ hasText: /已申请|添加失败|添加成功|已是好友/ }),
    ).toHaveCount(6);
    await shot(page, 'fan-tasks-rows');
    await page.keyboard.press('Escape');

    // Export: the rows with their outcome as xlsx.
    const exported = page.waitForEvent('download');
    await row.getByTestId('fan-task-export').click();
    const file = await exported;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const outPath = path.join(dir, 'export.xlsx');
    await file.saveAs(outPath);
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(outPath);
    expect(out.worksheets[0]!.rowCount).toBe(8);

    // Both window sizes, light and dark.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'fan-tasks-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(taskRow(page, name)).toBeVisible();
    await shot(page, 'fan-tasks-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'fan-tasks-1440-dark');
    await page.getByTestId('fan-task-add').click();
    await page.getByRole('tab', { name: '粘贴号码' }).click();
    await dialog.getByTestId('fan-import-paste').fill(`${phones[0]}\nabc\n`);
    await dialog.getByTestId('fan-import-check').click();
    await expect(dialog.getByTestId('fan-import-report')).toContainText('已添加过 1 行');
    await shot(page, 'fan-tasks-import-report-dark');
    await page.keyboard.press('Escape');

    // Delete, typing del.
    await taskRow(page, name).getByTestId('fan-task-delete').click();
    await page.getByTestId('confirm-word').fill('del');
    await page.getByTestId('confirm-word-ok').click();
    await expect(taskRow(page, name)).toHaveCount(0);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  });
});
