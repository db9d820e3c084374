import { clickOnlySettled, expect, test } from '../fixtures.ts';
import {
  accountOnline,
  address,
  cueTones,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  shot,
  simContacts,
  watchConsole,
} from './inbox-support.ts';

test.describe('the unified inbox', () => {
  test('a contact writes: the message appears live with badge and tone; reply, ticks, quote, revoke', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '收件箱一号', 'demo-seat1');
    await openInbox(page, 'demo-seat1');
    await expect(page).toHaveURL(/#\/message/);
    await expect(page.locator('[data-testid="account-item"]')).toHaveCount(1);
    await page.getByTestId('account-item').click();
    await shot(page, 'inbox-empty');

    await contactWrites(
      api,
      wxid,
      'wxid_e2e_alice',
      '你好[微笑]，在吗？看看 https://example.com/a?b=1 谢谢',
    );
    const row = convRow(page, wxid, 'wxid_e2e_alice');
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-unread', '1');
    await expect(page.getByTestId('unread-total')).toHaveAttribute('data-count', '1');
    await expect(page).toHaveTitle('(1) 私域流量管理系统 - 会话');
    await expect.poll(() => cueTones(page)).toBe(1);
    await shot(page, 'inbox-new-message');

    await row.click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    const inbound = page.getByTestId('msg-row').filter({ hasText: '在吗' });
    await expect(inbound).toHaveAttribute('data-side', 'left');
    await expect(inbound.getByRole('link')).toHaveAttribute('href', 'https://example.com/a?b=1');
    await expect(inbound.getByRole('img', { name: '[微笑]' })).toHaveText('🙂');
    await expect(row).toHaveAttribute('data-unread', '0');
    await expect(page.getByTestId('unread-total')).toHaveAttribute('data-count', '0');
    await expect(page).toHaveTitle('私域流量管理系统 - 会话');

    await page.getByTestId('composer-input').fill('您好，请问有什么可以帮您？');
    await page.getByTestId('composer-input').press('Enter');
    const reply = page.getByTestId('msg-row').filter({ hasText: '有什么可以帮您' });
    await expect(reply).toHaveAttribute('data-side', 'right');
    await expect(reply.getByTestId('msg-status')).toHaveAttribute('data-status', 'read', {
      timeout: 15_000,
    });
    await shot(page, 'inbox-reply-read');

    // Quote the contact's message.
    await inbound.getByTestId('msg-bubble').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '引用' }).click();
    await expect(page.getByTestId('composer-quote')).toContainText('在吗');
    await page.getByTestId('composer-input').fill('好的，马上处理');
    await page.getByTestId('composer-input').press('Enter');
    const quoteReply = page.getByTestId('msg-row').filter({ hasText: '马上处理' });
    await expect(quoteReply.getByTestId('bubble-quote')).toContainText('在吗');
    await expect(page.getByTestId('composer-quote')).toHaveCount(0);
    await expect(quoteReply.getByTestId('msg-status')).not.toHaveAttribute(
      'data-status',
      'sending',
    );

    // Revoke the reply.
    await quoteReply.getByTestId('msg-bubble').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '撤回' }).click();
    await expect(page.getByTestId('msg-notice').last()).toBeVisible();
    await expect(page.getByTestId('msg-row').filter({ hasText: '马上处理' })).toHaveCount(0);
    await shot(page, 'inbox-quote-revoke');

    // The dark theme keeps every panel readable.
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    await expect(page.getByTestId('msg-row').first()).toBeVisible();
    await shot(page, 'inbox-dark');
    expect(problems).toEqual([]);
  });
});

