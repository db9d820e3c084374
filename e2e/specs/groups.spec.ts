import type { APIRequestContext, Page } from '@playwright/test';
import type { GroupItem, ListResult } from '@cst/shared';
import { expect, motionsDone, test } from '../fixtures.ts';
import {
  address,
  contactWrites,
  openInbox,
  setUpAccount,
  shot,
  signIn,
  simContacts,
  watchConsole,
} from './inbox-support.ts';

/** The groups of a work account as the console lists them (GET, main envelope). */
async function groupsOf(request: APIRequestContext, workWxid: string, myRole: string) {
  const { headers } = await signIn(request, 'demo');
  const res = await request.get(
    `/api/v1/group/list?pageSize=100&workWxid=${workWxid}&myRole=${myRole}`,
    { headers },
  );
  return ((await res.json()) as { data: ListResult<GroupItem> }).data.list;
}

/** A screenshot once the panel has finished sliding in. */
async function panelShot(page: Page, name: string) {
  await motionsDone(page);
  await shot(page, name);
}

/** The table row of a group by id. */
const rowOf = (page: Page, g: GroupItem) =>
  page.locator(`[data-testid="group-row"][data-row-key="${g.workWxid}|${g.groupId}"]`);

/** The table row of a group by name. */
const groupRow = (page: Page, name: string) =>
  page
    .getByTestId('group-row')
    .filter({ has: page.getByTestId('group-name').getByText(name, { exact: true }) });

