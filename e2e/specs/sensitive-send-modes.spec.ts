import { expect, test } from '../fixtures.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

// Issue 31 §7: a seat sending a text with a sensitive word, under the tenant's 提醒 (confirm)
// and 拦截 (block) modes. The mode is the demo tenant's: it goes back to 记录 at the end.
test.describe('sensitive words before sending', () => {
  test('提醒 asks the seat first; 拦截 refuses with the word marked', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '敏感发送号', 'demo-sup');
    const word = `禁发词${Date.now().toString(36)}`;
    const peer = `wxid_e2e_sendmode_${Date.now().toString(36)}`;
    await api('/main-api/sensitive/add', { words: [word] });
    await contactWrites(api, wxid, peer, '你好');
    try {
      await api('/main-api/sensitive/mode/set', { mode: 'confirm' });
      await openInbox(page, 'demo-sup');
      const openChat = async () => {
        await page.goto('/#/message');
        await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
        await convRow(page, wxid, peer).click();
      };
      await openChat();
      const input = page.getByTestId('composer-input');
      const sent = (text: string) => page.getByTestId('msg-row').filter({ hasText: text });

      // 提醒: a dialog names the word; cancelling keeps the text unsent, confirming sends it.
      const first = `先不发${word}`;
      await input.fill(first);
      await input.press('Enter');
      const dialog = page.getByRole('dialog').filter({ hasText: '消息含敏感词' });
      await expect(dialog).toContainText(word);
      await shot(page, 'sensitive-send-confirm');
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await expect(dialog).toHaveCount(0);
      await expect(input).toHaveValue(first);
      await expect(sent(first)).toHaveCount(0);
      await input.press('Enter');
      await page.getByTestId('sensitive-confirm-send').click();
      await expect(sent(first)).toHaveCount(1);

      // 拦截: refused in the composer with the word marked; nothing is sent.
      await api('/main-api/sensitive/mode/set', { mode: 'block' });
      await page.reload();
      await openChat();
      const second = `这条${word}不能发`;
      await input.fill(second);
      await input.press('Enter');
      const blocked = page.getByTestId('sensitive-blocked');
      await expect(blocked).toContainText(`消息含敏感词「${word}」，不能发送`);
      await expect(blocked.locator('mark')).toHaveText(word);
      await expect(page.getByTestId('sensitive-confirm-send')).toHaveCount(0);
      await expect(input).toHaveValue(second);
      await expect(sent(second)).toHaveCount(0);
      await shot(page, 'sensitive-send-blocked');
    } finally {
      await api('/main-api/sensitive/mode/set', { mode: 'record' });
    }
  });
});
