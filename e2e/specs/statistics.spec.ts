import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, loginAs, test } from '../fixtures.ts';
import { address, setUpAccount, shot, simContacts, watchConsole } from './inbox-support.ts';

const REPORTS = [
  'wxfriend',
  'newfriend',
  'sysadd',
  'nosysadd',
  'deletefriend',
  'addfriend',
  'message',
] as const;

type Values = Record<string, number>;
interface Report {
  from: string;
  to: string;
  timeZone: string;
  summary: Values;
  days: { day: string; values: Values }[];
  accounts: { workWxid: string; values: Values }[];
}

/**
 * A work account of its own in the demo company (distributed to demo-sup; the specs share one
 * server, so every figure is read for this account only), the manager's API and the simulated
 * people of the account.
 */
async function account(request: APIRequestContext) {
  const nickname = `统计号${Date.now().toString(36)}`;
  const { api, wxid } = await setUpAccount(request, nickname, 'demo-sup');
  const people = (await simContacts(request, wxid)).contacts;
  const report = (name: string) =>
    api<Report>(`/main-api/statistics/${name}`, { workWxids: [wxid] });
  return { api, wxid, nickname, people, report };
}

/** Waits until the company's report (today, its account) has moved as expected from `before`. */
async function reportAfter(name: string, want: (r: Report) => boolean) {
  let last: Report | undefined;
  await expect
    .poll(
      async () => {
        last = await setup.report(name);
        return want(last);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return last!;
}

/** The figure a summary card shows. */
const card = (page: Page, metric: string) =>
  page.getByTestId(`stat-card-${metric}`).locator('.ant-statistic-content-value');

let setup: Awaited<ReturnType<typeof account>>;
let before: Record<string, Report>;
/** The message report once the spec's five messages are counted. */
let messaged: Report;
/** The person whose friend request was accepted. */
let newFriend: string;

test.describe.configure({ mode: 'serial' });

test.describe('statistics (issue 20)', () => {
  // The spec's own API client: the fixture's `request` lives for one test only.
  let client: APIRequestContext;
  test.beforeAll(async ({ playwright, server }) => {
    client = await playwright.request.newContext({ baseURL: server.url });
    setup = await account(client);
    const { api, wxid, people, report } = setup;
    before = {};
    for (const r of REPORTS) before[r] = await report(r);
    // Through the simulator: three people write, the seat answers twice, a person asks to be a
    // friend and is accepted.
    for (const [i, p] of people.slice(0, 3).entries()) {
      await api('/sim-api/inbound', {
        workWxid: wxid,
        fromWxid: p.wxid,
        talkType: 1,
        msgType: 1,
        content: `统计消息${i}`,
      });
    }
    for (const i of [1, 2]) {
      await api('/main-api/conv/send-text', {
        workWxid: wxid,
        receiver_id: people[0]!.wxid,
        talkType: 1,
        content: `统计回复${i}`,
        sendingUUid: `stat-${Date.now()}-${i}`,
      });
    }
    const m0 = before.message!.summary;
    messaged = await reportAfter(
      'message',
      (r) => r.summary.received! >= m0.received! + 3 && r.summary.sent! >= m0.sent! + 2,
    );
    const asked = await api<{ fromWxid: string }>('/sim-api/friend-request', {
      workWxid: wxid,
      verifyContent: '统计加我',
    });
    newFriend = asked.fromWxid;
    const requests = await api<{ list: { id: string; wxid: string }[] }>(
      '/main-api/acc/friend-request/list',
      { page: 1, pageSize: 20, workWxid: wxid, direction: 'in' },
    );
    const req = requests.list.find((r) => r.wxid === asked.fromWxid)!;
    await api('/main-api/acc/accept-friend/accept', { id: req.id });
  });

  test.afterAll(async () => {
    await client.dispose();
  });

  test('the message report counts what was written and sent; filters stay in the URL; export', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    const { api, wxid, nickname, report } = setup;
    const m0 = before.message!.summary;
    // Exactly what was done (the account's own traffic is off: SIM_TRAFFIC=0 in e2e).
    expect(messaged.summary.received! - m0.received!).toBe(3);
    expect(messaged.summary.sent! - m0.sent!).toBe(2);
    expect(messaged.summary.text! - m0.text!).toBe(5);
    // Then the new friend's chat: what the accepted request brought.
    await reportAfter('newfriend', (r) => r.summary.total === before.newfriend!.summary.total! + 1);
    const chat = await api<{ list: { sendSide: number }[] }>('/main-api/conv/messages', {
      index_name: `1__${newFriend}__${wxid}`,
      limit: 100,
    });
    const after = await report('message');
    expect(after.summary.total! - messaged.summary.total!).toBe(chat.list.length);

    await page.setExtraHTTPHeaders(address());
    await loginAs(page, 'demo');
    await page.goto('/#/statistics/message');
    await expect(page.getByTestId('stat-message')).toBeVisible();
    await expect(page.getByTestId('stat-chart').locator('canvas')).toBeVisible();
    // The account filter and the range go into the URL and survive a reload.
    await page.getByTestId('stat-account').click();
    await page.keyboard.type(nickname);
    await page.locator('.ant-select-item-option').filter({ hasText: nickname }).click();
    await expect(page).toHaveURL(new RegExp(`workWxid=${wxid}`));
    await expect(card(page, 'total')).toHaveText(String(after.summary.total));
    await expect(card(page, 'received')).toHaveText(String(after.summary.received));
    await expect(card(page, 'sent')).toHaveText(String(after.summary.sent));
    await expect(card(page, 'text')).toHaveText(String(after.summary.text));
    await expect(page.getByTestId('stat-table')).toContainText(wxid);
    await page.getByTestId('stat-range').first().click();
    await page.locator('.ant-picker-presets li').filter({ hasText: '今天' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${after.to}`));
    await expect(page).toHaveURL(new RegExp(`to=${after.to}`));
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`workWxid=${wxid}`));
    await expect(page.getByTestId('stat-range').first()).toHaveValue(after.to);
    await expect(page.getByTestId('stat-range').last()).toHaveValue(after.to);
    await expect(card(page, 'total')).toHaveText(String(after.summary.total));
    await shot(page, 'statistics-message-1440-light');

    // The export of the current filter opens as xlsx: the day, the total, the account.
    const download = page.waitForEvent('download');
    await page.getByTestId('stat-export').click();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stat-e2e-')), 'message.xlsx');
    await (await download).saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 5)).toEqual(['日期 / 工作号', '合计', '发送', '接收']);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[1])).toEqual([after.to, '合计', `${nickname} (${wxid})`]);
    for (const r of rows) {
      expect(r.slice(2, 5)).toEqual([
        after.summary.total,
        after.summary.sent,
        after.summary.received,
      ]);
    }
    expect(problems).toEqual([]);
  });

  test('every report renders the figures the server counted; friends gained', async ({ page }) => {
    test.setTimeout(90_000);
    const { api, wxid, report } = setup;
    // The accepted request brought one friend today (by hand: accepted on the console).
    const nf = await reportAfter(
      'newfriend',
      (r) => r.summary.total === before.newfriend!.summary.total! + 1,
    );
    expect(nf.summary.manual! - before.newfriend!.summary.manual!).toBe(1);
    const wx = await report('wxfriend');
    expect(wx.summary.added! - before.wxfriend!.summary.added!).toBe(1);
    expect(wx.summary.friends! - before.wxfriend!.summary.friends!).toBe(1);
    const friends = await api<{ total: number }>('/main-api/acc/friends-list', {
      page: 1,
      pageSize: 1,
      workWxid: wxid,
    });
    expect(wx.summary.friends).toBe(friends.total);

    await page.setExtraHTTPHeaders(address());
    await loginAs(page, 'demo');
    for (const name of REPORTS) {
      const want = await report(name);
      await page.goto(`/#/statistics/${name}?workWxid=${wxid}`);
      await expect(page.getByTestId(`stat-${name}`)).toBeVisible();
      for (const [metric, value] of Object.entries(want.summary)) {
        await expect(card(page, metric), `${name} ${metric}`).toHaveText(
          metric === 'passRate' ? String(value) : value.toLocaleString('en-US'),
        );
      }
    }
    // Dark theme, small window.
    await page.evaluate(() => localStorage.setItem('cst.settings', '{"themeMode":false}'));
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/#/statistics/wxfriend?workWxid=${wxid}`);
    await page.reload();
    // Every top-menu entry in view at 1024 px (none folded into "···").
    await expect(
      page.getByTestId('top-menu').getByRole('menuitem', { name: '设置' }),
    ).toBeVisible();
    await expect(page.locator('.top-menu .ant-menu-overflow-item-rest')).toBeHidden();
    await expect(card(page, 'friends')).toHaveText(String(friends.total));
    await expect(page.getByTestId('stat-chart').locator('canvas')).toBeVisible();
    await shot(page, 'statistics-wxfriend-1024-dark');
  });

  test('in English; the manager counts days in another time zone', async ({ page }) => {
    test.setTimeout(90_000);
    const { api, report } = setup;
    await page.setExtraHTTPHeaders(address());
    await loginAs(page, 'demo');
    await page.goto('/#/statistics/message');
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('stat-message')).toContainText('Conversation records');
    await expect(page.getByTestId('stat-card-received')).toContainText('Received');
    await expect(page.getByTestId('stat-card-image')).toContainText('Images');
    await expect(page.getByText('Days counted in the Asia/Shanghai time zone')).toBeVisible();

    const zone = page.getByTestId('stat-zone');
    await zone.click();
    await page.keyboard.type('America/New_Y');
    await page.locator('.ant-select-item-option').filter({ hasText: 'America/New_York' }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
      'Count days in America/New_York?',
    );
    await shot(page, 'statistics-zone-confirm-en');
    await page.getByTestId('stat-zone-ok').click();
    await expect(page.getByText('Days counted in the America/New_York time zone')).toBeVisible();
    expect((await report('message')).timeZone).toBe('America/New_York');
    await shot(page, 'statistics-message-en');
    // The demo company counts in its own zone again (the figures are recounted).
    await api('/main-api/statistics/time-zone', { timeZone: 'Asia/Shanghai' });
  });
});
