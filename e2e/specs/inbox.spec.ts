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
