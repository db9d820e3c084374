import { expect, test } from '../fixtures.ts';
import { address, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

const PEER = 'wxid_e2e_xss';
const IMG = '<img src=x onerror=alert(1)>';

test.describe('safety', () => {
  test('script-like content from the simulator stays text; nothing runs', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const { api, wxid } = await setUpAccount(request, '安全测试号', 'demo-seat1');
    const send = (msgType: number, content: unknown) =>
      api('/sim-api/inbound', {
        workWxid: wxid,
        fromWxid: PEER,
        talkType: 1,
        msgType,
        content: typeof content === 'string' ? content : JSON.stringify(content),
      });
    await send(1, IMG);
    await send(1, 'javascript:alert(1) 点这里');
    await send(10, { title: IMG, description: IMG, url: 'javascript:alert(1)' });
    await send(15, { title: '文章', description: '', url: 'JavaScript:alert(1)', thumbUrl: 'x' });
    await send(9, { wxid: 'w', nickname: IMG, avatar: 'javascript:alert(1)' });
    await send(21, { title: IMG, items: [{ name: IMG, content: IMG, time: 1 }] });
    await send(22, { title: '<script>alert(1)</script>' });
    await send(1, '结束');

    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, PEER).click();
    await expect(page.getByTestId('msg-row').filter({ hasText: '结束' })).toBeVisible();

    // The markup shows as the words it is.
    await expect(page.getByTestId('msg-row').filter({ hasText: IMG }).first()).toBeVisible();
    await expect(page.getByTestId('bubble-app')).toContainText('<script>alert(1)</script>');
    await page.getByTestId('bubble-forward').click();
    await expect(page.getByTestId('chat-records')).toContainText(IMG);
    await page.keyboard.press('Escape');

    // No element came from the content, and no address runs script.
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('[onerror]')).toHaveCount(0);
    await expect(page.locator('script:not([src])').filter({ hasText: 'alert' })).toHaveCount(0);
    await expect(page.locator('a[href^="javascript" i]')).toHaveCount(0);
    await expect(page.locator('img[src^="javascript" i]')).toHaveCount(0);
    const links = page.getByTestId('chat-pane').locator('a[target="_blank"]');
    for (const rel of await links.evaluateAll((as) => as.map((a) => a.getAttribute('rel')))) {
      expect(rel).toBe('noopener noreferrer');
    }
    // Every picture has loaded or failed: an error handler from the content would have run.
    await expect
      .poll(() =>
        page
          .locator('img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
      )
      .toBe(true);
    await shot(page, 'safety-xss');
    expect(dialogs).toEqual([]);
  });
});
