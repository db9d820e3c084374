import { expect, loginAs, test } from '../fixtures.ts';
import { setUpAccount, shot, signIn, watchConsole } from './inbox-support.ts';

// Issue 20: the service, tag, transfer, red-packet and login reports render with data from the
// simulator, and the export opens as xlsx. Its own account (given to demo-sup), filtered by it.

test.describe('statistics: service, label, eft, redpacket, login', () => {
  test('each report shows its figures for its own account', async ({ page, request }) => {
    // Six reports and the service flow's setup: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '统计报表号', 'demo-sup');
    const payer = `wxid_statrep_${Date.now()}`;
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: payer,
      talkType: 1,
      msgType: 17,
      content: JSON.stringify({ money: '66.60', paySubType: 3, transferId: 't-e2e' }),
    });
    await api('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: payer,
      talkType: 1,
      msgType: 16,
      content: JSON.stringify({ title: '恭喜发财', amountCents: 888 }),
    });
    const tag = await api<{ id: string }>('/main-api/tags/add', { name: `报表标签${Date.now()}` });
    const friends = await api<{ list: { friendWxid: string }[] }>('/main-api/acc/friends-list', {
      page: 1,
      pageSize: 2,
      workWxid: wxid,
    });
    await api('/main-api/acc/add-friend-tag', {
      targets: friends.list.map((f) => ({ workWxid: wxid, friendWxid: f.friendWxid })),
      tagIds: [tag.id],
      op: 'add',
    });

    // The service flow: the payer's chat assigned to the account's seat, then resolved.
    const supUid = (await signIn(request, 'demo-sup')).uid;
    let index_name = '';
    await expect
      .poll(async () => {
        const chat = await api<{ list: { index_name: string; receiver_id: string }[] }>(
          '/main-api/conv/list',
          { mode: 'account', workWxid: wxid, keyword: payer },
        );
        index_name = chat.list.find((c) => c.receiver_id === payer)?.index_name ?? '';
        return index_name;
      })
      .not.toBe('');
    await api('/main-api/conv/assign', { index_name, uid: supUid });
    await api('/main-api/conv/status', { index_name, status: 'resolved' });

    await loginAs(page, 'demo');
    const open = async (report: string) => {
      await page.goto(`/#/statistics/${report}?workWxid=${wxid}`);
      await expect(page.getByTestId(`stat-${report}`)).toBeVisible();
    };
    const card = (m: string) =>
      page.getByTestId(`stat-card-${m}`).locator('.ant-statistic-content');

    await open('eft');
    await expect(card('total')).toHaveText('1');
    await expect(card('acceptedAmount')).toHaveText('66.60');
    await expect(page.getByTestId('stat-pie').locator('canvas')).toBeVisible();
    await shot(page, 'stat-eft-1440');
    const download = page.waitForEvent('download');
    await page.getByTestId('stat-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

    await open('redpacket');
    await expect(card('total')).toHaveText('1');
    await expect(card('amount')).toHaveText('8.88');

    await open('label');
    await expect(card('contacts')).toHaveText(String(friends.list.length));
    await expect(page.getByTestId('stat-rows')).toContainText('报表标签');
    await expect(page.getByTestId('stat-pie').locator('canvas')).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'stat-label-1024');

    await open('login');
    await expect(card('logins')).toHaveText('1');
    await expect(page.getByTestId('stat-table')).toContainText(wxid);

    await open('service');
    await expect(card('unanswered')).toHaveText(/^[1-9]\d*$/);
    await expect(card('assigned')).toHaveText('1');
    await expect(card('resolved')).toHaveText('1');
    await expect(page.getByTestId('stat-rows')).toContainText('分配会话');
    await expect(page.getByTestId('stat-rows')).toContainText('解决时长中位数(分钟)');
    expect(errors).toEqual([]);
  });
});
