import { expect, test } from '../fixtures.ts';
import { contactWrites, convRow, openInbox, setUpAccount, simContacts } from './inbox-support.ts';

// Issue 29's review at 1024×768 in English: the chat header squeezed its title until the line
// 「Work account: …」 stood one letter a line, and the header took a third of the pane.
test.use({ viewport: { width: 1024, height: 768 } });

test('a chat header at 1024 px in English keeps the account on one line', async ({
  page,
  context,
  request,
}) => {
  const { api, wxid } = await setUpAccount(request, '客服一号', 'demo-seat1');
  const { contacts } = await simContacts(request, wxid);
  const peer = contacts[0]!.wxid;
  await contactWrites(api, wxid, peer, 'Hello, is this still in stock?');
  await context.addInitScript(() => localStorage.setItem('cst.language', 'en'));
  await openInbox(page, 'demo');
  await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
  await convRow(page, wxid, peer).click();
  await expect(page.getByTestId('chat-pane')).toContainText('Hello, is this still in stock?');
  const account = page.locator('.chat-account');
  await expect(account).toContainText('Work account');
  const line = await account.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const box = (await account.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(line + 1);
  const header = (await page.locator('.chat-header').boundingBox())!;
  expect(header.height).toBeLessThan(120);
});
