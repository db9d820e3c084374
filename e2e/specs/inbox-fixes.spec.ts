import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures.ts';
import {
  address,
  apiAs,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  shot,
  signIn,
  simContacts,
  watchConsole,
} from './inbox-support.ts';

const SMALL = { width: 1024, height: 768 };
const LARGE = { width: 1440, height: 900 };

/** Switches the console's theme (the settings the drawer writes) and reloads. */
async function theme(page: Page, dark: boolean) {
  await page.evaluate(
    (v) => localStorage.setItem('cst.settings', JSON.stringify({ themeMode: v })),
    !dark,
  );
  await page.reload();
}

/** Forgets the session (storage and the page's memory) so another user can sign in. */
async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('about:blank');
}

/**
 * A company of its own (the specs share one server, so the demo tenant has accounts by now): its
 * manager and an office seat, neither with a work account.
 */
async function newCompany(request: APIRequestContext): Promise<{ manager: string; seat: string }> {
  const stamp = Date.now().toString(36);
  const manager = `newmgr${stamp}`;
  const seat = `newseat${stamp}`;
  const admin = await signIn(request, 'admin');
  const made = await request.post('/system-api/system/cst/user/add', {
    data: {
      tenantName: `新企业${stamp}`,
      username: manager,
      password: NEW_PASSWORD,
      nickname: '新经理',
    },
    headers: { authorization: `Bearer ${admin.headers['cst-token']}` },
  });
  expect(((await made.json()) as { code: number }).code).toBe(200);
  const login = await request.post('/system-api/auth/login', {
    data: { username: manager, password: NEW_PASSWORD },
    headers: address(),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const added = await request.post('/system-api/system/cst/user/add', {
    data: { username: seat, password: NEW_PASSWORD, nickname: '新坐席', role: 'office' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await added.json()) as { code: number }).code).toBe(200);
  return { manager, seat };
}

const NEW_PASSWORD = 'new-company-1';

test.describe('what a new user ran into (issue 13)', () => {
  test('a new manager is told how to add a work account; a seat to ask for one', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const company = await newCompany(request);
    await loginAs(page, company.manager, NEW_PASSWORD);
    await expect(page.getByTestId('inbox')).toBeVisible();
    const guide = page.getByTestId('no-accounts-guide');
    await expect(guide).toContainText('还没有工作号');
    await expect(guide).toContainText('扫码登录');
    await expect(guide).not.toContainText('分配给您');
    await expect(page.getByTestId('inbox-accounts')).toContainText('本企业还没有工作号');
    await shot(page, 'fixes-no-accounts-manager');
    await page.setViewportSize(SMALL);
    await shot(page, 'fixes-no-accounts-manager-1024');
    await page.getByTestId('no-accounts-open').click();
    await expect(page).toHaveURL(/#\/settings\/wxaccount$/);

    await signOut(page);
    await loginAs(page, company.seat, NEW_PASSWORD);
    await expect(page.getByTestId('no-accounts-guide')).toContainText('请联系管理员');
    await expect(page.getByTestId('no-accounts-open')).toHaveCount(0);
    await theme(page, true);
    await expect(page.getByTestId('no-accounts-guide')).toBeVisible();
    await shot(page, 'fixes-no-accounts-seat-dark');
  });

  test('a seat opening a manager’s settings page gets 403 with a way back; unknown paths stay 404', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders(address());
    await openInbox(page, 'demo-seat1');
    // 设置 holds one page of a seat's own (话术库): the section opens on it.
    await page.goto('/#/settings');
    await expect(page).toHaveURL(/#\/settings\/phrases$/);
    await page.goto('/#/settings/wxaccount');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page).toHaveTitle('私域流量管理系统 - 没有权限');
    await shot(page, 'fixes-forbidden-settings');
    await page.getByTestId('forbidden-home').click();
    await expect(page.getByTestId('inbox')).toBeVisible();
    await page.goto('/#/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('header: one top-menu entry selected, labelled icons, the unread icon opens 未读', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '菜单号', 'demo-sup');
    await contactWrites(api, wxid, 'wxid_e2e_menu', '有人在吗');
    const [group] = (await simContacts(request, wxid)).groups;
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: group!.groupId,
      talkType: 2,
      msgType: 1,
      content: '群里的一句话',
      memberWxid: group!.members.find((m) => m.wxid !== wxid)!.wxid,
    });
    await openInbox(page, 'demo');
    const top = page.getByTestId('top-menu');
    const selected = top.locator('.ant-menu-item-selected');
    await top.getByRole('menuitem', { name: '群聊' }).click();
    await expect(page).toHaveURL(/talkType=2/);
    await expect(selected).toHaveCount(1);
    await expect(selected).toHaveText('群聊');
    // A group shows its member count beside its name (in this account's list: other specs on the
    // shared server have added accounts the manager sees too).
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    const groupRow = page.locator(
      `[data-testid="conv-row"][data-index-name="2__${group!.groupId}__${wxid}"]`,
    );
    await expect(groupRow.getByTestId('conv-members')).toHaveText(`（${group!.members.length}）`);
    await shot(page, 'fixes-group-member-count');
    await top.getByRole('menuitem', { name: '会话聊天' }).click();
    await expect(selected).toHaveCount(1);
    await expect(selected).toHaveText('会话聊天');

    // The flask and the shirt say what they are, on hover and to a screen reader.
    await expect(page.getByTestId('open-simulator')).toHaveAttribute('aria-label', '模拟器');
    await page.getByTestId('open-simulator').hover();
    await expect(page.getByRole('tooltip')).toContainText('模拟器：确认扫码登录');
    await page.getByTestId('open-settings').hover();
    await expect(page.getByTestId('open-settings')).toHaveAttribute('aria-label', '个性化设置');
    await expect(page.getByRole('tooltip').filter({ hasText: '外观、主题色' })).toBeVisible();
    await shot(page, 'fixes-header-tooltip');

    // The unread icon opens the unread sessions, even from the account tab.
    await page.getByTestId('mode-account').click();
    await page.goto('/#/history');
    await page.getByTestId('unread-total').click();
    await expect(
      page.locator('.ant-segmented-item-selected [data-testid="mode-unread"]'),
    ).toBeVisible();
    await expect(convRow(page, wxid, 'wxid_e2e_menu')).toBeVisible();
    await expect(page).not.toHaveURL(/mode=/);
    await page.getByTestId('mode-account').click();
    await page.getByTestId('unread-total').click();
    await expect(
      page.locator('.ant-segmented-item-selected [data-testid="mode-unread"]'),
    ).toBeVisible();
  });

  test('previews, a failed bubble at both widths, hover quote and revoke', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '气泡号', 'demo-sup');
    const peer = 'wxid_e2e_bubble';
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: peer,
      talkType: 1,
      msgType: 7,
      content: JSON.stringify({ result: 'ended', durationSec: 83 }),
    });
    await openInbox(page, 'demo-sup');
    // demo-sup sees the accounts of other specs too: this account's list.
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    const row = convRow(page, wxid, peer);
    await expect(row.getByTestId('conv-preview')).toHaveText('[语音通话] 通话时长 1:23');
    await row.click();

    // A send the platform refuses: the bubble keeps its width, the reason reads in full.
    await api('/sim-api/config', { failRate: 1 });
    const text = '这条消息会发送失败，失败原因要完整地显示出来，气泡也不能被挤成一列字';
    await page.setViewportSize(SMALL);
    await page.getByTestId('composer-input').fill(text);
    await page.getByTestId('composer-input').press('Enter');
    const failed = page.getByTestId('msg-row').filter({ hasText: text });
    await expect(failed.getByTestId('msg-status')).toHaveAttribute('data-status', 'failed');
    const reason = failed.getByTestId('msg-error');
    await expect(reason).toContainText('失败');
    for (const size of [SMALL, LARGE]) {
      await page.setViewportSize(size);
      const bubble = await failed.getByTestId('msg-bubble').boundingBox();
      expect(bubble!.width, `bubble width at ${size.width}`).toBeGreaterThan(200);
      // The reason is not cut: what it holds fits in what it shows.
      const cut = await reason.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, `reason cut at ${size.width}`).toBe(false);
      await shot(page, `fixes-failed-bubble-${size.width}`);
    }
    await theme(page, true);
    await expect(failed.getByTestId('msg-error')).toBeVisible();
    await shot(page, 'fixes-failed-bubble-1440-dark');
    await page.setViewportSize(SMALL);
    await shot(page, 'fixes-failed-bubble-1024-dark');
    await theme(page, false);
    await api('/sim-api/config', { failRate: 0 });

    // Hover: quote on any message, revoke on the operator's own (no right-click needed).
    await page.getByTestId('composer-input').fill('悬停撤回这条');
    await page.getByTestId('composer-input').press('Enter');
    const own = page.getByTestId('msg-row').filter({ hasText: '悬停撤回这条' });
    await expect(own.getByTestId('msg-status')).not.toHaveAttribute('data-status', 'sending');
    const tools = page.getByTestId('msg-hover-tools');
    await own.getByTestId('msg-bubble').hover();
    await expect(tools.getByTestId('msg-hover-quote')).toBeVisible();
    await expect(tools.getByTestId('msg-hover-revoke')).toBeVisible();
    await shot(page, 'fixes-hover-tools-own');
    await tools.getByTestId('msg-hover-revoke').click();
    await expect(own).toHaveCount(0);
    await expect(page.getByTestId('msg-notice').last()).toBeVisible();
    // The recalled text can be edited again: it goes back to the composer, not sent.
    await page.getByTestId('msg-notice').last().getByTestId('msg-reedit').click();
    await expect(page.getByTestId('composer-input')).toHaveValue('悬停撤回这条');
    await expect(page.getByTestId('composer-input')).toBeFocused();
    await page.getByTestId('composer-input').fill('');

    await contactWrites(api, wxid, peer, '请问发货了吗');
    const theirs = page.getByTestId('msg-row').filter({ hasText: '请问发货了吗' });
    await theirs.getByTestId('msg-bubble').hover();
    await expect(tools.getByTestId('msg-hover-quote')).toBeVisible();
    await expect(tools.getByTestId('msg-hover-revoke')).toHaveCount(0);
    await tools.getByTestId('msg-hover-quote').click();
    await expect(page.getByTestId('composer')).toContainText('请问发货了吗');
    // Leaving the list hides it.
    await page.getByTestId('composer-input').hover();
    await expect(tools).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('history finds a contact by nickname', async ({ page, request }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '历史联系人号', 'demo-sup');
    const { contacts } = await simContacts(request, wxid);
    const [a, b] = contacts.filter((c) => c.nickname.length >= 2);
    await contactWrites(api, wxid, a!.wxid, `找我的人是${a!.nickname}`);
    await contactWrites(api, wxid, b!.wxid, '另一个人的消息');
    await openInbox(page, 'demo-sup');
    await page.goto('/#/history');
    const select = page.getByTestId('history-contact');
    await select.click();
    await page.keyboard.type(a!.nickname);
    const options = page.locator('.ant-select-item-option');
    const option = options.filter({ hasText: a!.nickname });
    await expect(option.first()).toBeVisible();
    // Found by the server's search, not merely listed: the other contact is not offered.
    await expect(options.filter({ hasText: b!.nickname })).toHaveCount(0);
    await shot(page, 'fixes-history-contact-search');
    // Choosing the contact applies the filter at once (it is kept in the URL).
    await option.first().click();
    await expect(page).toHaveURL(new RegExp(`receiver_id=${a!.wxid}`));
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`找我的人是${a!.nickname}`);
  });

  test('a ban notifies whoever sees the account, wherever they are', async ({ page, request }) => {
    await page.setExtraHTTPHeaders(address());
    const { wxid } = await setUpAccount(request, '封号提醒号', 'demo-sup');
    await openInbox(page, 'demo-sup');
    await page.goto('/#/history');
    const demo = await apiAs(request, 'demo');
    await demo('/sim-api/fault', { workWxid: wxid, kind: 'ban' });
    const alert = page.locator('.account-alert');
    await expect(alert).toContainText('工作号已被封号');
    await expect(alert).toContainText('封号提醒号');
    await shot(page, 'fixes-ban-notification');

    // The manager's account table: the banned account has no keep-idle badge.
    await signOut(page);
    await openInbox(page, 'demo');
    await page.goto('/#/settings/wxaccount');
    const accountRow = page.getByRole('row', { name: /封号提醒号/ });
    await expect(accountRow).toContainText('已封号');
    await expect(accountRow.getByTestId('keep-idle')).toHaveCount(0);
  });
});