test.describe('the inbox across a server restart', () => {
  test('messages sent while the server restarts all arrive, each exactly once', async ({
    page,
    request,
    server,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 1500 });
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '重启测试号', 'demo-seat1');
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await contactWrites(api, wxid, 'wxid_e2e_bob', '开始');
    await convRow(page, wxid, 'wxid_e2e_bob').click();
    await expect(page.getByTestId('msg-row').filter({ hasText: '开始' })).toBeVisible();

    // The contact keeps writing while the server goes down and comes back.
    const delivered: string[] = [];
    let sending = true;
    const writer = (async () => {
      for (let i = 1; sending && i < 200; i++) {
        const text = `消息-${i}`;
        try {
          await contactWrites(api, wxid, 'wxid_e2e_bob', text);
          delivered.push(text);
        } catch {
          // The server is down: this one was never taken in.
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    await expect.poll(() => delivered.length).toBeGreaterThanOrEqual(3);
    await server.restart();
    await expect(page.getByTestId('realtime-indicator')).toHaveCount(0, { timeout: 30_000 });
    // The account comes back once the restarted server has logged it in again and read its
    // contacts (as 工作号管理 shows it); the contact's writes are taken in from then on.
    await accountOnline(api, wxid, 60_000);
    const before = delivered.length;
    // Three more writes taken in: the event this waits on. Its deadline only catches "never": on
    // a loaded machine (a full run's PGlite suites beside the browser's) the restarted server's
    // first writes once took longer than 20 s.
    await expect
      .poll(() => delivered.length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(before + 3);
    sending = false;
    await writer;
    await contactWrites(api, wxid, 'wxid_e2e_bob', '结束');
    await expect(page.getByTestId('msg-row').filter({ hasText: '结束' })).toBeVisible({
      timeout: 30_000,
    });
    for (const text of delivered.slice(-12)) {
      await expect(
        page.getByTestId('msg-bubble').filter({ hasText: new RegExp(`^${text}$`) }),
      ).toHaveCount(1);
    }
    await expect(convRow(page, wxid, 'wxid_e2e_bob')).toHaveCount(1);
    await shot(page, 'inbox-after-restart');
  });
});

test.describe('visibility', () => {
  test('a seat without the account sees none of its conversations or messages', async ({
    page,
    browser,
    request,
  }) => {
    const { api, wxid } = await setUpAccount(request, '不给二号', 'demo-seat1');
    await page.setExtraHTTPHeaders(address());
    await openInbox(page, 'demo-seat2');
    await expect(page.getByTestId('account-item')).toHaveCount(0);
    await expect(page.getByTestId('inbox-accounts')).toContainText('暂无分配给您的工作号');

    const seat1 = await browser.newPage({ baseURL: page.url().split('/#')[0] });
    await clickOnlySettled(seat1.context());
    await seat1.setExtraHTTPHeaders(address());
    await openInbox(seat1, 'demo-seat1');
    await seat1.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await contactWrites(api, wxid, 'wxid_e2e_carol', '只有一号能看到');
    await expect(convRow(seat1, wxid, 'wxid_e2e_carol')).toBeVisible();

    await page.getByTestId('mode-aggregated').click();
    await expect(page.getByTestId('conv-count')).toHaveText('共 0 个会话');
    await expect(page.getByTestId('conv-row')).toHaveCount(0);
    await expect(page.getByTestId('unread-total')).toHaveAttribute('data-count', '0');
    await shot(page, 'inbox-seat-without-account');
    // Seat one reads it, so the next tests start from no unread.
    await convRow(seat1, wxid, 'wxid_e2e_carol').click();
    await expect(seat1.getByTestId('unread-total')).toHaveAttribute('data-count', '0');
    await seat1.close();
  });
});

test.describe('two seats and the simulator page', () => {
  test('a message written on the simulator page reaches both seats; reads, replies and pins agree everywhere', async ({
    page,
    browser,
    request,
  }) => {
    const problems = watchConsole(page);
    await page.setExtraHTTPHeaders(address());
    const { wxid } = await setUpAccount(request, '协同测试号', 'demo-seat1');
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();

    // The manager, in another browser, with the simulator page in a second tab.
    const manager = await browser.newContext({ baseURL: page.url().split('/#')[0] });
    await clickOnlySettled(manager);
    await manager.setExtraHTTPHeaders(address());
    const boss = await manager.newPage();
    const bossProblems = watchConsole(boss);
    await openInbox(boss, 'demo');
    await boss.getByTestId('mode-aggregated').click();
    const count = async (p: typeof page) =>
      Number(await p.getByTestId('unread-total').getAttribute('data-count'));
    const seatBase = await count(page);
    const bossBase = await count(boss);
    const sim = await manager.newPage();
    await sim.goto('/#/simulator');
    await sim.getByTestId('sim-write-account').click();
    // Other specs' accounts fill the list: type to find this one.
    await sim.keyboard.type(wxid);
    await sim.locator('.ant-select-item-option', { hasText: wxid }).click();
    await sim.getByTestId('sim-write-from').locator('input').fill('wxid_e2e_dave');
    await sim.getByTestId('sim-write-content').fill('模拟器发来：想咨询一下价格');
    await sim.getByTestId('sim-write-send').click();

    const seatRow = convRow(page, wxid, 'wxid_e2e_dave');
    const bossRow = convRow(boss, wxid, 'wxid_e2e_dave');
    await expect(seatRow).toHaveAttribute('data-unread', '1');
    await expect(bossRow).toHaveAttribute('data-unread', '1');
    // Both see the account's count; the totals moved by one (other tests' accounts may hold more).
    const accountBadge = (p: typeof page) =>
      p.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).getByTestId('account-unread');
    await expect(accountBadge(page)).toHaveText('1');
    await expect(accountBadge(boss)).toHaveText('1');
    await expect(page.getByTestId('unread-total')).toHaveAttribute('data-count', `${seatBase + 1}`);
    await expect(boss.getByTestId('unread-total')).toHaveAttribute('data-count', `${bossBase + 1}`);
    await expect(bossRow.getByTestId('conv-preview')).toHaveText('模拟器发来：想咨询一下价格');

    // The seat reads it: the manager's counts drop too.
    await seatRow.click();
    await expect(bossRow).toHaveAttribute('data-unread', '0');
    await expect(accountBadge(boss)).toHaveCount(0);
    await expect(boss.getByTestId('unread-total')).toHaveAttribute('data-count', `${bossBase}`);
    await expect(page.getByTestId('unread-total')).toHaveAttribute('data-count', `${seatBase}`);

    // The seat replies; the manager, in the same conversation, sees it reach "read".
    await bossRow.click();
    await page.getByTestId('composer-input').fill('价格是 99 元');
    await page.getByTestId('composer-send').click();
    const seen = boss.getByTestId('msg-row').filter({ hasText: '价格是 99 元' });
    await expect(seen).toHaveAttribute('data-side', 'right');
    await expect(seen.getByTestId('msg-status')).toHaveAttribute('data-status', 'read', {
      timeout: 15_000,
    });
    await expect(bossRow.getByTestId('conv-preview')).toHaveText('价格是 99 元');

    // The manager pins it; the seat sees the pin.
    await bossRow.click({ button: 'right' });
    await boss.getByRole('menuitem', { name: '置顶' }).click();
    await expect(seatRow.locator('.conv-pin')).toBeVisible();
    await shot(page, 'inbox-two-seats-seat');
    await shot(boss, 'inbox-two-seats-manager');
    await shot(sim, 'inbox-two-seats-simulator');
    await manager.close();
    expect(problems).toEqual([]);
    expect(bossProblems).toEqual([]);
  });
});

test.describe('inbox tools', () => {
  test('session groups, search, clear unread, a failed send and its resend, group chats, English', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '工具测试号', 'demo-seat1');
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await contactWrites(api, wxid, 'wxid_e2e_erin', '第一条');
    await contactWrites(api, wxid, 'wxid_e2e_erin', '第二条');
    await contactWrites(api, wxid, 'wxid_e2e_frank', '你好');
    const erin = convRow(page, wxid, 'wxid_e2e_erin');
    const frank = convRow(page, wxid, 'wxid_e2e_frank');
    await expect(erin).toHaveAttribute('data-unread', '2');
    await expect(frank).toHaveAttribute('data-unread', '1');
    const account = page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`);
    await expect(account.getByTestId('account-unread')).toContainText('3');
    await expect(page.getByTestId('conv-count')).toHaveText('共 2 个会话');

    // Search by name.
    const name = (await frank.getByTestId('conv-name').textContent())!;
    await page.getByTestId('conv-search').locator('input').fill(name);
    await expect(page.getByTestId('conv-row')).toHaveCount(1);
    await expect(page.getByTestId('conv-count')).toHaveText('共 1 个会话');
    await page.getByTestId('conv-search').locator('input').fill('没有这个人');
    await expect(page.getByTestId('conv-row')).toHaveCount(0);
    await page.getByTestId('conv-search').locator('input').fill('');
    await expect(page.getByTestId('conv-row')).toHaveCount(2);

    // Clear the account's unread.
    await account.getByTestId('clear-account-unread').click();
    await page.getByTestId('clear-unread-ok').click();
    await expect(erin).toHaveAttribute('data-unread', '0');
    await expect(frank).toHaveAttribute('data-unread', '0');
    await expect(page.getByTestId('unread-total')).toHaveAttribute('data-count', '0');

    // A custom group: create it, put Erin in it, see only her there, delete it.
    await page.getByTestId('mode-custom').click();
    await page.getByTestId('session-group-add').click();
    await page.getByTestId('session-group-name').fill('重点客户');
    await page.getByTestId('session-group-ok').click();
    await expect(page.getByTestId('conv-row')).toHaveCount(0);
    await page.getByTestId('mode-account').click();
    await erin.click({ button: 'right' });
    await page.getByRole('menuitem', { name: '加入分组' }).click();
    await page.getByRole('checkbox', { name: '重点客户' }).check();
    await page.getByTestId('set-groups-ok').click();
    await page.getByTestId('mode-custom').click();
    await expect(page.getByTestId('conv-row')).toHaveCount(1);
    await expect(erin).toBeVisible();
    await shot(page, 'inbox-custom-group');
    await page.getByTestId('session-group-delete').click();
    await page.getByTestId('session-group-delete-ok').click();
    await expect(page.getByTestId('conv-row')).toHaveCount(0);
    await page.getByTestId('mode-account').click();

    // A send the platform refuses shows its reason; resending after the fault clears delivers it.
    await api('/sim-api/config', { failRate: 1 });
    await frank.click();
    await page.getByTestId('composer-input').fill('这条会失败');
    await page.getByTestId('composer-input').press('Enter');
    const failed = page.getByTestId('msg-row').filter({ hasText: '这条会失败' });
    await expect(failed.getByTestId('msg-status')).toHaveAttribute('data-status', 'failed');
    await expect(failed.getByTestId('msg-error')).not.toBeEmpty();
    await shot(page, 'inbox-send-failed');
    await api('/sim-api/config', { failRate: 0 });
    await failed.getByTestId('msg-resend').click();
    await expect(failed.getByTestId('msg-status')).toHaveAttribute('data-status', 'read', {
      timeout: 15_000,
    });

    // A group chat shows its member's name; the group-chat menu shows group chats only.
    const { groups } = await simContacts(request, wxid);
    const group = groups[0]!;
    // Any member but the account itself; the chat shows the member's group card, else nickname.
    const member = group.members.find((m) => m.wxid !== wxid)!;
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: group.groupId,
      memberWxid: member.wxid,
      talkType: 2,
      msgType: 1,
      content: '群里有人说话了',
    });
    const groupRow = page.locator(
      `[data-testid="conv-row"][data-index-name="2__${group.groupId}__${wxid}"]`,
    );
    await groupRow.click();
    const said = page.getByTestId('msg-row').filter({ hasText: '群里有人说话了' });
    await expect(said.locator('.msg-member')).toHaveText(member.card || member.nickname);
    await page.getByRole('menuitem', { name: '群聊' }).click();
    await expect(page.getByTestId('conv-row')).toHaveCount(1);
    await expect(groupRow).toBeVisible();
    await shot(page, 'inbox-group-chat');

    // English.
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('mode-aggregated')).toHaveText('All');
    await expect(page.getByTestId('conv-count')).toHaveText('1 conversation');
    await shot(page, 'inbox-english');
    expect(problems).toEqual([]);
  });
});
