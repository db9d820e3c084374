import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures.ts';
import {
  address,
  convRow,
  setUpAccount,
  shot,
  simContacts,
  watchConsole,
  type Api,
} from './inbox-support.ts';

// Issue 13 §4: /contacts/apply — requests arrive live, are accepted or declined, and a friend is
// added by search; the simulated person answers later.

const SEAT = 'demo-sup';

function requestRow(page: Page, text: string) {
  return page.getByTestId('fr-table').locator('tr.ant-table-row').filter({ hasText: text });
}

async function openRequests(page: Page) {
  await expect(async () => {
    await page.goto('/#/contacts');
    await expect(page.getByTestId('friend-requests')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/contacts\/apply/);
}

/** Asks the account as a simulated person; returns who asked. */
async function personAsks(api: Api, workWxid: string, verifyContent: string) {
  return api<{ requestId: string; fromWxid: string }>('/sim-api/friend-request', {
    workWxid,
    verifyContent,
  });
}

test.describe('friend requests', () => {
  test('arrive live; accept opens the chat in the inbox; decline', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '申请号', SEAT);
    await loginAs(page, SEAT);
    await expect(page.getByTestId('app-shell').getByText('通讯录').first()).toBeVisible();
    await openRequests(page);
    await shot(page, 'friend-requests-empty');

    // A request arrives while the page is open: the row and a notification, without a reload.
    const asked = await personAsks(api, wxid, '我想咨询一下产品价格');
    const row = requestRow(page, '我想咨询一下产品价格');
    await expect(row).toBeVisible();
    await expect(row).toContainText('待处理');
    await expect(row).toContainText('申请号');
    await expect(row).toContainText(asked.fromWxid);
    await expect(page.getByText('新的好友申请')).toBeVisible();
    await shot(page, 'friend-requests-received');

    await row.getByTestId('fr-accept').click();
    await expect(page.getByText(/已通过 .* 的好友申请/)).toBeVisible();
    await expect(row).toContainText('已添加');
    await expect(row.getByTestId('fr-accept')).toHaveCount(0);

    // Decline another: status 2 with the reason.
    await personAsks(api, wxid, '加我看看推广');
    const second = requestRow(page, '加我看看推广');
    await expect(second).toBeVisible();
    await second.getByTestId('fr-decline').click();
    await page.getByTestId('fr-decline-ok').click();
    await expect(second).toContainText('已拒绝');
    await shot(page, 'friend-requests-answered');

    // The new friend's chat is in the inbox with the platform's notice.
    await page.goto('/#/');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    const conv = convRow(page, wxid, asked.fromWxid);
    await expect(conv).toBeVisible();
    await expect(conv).toContainText('现在可以开始聊天了');
    expect((await simContacts(request, wxid)).contacts.map((c) => c.wxid)).toContain(
      asked.fromWxid,
    );
    expect(problems).toEqual([]);
  });

  test('add a friend by search with a greeting; the person accepts later', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // A greeting of its own: other specs' tasks send the default one from this seat's accounts.
    const GREETING = '你好，我是加友号的客服';
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '加友号', SEAT);
    await api('/sim-api/config', { friendAcceptRate: 1 });
    const friend = (await simContacts(request, wxid)).contacts[0]!;
    await loginAs(page, SEAT);
    await openRequests(page);

    await page.getByTestId('fr-add').click();
    const dialog = page.getByTestId('add-friend-dialog');
    await dialog.getByTestId('add-friend-account').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '加友号' }).click();

    // Nobody with that number: SPEC §8's message.
    await dialog.getByTestId('add-friend-keyword').fill('nobody-here');
    await dialog.getByTestId('add-friend-search').click();
    await expect(dialog.getByTestId('add-friend-error')).toHaveText('联系人账号不存在');

    // A friend: 'Already a contact, cannot add', nothing to send.
    await dialog.getByTestId('add-friend-keyword').fill(friend.wxid);
    await dialog.getByTestId('add-friend-search').click();
    await expect(dialog.getByTestId('add-friend-already')).toHaveText('已经是好友，无法添加');
    await expect(dialog.getByTestId('add-friend-send')).toHaveCount(0);

    // A stranger by phone number: the greeting is required, then the request is sent.
    await dialog.getByTestId('add-friend-keyword').fill('13812345678');
    await dialog.getByTestId('add-friend-search').click();
    const person = dialog.getByTestId('add-friend-person');
    await expect(person).toContainText('13812345678');
    const name = (await person.locator('strong').first().textContent()) ?? '';
    await dialog.getByTestId('add-friend-send').click();
    await expect(dialog.getByText('请填写申请备注')).toBeVisible();
    await dialog.getByTestId('add-friend-greeting').fill(GREETING);
    await expect(dialog.getByText('请填写申请备注')).toHaveCount(0);
    await shot(page, 'friend-requests-add-dialog');
    await dialog.getByTestId('add-friend-send').click();
    const outcome = dialog.getByTestId('add-friend-outcome');
    await expect(outcome).toContainText('申请已发送，请等待对方通过');
    await expect(outcome).toContainText('等待对方通过');
    await page.keyboard.press('Escape');

    // The sent tab: pending, then added once the person accepts (after the simulator's delay).
    await page.getByTestId('fr-tabs').getByText('发出的申请').click();
    await expect(page).toHaveURL(/direction=out/);
    const row = requestRow(page, GREETING);
    await expect(row).toContainText(name);
    await expect(row).toContainText('等待对方通过');
    await shot(page, 'friend-requests-sent');
    await expect(row).toContainText('已添加', { timeout: 20_000 });

    // The person received the request with its greeting.
    const got = await api<{ list: { kind: string; content: string; peerWxid: string }[] }>(
      '/sim-api/received',
      { workWxid: wxid },
    );
    expect(got.list.filter((x) => x.kind === 'friendRequest').map((x) => x.content)).toEqual([
      GREETING,
    ]);

    // A reload keeps the tab (URL state); screenshots at the smaller window and in dark.
    await page.reload();
    await expect(requestRow(page, GREETING)).toContainText('已添加');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'friend-requests-sent-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(requestRow(page, GREETING)).toBeVisible();
    await shot(page, 'friend-requests-sent-dark-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('fr-tabs').getByText('收到的申请').click();
    await page.getByTestId('fr-add').click();
    await shot(page, 'friend-requests-add-dialog-dark');
    expect(problems).toEqual([]);
  });
});
