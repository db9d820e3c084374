import { expect, test } from '../fixtures.ts';
import {
  address,
  cueTones,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  shot,
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
    const before = delivered.length;
    await expect
      .poll(() => delivered.length, { timeout: 20_000 })
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
    await seat1.close();
  });
});
