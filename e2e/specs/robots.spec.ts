import { expect, loginAs, test } from '../fixtures.ts';
import { address, convRow, setUpAccount, shot, watchConsole, type Api } from './inbox-support.ts';
import { solidPng } from './libraries-support.ts';

// Issue 15 §5: a keyword rule set on the page answers a keyword written from the simulator page,
// and a friend request from the simulator is accepted by the robot, which then greets.

const SEAT = 'demo-sup';

interface Received {
  kind: string;
  content: string;
  peerWxid: string;
}

async function received(api: Api, workWxid: string, peerWxid: string) {
  const r = await api<{ list: Received[] }>('/sim-api/received', { workWxid, peerWxid });
  return r.list.filter((x) => x.kind === 'message').map((x) => x.content);
}

test.describe('robots', () => {
  test('a keyword rule answers once; the reply shows as the robot’s; hits rise', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(150_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const tag = Date.now().toString(36).slice(-5);
    const nickname = `E2E机器人${tag}`;
    const keyword = `优惠${tag}`;
    const buyer = `wxid_e2e_kw${tag}`;
    const { api, wxid } = await setUpAccount(request, nickname, SEAT);
    await loginAs(page, SEAT);

    await expect(async () => {
      await page.goto('/#/settings/robotKeywordsReply');
      await expect(page.getByTestId('robot-keywords-page')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await page.getByTestId('kw-add').first().click();
    // Required fields first: the spec's text.
    await page.getByTestId('kw-rule-ok').click();
    await expect(page.getByText('请选择关键词/目标').first()).toBeVisible();
    await page.getByTestId('kw-rule-keywords').click();
    await page.keyboard.type(keyword);
    await page.keyboard.press('Enter');
    await page.getByTestId('kw-rule-accounts').click();
    await page.keyboard.type(nickname);
    await page.locator('.ant-select-item-option').filter({ hasText: nickname }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('robot-msg-text-0').fill('E2E 机器人：优惠还有');
    await shot(page, 'robots-keyword-form');
    await page.getByTestId('kw-rule-ok').click();
    const hits = page.getByTestId(`kw-hits-${keyword}`);
    await expect(hits).toHaveText('0');
    await shot(page, 'robots-keywords');

    // The keyword written from the simulator page.
    const sim = await context.newPage();
    await sim.setExtraHTTPHeaders(address());
    await sim.goto('/#/simulator');
    await expect(sim.getByTestId('simulator-page')).toBeVisible();
    await sim.getByTestId('sim-write-account').click();
    await sim.keyboard.type(nickname);
    // The option of the open list: the page's account switcher may carry the same title.
    await sim
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: nickname })
      .click();
    await sim.getByTestId('sim-write-from').locator('input').fill(buyer);
    await sim.getByTestId('sim-write-content').fill(`请问${keyword.toUpperCase()}还有吗`);
    await sim.getByTestId('sim-write-send').click();
    await expect(sim.getByText(/已发送，消息 ID/)).toBeVisible();

    await expect
      .poll(() => received(api, wxid, buyer), { timeout: 20_000 })
      .toEqual(['E2E 机器人：优惠还有']);
    await expect(hits).toHaveText('1', { timeout: 15_000 });

    // In the chat: the reply, marked as the robot's.
    await page.goto('/#/');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, buyer).click();
    const own = page.locator('[data-testid="msg-row"][data-side="right"]');
    await expect(own).toContainText('E2E 机器人：优惠还有');
    await expect(own.getByTestId('msg-robot')).toHaveText('机器人');
    await shot(page, 'robots-reply-in-chat');
    expect(await received(api, wxid, buyer)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('a friend request is accepted by the robot and greeted', async ({ page, request }) => {
    test.setTimeout(150_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const tag = Date.now().toString(36).slice(-5);
    const nickname = `E2E通过${tag}`;
    const { api, wxid } = await setUpAccount(request, nickname, SEAT);
    await loginAs(page, SEAT);

    // Auto-accept on this account, no delay.
    await expect(async () => {
      await page.goto(`/#/customerCenter/robotPassFriend?workWxid=${wxid}`);
      await expect(page.getByTestId('robot-accept-page')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('robot-accept-today')).toContainText('0');
    await page.getByTestId('robot-accept-enabled').click();
    await page.getByRole('spinbutton').nth(0).fill('0');
    await page.getByRole('spinbutton').nth(1).fill('0');
    await page.getByTestId('robot-accept-save').click();
    await expect(page.getByText('保存成功').last()).toBeVisible();
    await shot(page, 'robots-accept');

    // The greeting: two messages.
    await page.goto(`/#/customerCenter/robotPassFriendReply?workWxid=${wxid}`);
    await expect(page.getByTestId('robot-reply-page')).toBeVisible();
    await page.getByTestId('robot-msg-text-0').fill('你好，我是机器人客服');
    await page.getByTestId('robot-reply-messages-add').click();
    await page.getByTestId('robot-msg-text-1').fill('有问题随时问我');
    await page.getByTestId('robot-reply-interval').fill('1');
    await page.getByTestId('robot-reply-save').click();
    await expect(page.getByText('保存成功').last()).toBeVisible();
    await shot(page, 'robots-greeting');

    const asked = await api<{ fromWxid: string }>('/sim-api/friend-request', {
      workWxid: wxid,
      verifyContent: '你好，想了解一下',
    });
    await expect
      .poll(() => received(api, wxid, asked.fromWxid), { timeout: 30_000 })
      .toEqual(['你好，我是机器人客服', '有问题随时问我']);
    const friends = await api<{ list: { friendWxid: string; source: string }[] }>(
      '/main-api/acc/friends-list',
      { workWxid: wxid, page: 1, pageSize: 200 },
    );
    expect(friends.list.find((f) => f.friendWxid === asked.fromWxid)?.source).toBe('autoAccept');

    // A picture in the greeting shows in its form, with the name it was picked by, after the
    // upload and again after a reload.
    await page.getByTestId('robot-reply-messages-add').click();
    await page.getByTestId('robot-msg-kind-2').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^图片$/ })
      .click();
    await expect(page.getByTestId('robot-msg-kind-2')).toContainText('图片');
    await page
      .getByTestId('robot-reply-messages')
      .locator('input[type=file]')
      .setInputFiles({
        name: '欢迎图.png',
        mimeType: 'image/png',
        buffer: solidPng(40, 30, [200, 80, 40]),
      });
    const picture = page.getByTestId('robot-msg-picture').locator('img');
    await expect(picture).toBeVisible();
    await expect(picture).toHaveJSProperty('naturalWidth', 40);
    await expect(page.getByText('已上传：欢迎图.png')).toBeVisible();
    await page.getByTestId('robot-reply-save').click();
    await expect(page.getByText('保存成功').last()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('robot-msg-text-0')).toHaveValue('你好，我是机器人客服');
    await expect(picture).toHaveJSProperty('naturalWidth', 40);
    await expect(page.getByText('已上传：欢迎图.png')).toBeVisible();
    await shot(page, 'robots-greeting-picture');
    expect(problems).toEqual([]);
  });
});
