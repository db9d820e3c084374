import { clickOnlySettled, expect, loginAs, test } from '../fixtures.ts';
import { openAccounts } from './accounts-support.ts';
import {
  address,
  contactWrites,
  convRow,
  setUpAccount,
  shot,
  watchConsole,
} from './inbox-support.ts';

// Issue 31 §1–3: a seat claims a chat, sees its name on its outgoing bubble, resolves the chat
// (which leaves 我的) and sees it open again when the contact writes; a supervisor assigns.

const SEAT = 'demo-seat1';

test.describe('service flow', () => {
  test('claim, send with the seat’s name, resolve, reopen on a new message', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const tag = Date.now().toString(36).slice(-5);
    const customer = `wxid_e2e_flow${tag}`;
    const { api, wxid } = await setUpAccount(request, `E2E分配${tag}`, SEAT);
    await contactWrites(api, wxid, customer, '你好，我想咨询');
    await loginAs(page, SEAT);
    // Other specs of the worker gave the seat accounts too: look at all of them together.
    await page.getByTestId('mode-aggregated').click();

    // 未分配 holds the new chat; claiming it moves it to 我的.
    await page.getByTestId('flow-view-unassigned').click();
    const row = convRow(page, wxid, customer);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await expect(page.getByTestId('chat-assignee')).toHaveText('未分配');
    await page.getByTestId('chat-assignee').click();
    await page.getByRole('menuitem', { name: '领取' }).click();
    await expect(page.getByTestId('chat-assignee')).toHaveText('负责人：客服一号');
    await expect(row).toBeHidden();
    await page.getByTestId('flow-view-me').click();
    await expect(row).toBeVisible();

    // The outgoing bubble names the seat who sent it.
    await page.getByTestId('composer-input').fill('您好，我是客服一号');
    await page.getByTestId('composer-input').press('Enter');
    const own = page.locator('[data-testid="msg-row"][data-side="right"]').last();
    await expect(own.getByTestId('msg-bubble')).toContainText('您好，我是客服一号');
    await expect(own.getByTestId('msg-sender')).toHaveText('客服一号坐席');
    await shot(page, 'service-flow-claimed');

    // Resolving leaves 我的; the contact writing again reopens it.
    await page.getByTestId('chat-resolve').click();
    await expect(page.getByTestId('chat-status')).toHaveText('已解决');
    await expect(row).toBeHidden();
    await contactWrites(api, wxid, customer, '还有一个问题');
    await expect(page.getByTestId('chat-status')).toHaveText('进行中');
    await expect(row).toBeVisible();
    await expect(page.getByTestId('chat-assignee')).toHaveText('负责人：客服一号');
    expect(problems).toEqual([]);
  });

  test('a supervisor assigns a chat to a seat', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const tag = Date.now().toString(36).slice(-5);
    const customer = `wxid_e2e_flowsup${tag}`;
    const { api, wxid } = await setUpAccount(request, `E2E主管分配${tag}`, SEAT);
    await contactWrites(api, wxid, customer, '请帮我转给客服');
    await loginAs(page, 'demo-sup');
    await page.getByTestId('mode-aggregated').click();
    const row = convRow(page, wxid, customer);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await page.getByTestId('chat-assignee').click();
    await page.getByTestId('flow-seat').filter({ hasText: '客服一号' }).click();
    await expect(page.getByTestId('chat-assignee')).toHaveText('负责人：客服一号');
    await shot(page, 'service-flow-assigned');
  });

  test('a manager sets automatic assignment for one work account; a new chat goes to the seat', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const tag = Date.now().toString(36).slice(-5);
    const nickname = `E2E自动分配${tag}`;
    const customer = `wxid_e2e_flowauto${tag}`;
    const { api, wxid } = await setUpAccount(request, nickname, SEAT);

    // The seat is signed in elsewhere: online, so automatic assignment may choose it.
    const seatContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: address(),
    });
    await clickOnlySettled(seatContext);
    const seat = await seatContext.newPage();
    await loginAs(seat, SEAT);
    await seat.getByTestId('mode-aggregated').click();

    // The manager sets round robin for this one account (not for a group).
    await loginAs(page, 'demo');
    await openAccounts(page);
    await page.getByTestId('open-assignment-rules').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('工作号', { exact: true }).click();
    await dialog.getByTestId('rules-account').click();
    await page.keyboard.type(nickname);
    await expect(page.locator('.ant-select-item-option-active')).toContainText(nickname);
    await page.keyboard.press('Enter');
    await dialog.getByText('轮流分配').click();
    await shot(page, 'service-flow-account-rule');
    await dialog.getByTestId('rules-save').click();
    await expect(page.getByText('已保存自动分配设置')).toBeVisible();

    // The manager sees every account, so is a candidate too while online: do not disturb.
    await api('/main-api/service/presence/save', { dnd: true });
    try {
      // A contact writes: the chat is the seat's at once, in 我的.
      await contactWrites(api, wxid, customer, '你好，自动分配给谁？');
      await seat.getByTestId('flow-view-me').click();
      const row = convRow(seat, wxid, customer);
      await expect(row).toBeVisible({ timeout: 20_000 });
      await row.click();
      await expect(seat.getByTestId('chat-assignee')).toHaveText('负责人：客服一号');
    } finally {
      await api('/main-api/service/presence/save', { dnd: false });
    }
    expect(problems).toEqual([]);
    await seatContext.close();
  });
});
