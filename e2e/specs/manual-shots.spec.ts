import path from 'node:path';
import { expect, loginAs, motionsDone, test } from '../fixtures.ts';
import { ROOT } from '../server.ts';
import { contactWrites, convRow, setUpAccount, simContacts } from './inbox-support.ts';
import { SHOTS } from './accounts-support.ts';

/**
 * The manual's screenshots (使用手册): one per area, of the screen its page describes, written
 * where the SPA serves them from (apps/web/public/manual/<area>.png, copied into the build).
 * Run this spec with E2E_SHOTS=1 after a change to a screen and commit the PNGs, so the pictures
 * never go stale (without it the spec still checks that every screen loads and settles).
 * The areas and screens are apps/web/src/features/manual/areas.ts's MANUAL_SCREENS.
 */
const SCREENS = {
  inbox: '/message',
  accounts: '/settings/wxaccount',
  contacts: '/contacts/friends',
  customerCenter: '/customerCenter/mutilAddFriends',
  groupHelper: '/grouphelper/manager',
  moments: '/moments',
  statistics: '/statistics/wxfriend',
  settings: '/settings/childAccountManage',
  openPlatform: '/settings/open/webhooks',
} as const;

const OUT = path.join(ROOT, 'apps/web/public/manual');

test.describe('manual screenshots', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every area of the manual gets a fresh screenshot of its screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // Something to show: an online work account whose contacts have written.
    const { api, wxid } = await setUpAccount(request, '客服一号', 'demo-seat1');
    const { contacts } = await simContacts(request, wxid);
    const greetings = ['你好，请问这款还有货吗？', '订单什么时候发货？', '谢谢，已经收到了'];
    for (const [i, c] of contacts.slice(0, 3).entries()) {
      await contactWrites(api, wxid, c.wxid, greetings[i]!);
    }
    await loginAs(page, 'demo');
    for (const [area, screen] of Object.entries(SCREENS)) {
      await page.goto(`/#${screen}`);
      if (area === 'inbox') {
        // The inbox opens on the account last chosen (other specs' accounts on a shared server).
        await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
        const row = convRow(page, wxid, contacts[0]!.wxid);
        await row.click();
        await expect(page.getByTestId('chat-pane')).toContainText(greetings[0]!);
      }
      // The page is there, loaded and still: its 「?」 names its area, no spinner or skeleton.
      await expect(page.getByTestId('manual-help')).toHaveAttribute('data-page', area);
      await expect(page.locator('.page-loading')).toHaveCount(0);
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
      await motionsDone(page);
      if (SHOTS) await page.screenshot({ path: path.join(OUT, `${area}.png`) });
    }
  });
});
