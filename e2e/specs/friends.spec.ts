import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  address,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  shot,
  watchConsole,
} from './inbox-support.ts';

const BLOCKED = 'wxid_e2e_friend_black';
const OTHER = 'wxid_e2e_friend_other';
const WA_PERSON = 'wxid_e2e_friend_wa';

/** The friends table's row of a friend. */
function friendRow(page: Page, wxid: string) {
  return page.locator(`[data-testid="friend-row"][data-wxid="${wxid}"]`);
}

/** Shows only this account's friends, searched by wxid. */
async function search(page: Page, keyword: string) {
  const input = page.getByTestId('friends-search');
  await input.fill(keyword);
  await input.press('Enter');
}

test.describe('my friends', () => {
  test('find, remark, star, blacklist (the inbox skips it), delete and sync', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    // The account goes to demo-sup, so demo-seat1 keeps the one account the inbox spec expects.
    const { api, wxid } = await setUpAccount(request, '好友页号', 'demo-sup');
    await contactWrites(api, wxid, BLOCKED, '我是要被拉黑的人');
    await contactWrites(api, wxid, OTHER, '我是另一位好友');

    // From the menu: 通讯录 → 我的好友.
    await openInbox(page, 'demo');
    await page.getByRole('menuitem', { name: '通讯录' }).click();
    await page.getByRole('menuitem', { name: '我的好友' }).click();
    await expect(page).toHaveURL(/#\/contacts\/friends/);
    await expect(page.getByTestId('friend-row').first()).toBeVisible();
    await expect(page.getByTestId('friends-total')).toContainText('位好友');
    await shot(page, 'friends-1440');

    // Filter by account and keyword (kept in the URL).
    await page.getByTestId('friends-account').click();
    await page.locator('.ant-select-item-option[title="好友页号"]').click();
    await search(page, BLOCKED);
    await expect(page.getByTestId('friend-row')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`keyword=${BLOCKED}`));
    const row = friendRow(page, BLOCKED);

    // Edit the remark: empty is refused with SPEC §5's text, then saved.
    await row.getByTestId('friend-more').click();
    await page.getByTestId('friend-remark-edit').click();
    await page.getByTestId('friend-remark-input').fill('  ');
    await page.getByTestId('friend-remark-save').click();
    await expect(page.getByText('备注名不能为空')).toBeVisible();
    await page.getByTestId('friend-remark-input').fill('黑名单测试');
    await page.getByTestId('friend-remark-save').click();
    await expect(page.getByText('好友备注修改成功')).toBeVisible();
    await expect(row.getByTestId('friend-remark')).toHaveText('黑名单测试');

    // Star and blacklist.
    await row.getByTestId('friend-star').click();
    await expect(row.getByTestId('friend-star')).toHaveAttribute('aria-checked', 'true');
    await row.getByTestId('friend-blacklist').click();
    await expect(row.getByTestId('friend-blacklist')).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(friendRow(page, BLOCKED).getByTestId('friend-star')).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // The inbox skips the blacklisted friend: a new message neither moves nor counts it.
    await page.goto('/#/message');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    const blocked = convRow(page, wxid, BLOCKED);
    await expect(blocked).toBeVisible();
    const unreadBefore = await blocked.getAttribute('data-unread');
    await contactWrites(api, wxid, BLOCKED, '拉黑后的新消息');
    await contactWrites(api, wxid, OTHER, '对照消息');
    await expect(convRow(page, wxid, OTHER)).toContainText('对照消息');
    await expect(blocked).not.toContainText('拉黑后的新消息');
    await expect(blocked).toHaveAttribute('data-unread', unreadBefore ?? '0');
    // Its chat says so, and still holds the message.
    await blocked.click();
    await expect(page.getByTestId('chat-blocked')).toHaveText('已拉黑');
    await expect(page.getByTestId('msg-row').filter({ hasText: '拉黑后的新消息' })).toBeVisible();

    // Delete a friend: confirmed, gone from the list.
    await page.goto(`/#/contacts/friends?workWxid=${wxid}&keyword=${OTHER}`);
    await expect(friendRow(page, OTHER)).toBeVisible();
    await friendRow(page, OTHER).getByTestId('friend-more').click();
    await page.getByTestId('friend-delete').click();
    await page.getByTestId('friend-delete-ok').click();
    await expect(page.getByText('已删除好友')).toBeVisible();
    await expect(friendRow(page, OTHER)).toHaveCount(0);
    // The chat stays, marked.
    await page.goto('/#/message');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, OTHER).click();
    await expect(page.getByTestId('chat-not-friend')).toHaveText('已非好友');
    await page.goto(`/#/contacts/friends?workWxid=${wxid}&keyword=${OTHER}`);

    // Sync: the counts of what changed (nothing since the last sync).
    await page.getByTestId('friends-sync').click();
    await page.getByTestId('friends-sync-start').click();
    await expect(page.getByTestId('friends-sync-result')).toContainText('新增 0 位');
    await shot(page, 'friends-sync');
    await page.keyboard.press('Escape');

    // Export: an xlsx of the list as filtered.
    await page.goto(`/#/contacts/friends?workWxid=${wxid}`);
    await expect(page.getByTestId('friend-row').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('friends-export').click();
    expect((await download).suggestedFilename()).toMatch(/^我的好友-.*\.xlsx$/);

    // Both window sizes, light and dark.
    await page.goto(`/#/contacts/friends?workWxid=${wxid}`);
    await expect(page.getByTestId('friend-row').first()).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'friends-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(page.getByTestId('friend-row').first()).toBeVisible();
    await shot(page, 'friends-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'friends-1440-dark');
    expect(problems).toEqual([]);
  });

  test("on WhatsApp's capabilities: the blacklist works, star and pin say why", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '拉黑能力号', 'demo-sup');
    await contactWrites(api, wxid, WA_PERSON, '我在 WhatsApp 上');
    // The browser sees the capabilities a WhatsApp server answers (the server under it is the
    // simulator, which blocks as WhatsApp does: the switch's call is real).
    await page.route('**/main-api/acc/platform', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { capabilities: string[] } };
      body.data = {
        ...body.data,
        platform: 'whatsapp',
        simulator: false,
        capabilities: body.data.capabilities.filter(
          (c) => !['updateFriendInfo', 'deleteFriend', 'friendRequests', 'addFriend'].includes(c),
        ),
      } as typeof body.data;
      await route.fulfill({ response: res, json: body });
    });
    await openInbox(page, 'demo');
    await page.goto(`/#/contacts/friends?workWxid=${wxid}&keyword=${WA_PERSON}`);
    const row = friendRow(page, WA_PERSON);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('friend-star')).toBeDisabled();
    await expect(row.getByTestId('friend-topchat')).toBeDisabled();
    await row.getByTestId('friend-more').click();
    await expect(page.getByTestId('friend-remark-edit')).toBeVisible();
    await expect(page.getByTestId('friend-delete')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await row.getByTestId('unsupported-updateFriendInfo').first().hover();
    await expect(page.getByRole('tooltip')).toHaveText('WhatsApp 不支持此功能');
    await shot(page, 'friends-wa-1440');

    await row.getByTestId('friend-blacklist').click();
    await expect(row.getByTestId('friend-blacklist')).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(friendRow(page, WA_PERSON).getByTestId('friend-blacklist')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The card shows the flag the platform has, not star or pin.
    await friendRow(page, WA_PERSON).getByRole('button', { name: '资料卡' }).click();
    await expect(page.getByTestId('card-blacklisted')).toHaveAttribute('data-on', 'true');
    await expect(page.getByTestId('card-starred')).toHaveCount(0);
    await expect(page.getByTestId('card-pinned')).toHaveCount(0);
    await shot(page, 'friends-wa-card');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'friends-wa-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(friendRow(page, WA_PERSON)).toBeVisible();
    await shot(page, 'friends-wa-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'friends-wa-1440-dark');
    // Unblock again.
    await friendRow(page, WA_PERSON).getByTestId('friend-blacklist').click();
    await expect(friendRow(page, WA_PERSON).getByTestId('friend-blacklist')).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(problems).toEqual([]);
  });
});
