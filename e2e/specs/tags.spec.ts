import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  address,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  shot,
  simContacts,
  watchConsole,
} from './inbox-support.ts';

/**
 * Picks an option of the open select, typed first: the demo company holds every spec's accounts
 * and tags, more than the list shows at once.
 */
async function pickOption(page: Page, text: string) {
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

/** Both window sizes, light and dark, of the page on screen. */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, `${name}-1024`);
  await page.evaluate(() =>
    localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
  );
  await page.reload();
  await ready();
  await shot(page, `${name}-1024-dark`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `${name}-1440-dark`);
  await page.evaluate(() => localStorage.removeItem('cst.settings'));
  await page.reload();
  await ready();
}

test.describe('customer tags', () => {
  test('create a tag group and tags, tag contacts in bulk, see them on friends and the inbox', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const suffix = String(Date.now()).slice(-6);
    const groupName = `客户等级${suffix}`;
    const vip = `VIP${suffix}`;
    // demo-sup gets the account, so the inbox spec's seats keep theirs.
    const { api, wxid } = await setUpAccount(request, `标签页号${suffix}`, 'demo-sup');
    const { contacts } = await simContacts(request, wxid);
    // A friend whose wxid starts no other's: the keyword (a wxid prefix) finds only them.
    const target = contacts.find(
      (c) => !contacts.some((o) => o.wxid !== c.wxid && o.wxid.startsWith(c.wxid)),
    )!;
    const other = contacts.find((c) => !c.wxid.startsWith(target.wxid))!;
    await contactWrites(api, wxid, target.wxid, '带标签的客户');
    await contactWrites(api, wxid, other.wxid, '没有标签的客户');

    // From the menu: 客户中心 opens tag management.
    await openInbox(page, 'demo');
    await page.getByRole('menuitem', { name: '客户中心' }).click();
    // The section opens on 批量加好友 (SPEC §2); 标签管理 is in its side menu.
    await expect(page).toHaveURL(/#\/customerCenter\/mutilAddFriends/);
    await page.getByRole('menuitem', { name: '标签管理' }).click();
    await expect(page).toHaveURL(/#\/customerCenter\/manageTag/);
    await expect(page.getByTestId('manage-tag-page')).toBeVisible();

    // A group, a duplicate refused with the server's words, then two tags.
    await page.getByTestId('tag-group-add').click();
    await page.getByTestId('tag-group-name').fill(groupName);
    await page.getByTestId('tag-group-save').click();
    const group = page.locator(`[data-testid="tag-group"][data-name="${groupName}"]`);
    await expect(group).toBeVisible();
    await page.getByTestId('tag-group-add').click();
    await page.getByTestId('tag-group-name').fill(groupName);
    await page.getByTestId('tag-group-save').click();
    await expect(page.getByText('已有同名标签组')).toBeVisible();
    await page.keyboard.press('Escape');
    for (const name of [vip, `普通${suffix}`]) {
      await group.getByTestId('tag-add').click();
      await page.getByTestId('tag-name').fill(name);
      if (name === vip) {
        await page.getByTestId('tag-swatch').nth(5).click();
        await shot(page, 'tags-tag-dialog');
      }
      await page.getByTestId('tag-save').click();
      await expect(group.locator(`[data-testid="tag-item"][data-name="${name}"]`)).toBeVisible();
    }
    // Dragging the second tag onto the first puts it first.
    const tagNames = () =>
      group
        .getByTestId('tag-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    await expect.poll(tagNames).toEqual([vip, `普通${suffix}`]);
    await group
      .locator(`[data-testid="tag-item"][data-name="普通${suffix}"]`)
      .dragTo(group.locator(`[data-testid="tag-item"][data-name="${vip}"]`));
    await expect.poll(tagNames).toEqual([`普通${suffix}`, vip]);
    await page.reload();
    await expect.poll(tagNames).toEqual([`普通${suffix}`, vip]);
    await shots(page, 'tags-manage', () => expect(group).toBeVisible());

    // Bulk tagging: the account and the keyword, count, then add the tag.
    await page.getByRole('menuitem', { name: '批量打标签' }).click();
    await expect(page).toHaveURL(/#\/customerCenter\/makeTag/);
    // The list mode shows its own upload button, not the browser's file chooser.
    await page.getByTestId('make-tag-mode').getByText('上传名单').click();
    await expect(page.getByTestId('make-tag-upload')).toBeVisible();
    await expect(page.getByTestId('make-tag-file-input')).toBeHidden();
    await page.getByTestId('make-tag-mode').getByText('按条件筛选').click();
    await page.getByTestId('make-tag-accounts').click();
    await pickOption(page, `标签页号${suffix}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('make-tag-keyword').fill(target.wxid);
    await page.getByTestId('make-tag-count').click();
    await expect(page.getByTestId('make-tag-matched')).toHaveText('共匹配 1 位联系人');
    await page.getByTestId('make-tag-tags').click();
    await pickOption(page, vip);
    await page.keyboard.press('Escape');
    await page.getByTestId('make-tag-start').click();
    await expect(page.getByTestId('make-tag-result')).toContainText(
      '完成：处理 1 位联系人，新增 1 个标签关系',
    );
    await expect(page.getByTestId('make-tag-progress')).toHaveAttribute('aria-valuenow', '100');
    // A changed filter asks for a new count before running again.
    await page.getByTestId('make-tag-keyword').fill('');
    await expect(page.getByTestId('make-tag-matched')).toHaveText('条件已改变，请重新查询人数');
    await expect(page.getByTestId('make-tag-start')).toBeDisabled();
    await shots(page, 'tags-make', () => expect(page.getByTestId('make-tag-page')).toBeVisible());

    // The friends table shows the tag, and its tag filter finds only that friend.
    await page.goto(`/#/contacts/friends?workWxid=${wxid}`);
    await page.getByTestId('friends-tags').click();
    await pickOption(page, vip);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('friend-row')).toHaveCount(1);
    const row = page.locator(`[data-testid="friend-row"][data-wxid="${target.wxid}"]`);
    await expect(row.getByTestId('friend-tag')).toHaveText(vip);
    await expect(page).toHaveURL(/tagIds=/);

    // The inbox: the tag filter keeps the tagged friend's chat only; the header shows the tag.
    await page.goto('/#/message');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await expect(convRow(page, wxid, other.wxid)).toBeVisible();
    await page.getByTestId('conv-tag-filter').click();
    await pickOption(page, vip);
    await page.keyboard.press('Escape');
    await expect(convRow(page, wxid, target.wxid)).toBeVisible();
    await expect(convRow(page, wxid, other.wxid)).toHaveCount(0);
    await expect(page.getByTestId('conv-count')).toContainText('1');
    await convRow(page, wxid, target.wxid).click();
    await expect(page.getByTestId('chat-tag')).toHaveText(vip);
    await shot(page, 'tags-inbox-1440');

    // The user card edits the tags: add the second tag to the untagged friend.
    await page.getByTestId('conv-tag-filter').locator('.ant-select-clear').click({ force: true });
    await convRow(page, wxid, other.wxid).click();
    await page.getByTestId('chat-title').click();
    await expect(page.getByTestId('user-card')).toBeVisible();
    await page.getByTestId('contact-tags-edit').click();
    await page.getByTestId('contact-tags-select').click();
    await pickOption(page, `普通${suffix}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-tags-save').click();
    await expect(page.getByText('标签已更新')).toBeVisible();
    await expect(page.getByTestId('contact-tag')).toHaveText(`普通${suffix}`);
    await shot(page, 'tags-user-card');
    await page.keyboard.press('Escape');

    // Tag management counts the contacts and says so before deleting.
    await page.goto('/#/customerCenter/manageTag');
    const vipItem = group.locator(`[data-testid="tag-item"][data-name="${vip}"]`);
    await expect(vipItem.getByTestId('tag-count')).toHaveText('1 人');
    await vipItem.getByTestId('tag-delete').click();
    await expect(page.getByText(`删除标签“${vip}”后，1 位联系人将不再带有该标签。`)).toBeVisible();
    await page.getByTestId('confirm-word').fill('del');
    await shot(page, 'tags-delete-confirm');
    await page.getByTestId('confirm-word-ok').click();
    await expect(page.getByText('已删除，1 个联系人标签已移除')).toBeVisible();
    await expect(vipItem).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
