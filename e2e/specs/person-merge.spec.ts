import { expect, test } from '../fixtures.ts';
import {
  address,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  watchConsole,
} from './inbox-support.ts';

// One person, one chat (issue 34 item 4): the platform gives a person a new id (WhatsApp moves
// people from their phone number to an @lid). The open chat under the old id becomes the chat
// under the new one, live, with what was said before; both ids then write into that one chat.
test('a person given a new id stays one chat in the open inbox', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders(address());
  const problems = watchConsole(page);
  const { api, wxid } = await setUpAccount(request, '合并测试号', 'demo-seat1');
  await openInbox(page, 'demo-seat1');
  await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();

  await contactWrites(api, wxid, 'wxid_e2e_phone', '用手机号发的');
  await convRow(page, wxid, 'wxid_e2e_phone').click();
  const bubble = (text: string) =>
    page.getByTestId('msg-bubble').filter({ hasText: new RegExp(`^${text}$`) });
  await expect(bubble('用手机号发的')).toHaveCount(1);

  // The platform moves the person to a new id: no reload, one row, the chat still open.
  await api('/sim-api/merge-person', {
    workWxid: wxid,
    wxid: 'wxid_e2e_phone',
    newWxid: 'wxid_e2e_lid',
  });
  await expect(convRow(page, wxid, 'wxid_e2e_lid')).toHaveCount(1);
  await expect(convRow(page, wxid, 'wxid_e2e_phone')).toHaveCount(0);
  await expect(bubble('用手机号发的')).toHaveCount(1);

  // Both ids write into that one chat.
  await contactWrites(api, wxid, 'wxid_e2e_lid', '用新号发的');
  await contactWrites(api, wxid, 'wxid_e2e_phone', '旧号又发一条');
  await expect(bubble('用新号发的')).toHaveCount(1);
  await expect(bubble('旧号又发一条')).toHaveCount(1);
  await expect(bubble('用手机号发的')).toHaveCount(1);
  await expect(convRow(page, wxid, 'wxid_e2e_phone')).toHaveCount(0);
  await expect(convRow(page, wxid, 'wxid_e2e_lid')).toHaveCount(1);
  expect(problems).toEqual([]);
});