test.describe('group chats', () => {
  test('open from the menu, manage a group live, leave it and create one', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const problems = watchConsole(page);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '群管号', 'demo-sup');
    // Three friends write, so the contact picker (conversations) lists them.
    const world = await simContacts(request, wxid);
    const [f1, f2, f3, f4] = world.contacts;
    for (const f of [f1!, f2!, f3!, f4!])
      await contactWrites(api, wxid, f.wxid, `我是${f.nickname}`);
    const owned = (await groupsOf(request, wxid, 'owner'))[0]!;
    const plain = (await groupsOf(request, wxid, 'member'))[0]!;
    const ownedMembers = world.groups.find((g) => g.groupId === owned.groupId)!.members;
    const invitee = [f1!, f2!, f3!, f4!].find((f) => !ownedMembers.some((m) => m.wxid === f.wxid))!;

    // From the menu: 通讯录 (friend requests first), then 我的群组.
    await openInbox(page, 'demo-sup');
    await page.getByTestId('top-menu').getByRole('menuitem', { name: '通讯录' }).click();
    await page.getByRole('menuitem', { name: '我的群组' }).click();
    await expect(page.getByTestId('groups-page')).toBeVisible();
    await expect(page).toHaveURL(/#\/contacts\/groups/);
    await page.getByTestId('groups-account').click();
    await page.locator('.ant-select-item-option', { hasText: '群管号' }).click();
    await expect(page).toHaveURL(new RegExp(`workWxid=${wxid}`));
    await expect(rowOf(page, owned)).toBeVisible();
    await shot(page, 'groups-list');

    // A plain member sees why the owner's actions are missing.
    await rowOf(page, plain).click();
    const panel = page.getByTestId('group-panel');
    await expect(panel.getByTestId('panel-name')).toHaveText(plain.name);
    await expect(panel.getByText('仅群主或群管理员可以移出成员、禁言和发布群公告')).toBeVisible();
    await expect(panel.getByTestId('member-mute')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // The owned group: rename with the required name.
    await rowOf(page, owned).click();
    await expect(panel.getByTestId('panel-name')).toHaveText(owned.name);
    await expect(panel.getByTestId('member-row').first()).toBeVisible();
    await panelShot(page, 'groups-panel');
    await panel.getByTestId('group-rename').click();
    await page.getByTestId('rename-input').fill('   ');
    await page.getByTestId('rename-input-ok').click();
    await expect(page.getByText('群名称不能为空')).toBeVisible();
    await page.getByTestId('rename-input').fill('E2E 售后群');
    await page.getByTestId('rename-input-ok').click();
    await expect(page.getByText('群名已修改')).toBeVisible();
    await expect(panel.getByTestId('panel-name')).toHaveText('E2E 售后群');
    await expect(rowOf(page, owned).getByTestId('group-name')).toHaveText('E2E 售后群');

    // Mute a member: the tag shows and the ban list has them.
    const target = panel
      .getByTestId('member-row')
      .filter({ has: page.getByTestId('member-mute') })
      .first();
    const targetName = (await target.locator('td').nth(1).innerText()).split('\n')[0]!.trim();
    await target.getByTestId('member-mute').click();
    await expect(page.getByText('已禁言')).toBeVisible();
    await expect(
      panel.getByTestId('member-row').filter({ hasText: targetName }).getByTestId('member-banned'),
    ).toBeVisible();
    await panel.getByTestId('members-view').getByText('禁言名单').click();
    await expect(panel.getByTestId('member-row')).toHaveCount(1);
    await expect(panel.getByTestId('member-row')).toContainText(targetName);
    await panelShot(page, 'groups-ban-list');
    await panel.getByTestId('members-view').getByText('全部成员').click();

    // Invite a friend from the contact picker.
    await panel.getByTestId('group-invite').click();
    await page.getByTestId('picker-search').locator('input').fill(invitee.nickname);
    await page.getByTestId('picker-search').locator('input').press('Enter');
    await page
      .getByTestId('picker-item')
      .filter({ hasText: invitee.nickname })
      .first()
      .locator('input')
      .check();
    await page.getByTestId('picker-confirm').click();
    await expect(page.getByText('已邀请 1 人')).toBeVisible();
    await expect(
      panel.getByTestId('member-row').filter({ hasText: invitee.nickname }),
    ).toBeVisible();

    // The announcement: edit it and see it in the history.
    await panel.getByRole('tab', { name: '群公告与动态' }).click();
    await panel.getByTestId('notice-edit').click();
    await page.getByTestId('notice-input').fill('本周六上午十点直播答疑');
    await page.getByTestId('notice-input-ok').click();
    await expect(page.getByText('群公告已发布')).toBeVisible();
    await expect(panel.getByTestId('notice-current')).toHaveText('本周六上午十点直播答疑');
    await expect(
      panel.getByTestId('notice-item').filter({ hasText: '本周六上午十点直播答疑' }),
    ).toBeVisible();
    await expect(panel.getByTestId('notice-item').filter({ hasText: 'E2E 售后群' })).toBeVisible();

    // A live notice while the panel is open: someone joins on the platform.
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: owned.groupId,
      talkType: 2,
      msgType: 1,
      content: '大家好，我是新来的',
      memberWxid: 'wxid_e2e_group_joiner',
    });
    // Someone joining (not the invite above, whose notice may still show).
    await expect(page.getByText(/群聊有新动态："[^"]*"加入了群聊/).first()).toBeVisible();
    await expect(
      panel.getByTestId('notice-item').filter({ hasText: '加入了群聊' }).first(),
    ).toBeVisible();
    await panelShot(page, 'groups-notices-live');

    // Leave: the button stays off until 'yes' is typed.
    await panel.getByTestId('group-leave').click();
    await expect(page.getByTestId('confirm-word-ok')).toBeDisabled();
    await page.getByTestId('confirm-word').fill('yes');
    await page.getByTestId('confirm-word-ok').click();
    await expect(page.getByText('已退出群聊')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(rowOf(page, owned)).toHaveCount(0);

    // Create a group with two friends from the picker.
    await page.getByTestId('group-create').click();
    await page.getByTestId('create-group-name').fill('E2E 新品群');
    await page.getByTestId('create-group-pick').click();
    for (const f of [f1!, f2!]) {
      await page.getByTestId('picker-search').locator('input').fill(f.nickname);
      await page.getByTestId('picker-search').locator('input').press('Enter');
      await page
        .getByTestId('picker-item')
        .filter({ hasText: f.nickname })
        .first()
        .locator('input')
        .check();
    }
    await page.getByTestId('picker-confirm').click();
    await expect(page.getByText('已选 2 人')).toBeVisible();
    await page.getByTestId('create-group-ok').click();
    await expect(page.getByText('群聊已创建')).toBeVisible();
    await expect(panel.getByTestId('panel-name')).toHaveText('E2E 新品群');
    await expect(panel.getByTestId('member-row')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(groupRow(page, 'E2E 新品群')).toBeVisible();

    // Both window sizes, light and dark.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'groups-list-1024');
    await groupRow(page, 'E2E 新品群').click();
    await expect(panel.getByTestId('member-row').first()).toBeVisible();
    await panelShot(page, 'groups-panel-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(page.getByTestId('groups-page')).toBeVisible();
    await expect(groupRow(page, 'E2E 新品群')).toBeVisible();
    await shot(page, 'groups-list-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await groupRow(page, 'E2E 新品群').click();
    await expect(panel.getByTestId('member-row').first()).toBeVisible();
    await panelShot(page, 'groups-panel-dark');
    expect(problems).toEqual([]);
  });
});
