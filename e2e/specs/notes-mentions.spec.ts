import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  address,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  shot,
  signIn,
  simContacts,
} from './inbox-support.ts';

// Issue 31 §4–6: a private note with an @ reaches the other seat (bell, notice, the chat opened at
// the note) and never the contact; the group composer's @ picker sends a platform mention; an
// out-of-hours contact gets the robot reply and the header says so.

/** Shots at the two widths the console is checked at. */
async function shots(page: Page, name: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
}

/** Opens the work account's conversations in the seat's inbox. */
async function chooseAccount(page: Page, nickname: string) {
  await page.getByTestId('account-item').filter({ hasText: nickname }).click();
}

test.describe('notes, mentions and business hours', () => {
  test('a note with an @ is seen by the other seat and never sent', async ({
    page,
    browser,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '备注提及号', 'demo-seat1');
    const peer = 'wxid_e2e_note_peer';
    await contactWrites(api, wxid, peer, '请问发票什么时候开？');
    const demoUid = (await signIn(request, 'demo')).uid;
    const seats = await api<{ list: { uid: string; name: string }[] }>(
      '/main-api/conv/note-seats',
      { index_name: `1__${peer}__${wxid}` },
    );
    const demoName = seats.list.find((s) => s.uid === demoUid)!.name;
    const seatUid = (await signIn(request, 'demo-seat1')).uid;
    const seatName = seats.list.find((s) => s.uid === seatUid)!.name;

    // The manager is on the console when the note is written.
    const other = await browser.newPage();
    await other.setExtraHTTPHeaders(address());
    await openInbox(other, 'demo');

    await openInbox(page, 'demo-seat1');
    await chooseAccount(page, '备注提及号');
    await convRow(page, wxid, peer).click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    await page.getByTestId('composer-mode-note').click();
    const box = page.getByTestId('composer-input');
    await box.fill('客户要发票，');
    await box.press('End');
    await box.pressSequentially('@');
    await expect(page.getByTestId('mention-list')).toBeVisible();
    await box.pressSequentially(demoName.slice(0, 1));
    await expect(page.getByTestId('mention-option').first()).toHaveText(`@${demoName}`);
    await shots(page, 'note-mention-picker');
    await box.press('Enter');
    await expect(box).toHaveValue(`客户要发票，@${demoName} `);
    await box.pressSequentially('请开一下');
    await page.getByTestId('composer-send').click();
    const card = page.getByTestId('msg-note');
    await expect(card).toContainText('内部备注');
    await expect(card).toContainText(`@${demoName}`);
    // Signed by the seat who wrote it, not by the one it mentions.
    await expect(card.getByTestId('msg-note-author')).toHaveText(seatName);
    await expect(box).toHaveValue('');
    await shots(page, 'note-bubble');

    // The other seat: a notice, the bell, and the chat opened at the note.
    await other.getByTestId('mention-open').click();
    await expect(other.getByTestId('chat-pane')).toHaveAttribute(
      'data-index-name',
      `1__${peer}__${wxid}`,
    );
    await expect(other.getByTestId('msg-note')).toContainText('请开一下');
    await expect(other.getByTestId('msg-note-author')).toHaveText(seatName);
    await other.getByTestId('mention-bell').click();
    await expect(other.getByTestId('mention-notice')).toHaveCount(1);
    await shots(other, 'note-mention-bell');

    // The contact never got it.
    const got = await api<{ list: { content: string }[] }>('/sim-api/received', {
      workWxid: wxid,
      peerWxid: peer,
    });
    expect(got.list.map((m) => m.content).join('|')).not.toContain('请开一下');
    await other.close();
  });

  test('the group composer’s @ picker sends a mention', async ({ page, request }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '群提及号', 'demo-seat1');
    const world = await simContacts(request, wxid);
    const group = world.groups[0]!;
    const member = group.members.find((m) => m.wxid !== wxid)!;
    const name = member.card || member.nickname;
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: group.groupId,
      talkType: 2,
      msgType: 1,
      content: '群里有人吗',
      memberWxid: member.wxid,
    });
    await openInbox(page, 'demo-seat1');
    await chooseAccount(page, '群提及号');
    await page
      .locator(`[data-testid="conv-row"][data-index-name="2__${group.groupId}__${wxid}"]`)
      .click();
    const box = page.getByTestId('composer-input');
    await box.pressSequentially('@');
    await box.pressSequentially(name.slice(0, 2));
    await expect(page.getByTestId('mention-option').first()).toHaveText(`@${name}`);
    await shots(page, 'group-mention-picker');
    await box.press('Enter');
    await box.pressSequentially('请看群公告');
    await box.press('Enter');
    await expect
      .poll(async () => {
        const r = await api<{ list: { content: string; atWxids?: string[] }[] }>(
          '/sim-api/received',
          { workWxid: wxid, peerWxid: group.groupId },
        );
        return r.list.find((m) => m.content.includes('请看群公告'));
      })
      .toEqual(expect.objectContaining({ content: `@${name} 请看群公告`, atWxids: [member.wxid] }));

    // The group panel opens from the chat header.
    await page.getByTestId('chat-group-panel').click();
    await expect(page.locator('.ant-drawer')).toContainText(group.name);
  });

  test('a contact writing out of hours gets the reply once, shown in the header', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '营业时间号', 'demo-seat1');
    // A group of its own, closed all week, so no other account is touched.
    const g = await api<{ id: string }>('/main-api/acc/group/add', { name: '夜间休息组' });
    await api('/main-api/acc/move-group', { wxids: [wxid], groupId: g.id });
    await api('/task-api/business-hours/save', {
      accountGroupId: g.id,
      enabled: true,
      week: [[], [], [], [], [], [], []],
      reply: '您好，现在是非营业时间，我们上班后回复您',
    });
    const peer = 'wxid_e2e_hours_peer';
    await contactWrites(api, wxid, peer, '在吗？');
    await openInbox(page, 'demo-seat1');
    await chooseAccount(page, '营业时间号');
    await convRow(page, wxid, peer).click();
    const reply = page.getByTestId('msg-row').filter({ hasText: '现在是非营业时间' });
    await expect(reply).toHaveCount(1);
    await expect(reply.getByTestId('msg-robot')).toBeVisible();
    await contactWrites(api, wxid, peer, '有人吗？');
    await expect(page.getByTestId('msg-row').filter({ hasText: '有人吗？' })).toBeVisible();
    await expect(page.getByTestId('chat-out-of-hours')).toHaveText('非营业时间 · 已自动回复');
    await shots(page, 'business-hours-chat');
    const got = await api<{ list: { content: string }[] }>('/sim-api/received', {
      workWxid: wxid,
      peerWxid: peer,
    });
    expect(got.list.filter((m) => m.content.includes('非营业时间'))).toHaveLength(1);
  });
});
