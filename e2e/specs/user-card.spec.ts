import { expect, test } from '../fixtures.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

const FRIEND = 'wxid_e2e_card_friend';
const GROUP = '9988776655@chatroom';
const MEMBER = 'wxid_e2e_card_stranger';

test.describe('the user card', () => {
  test('open from a message, edit the remark, add a group member as a friend', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders(address());
    // The account goes to demo-sup, so demo-seat1 keeps the one account the inbox spec expects.
    const { api, wxid } = await setUpAccount(request, '名片号', 'demo-sup');
    await contactWrites(api, wxid, FRIEND, '请看一下我的名片');
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: GROUP,
      talkType: 2,
      msgType: 1,
      content: '群里有人想加你',
      memberWxid: MEMBER,
    });
    await openInbox(page, 'demo-sup');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    const friendRow = convRow(page, wxid, FRIEND);
    await friendRow.click();

    // The avatar of a received message opens the friend's card.
    const inbound = page.getByTestId('msg-row').filter({ hasText: '请看一下我的名片' });
    await inbound.getByTestId('user-card-trigger').click();
    const card = page.getByTestId('user-card');
    await expect(card.getByTestId('card-friendship')).toHaveText('好友');
    const fields = card.getByTestId('card-fields');
    for (const label of ['账号', '地区', '昵称', '性别', '备注', '置顶', '星标', '黑名单']) {
      await expect(fields.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(card.getByTestId('card-add-form')).toHaveCount(0);
    await shot(page, 'user-card-friend');

    // Empty remark: the SPEC §5 message, nothing saved.
    await card.getByTestId('card-remark-edit').click();
    await card.getByTestId('card-remark-input').fill('   ');
    await card.getByTestId('card-remark-save').click();
    await expect(card.getByText('备注名不能为空')).toBeVisible();

    // A new remark: the success message, the card and the conversation list show it.
    await card.getByTestId('card-remark-input').fill('王经理<b>VIP</b>');
    await card.getByTestId('card-remark-save').click();
    await expect(page.getByText('好友备注修改成功')).toBeVisible();
    await expect(card.getByTestId('card-remark')).toHaveText('王经理<b>VIP</b>');
    await expect(card.getByTestId('card-name')).toHaveText('王经理<b>VIP</b>');
    await expect(friendRow.getByTestId('conv-name')).toHaveText('王经理<b>VIP</b>');
    await expect(page.getByTestId('chat-title')).toHaveText('王经理<b>VIP</b>');
    await shot(page, 'user-card-remark-saved');

    // An unchanged value just closes the editor.
    await card.getByTestId('card-remark-edit').click();
    await card.getByTestId('card-remark-save').click();
    await expect(card.getByTestId('card-remark-input')).toHaveCount(0);
    await expect(card.getByTestId('card-remark')).toHaveText('王经理<b>VIP</b>');
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);

    // The peer's name in the chat header opens the same card.
    await page.getByTestId('chat-title').click();
    await expect(card.getByTestId('card-name')).toHaveText('王经理<b>VIP</b>');
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);

    // A group member who is not a friend: the add-friend form.
    await page.locator(`[data-testid="conv-row"][data-index-name="2__${GROUP}__${wxid}"]`).click();
    const groupMsg = page.getByTestId('msg-row').filter({ hasText: '群里有人想加你' });
    await groupMsg.getByTestId('user-card-trigger').click();
    await expect(card.getByTestId('card-friendship')).toHaveText('非好友');
    await expect(card.getByTestId('card-remark-edit')).toHaveCount(0);
    await card.getByTestId('card-add-send').click();
    await expect(card.getByText('请填写申请备注')).toBeVisible();
    await card.getByTestId('card-greeting').fill('你好，我是群里的客服');
    await expect(card.getByText('请填写申请备注')).toHaveCount(0);
    await shot(page, 'user-card-stranger');
    await card.getByTestId('card-add-send').click();
    await expect(card.getByTestId('card-add-sent')).toHaveText('申请已发送，请等待对方通过');
    await shot(page, 'user-card-request-sent');
  });
});
