import { expect, test } from '../fixtures.ts';
import {
  address,
  convRow,
  openInbox,
  setUpAccount,
  shot,
  watchConsole,
  type Api,
} from './inbox-support.ts';
import { SHOTS } from './accounts-support.ts';

const PEER = 'wxid_e2e_rich';

/** A contact sends one message of a type (media without content get a real file). */
function send(api: Api, wxid: string, msgType: number, content: unknown, fileName?: string) {
  return api('/sim-api/inbound', {
    workWxid: wxid,
    fromWxid: PEER,
    talkType: 1,
    msgType,
    content: typeof content === 'string' ? content : JSON.stringify(content),
    ...(fileName ? { fileName } : {}),
  });
}

const vote = {
  title: '周末团建去哪里',
  vote: {
    record_id: 'vote-e2e-1',
    detail: {
      title: '周末团建去哪里',
      answer_mode: 0,
      answer_num: 1,
      answered_num: 0,
      answer_option: [
        { key: '1', value: '爬山' },
        { key: '2', value: '烧烤' },
      ],
    },
    statistics: { count: 0, options: [] },
    vote_users: [],
  },
};

test.describe('rich messages', () => {
  test('the simulator sends every message type and each bubble renders', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1400, height: 3600 });
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const { api, wxid } = await setUpAccount(request, '富媒体号', 'demo-seat1');
    const cases: [number, unknown, string?][] = [
      [2, ''],
      [3, '', '报价单.txt'],
      [4, ''],
      [5, ''],
      [6, ''],
      [7, { result: 'missed', durationSec: 0 }],
      [8, { result: 'ended', durationSec: 75 }],
      [
        9,
        { wxid: 'wxid_card', nickname: '名片里的人', avatar: '', province: '广东', city: '深圳' },
      ],
      [10, { title: '链接标题', description: '链接描述', url: 'https://example.com/x' }],
      [14, { title: '小程序标题', appId: 'wx123', appName: '某小程序', pagePath: 'pages/index' }],
      [15, { title: '公众号文章标题', description: '摘要', url: 'https://example.com/a' }],
      [16, { title: '恭喜发财，大吉大利', amountCents: null }],
      [17, { money: '88.00', paySubType: 3, transferId: 't1' }],
      [18, { latitude: 22.5, longitude: 114, label: '深圳市南山区', poiName: '科技园' }],
      [20, { title: '视频号标题', authorName: '作者' }],
      [21, { title: '群聊的聊天记录', items: [{ name: '甲', content: '第一句', time: 1 }] }],
      [22, { title: '应用消息标题' }],
      [22, vote],
      [
        23,
        {
          ip: '183.14.22.9',
          createdAt: Date.now() - 60_000,
          address: '广东 深圳',
          reason: '新设备登录',
          agent: 'iPad 微信 8.0.50',
        },
      ],
      [1, '最后一条文本'],
    ];
    for (const [type, content, fileName] of cases) await send(api, wxid, type, content, fileName);
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, PEER).click();
    await expect(page.getByTestId('msg-row').filter({ hasText: '最后一条文本' })).toBeVisible();
    const ids = [
      'bubble-image',
      'bubble-file',
      'bubble-emoticon',
      'bubble-video',
      'bubble-voice',
      'bubble-call',
      'bubble-contact',
      'bubble-link',
      'bubble-mini-program',
      'bubble-article',
      'bubble-red-packet',
      'bubble-transfer',
      'bubble-location',
      'bubble-channel-video',
      'bubble-forward',
      'bubble-app',
      'bubble-vote',
      'bubble-login-notice',
    ];
    for (const id of ids) await expect(page.getByTestId(id).first()).toBeVisible();
    await expect(page.getByTestId('bubble-file')).toContainText('报价单.txt');
    await expect(page.getByTestId('bubble-transfer')).toContainText('已收款');
    await expect(page.getByTestId('bubble-location')).toContainText('科技园');
    const login = page.getByTestId('bubble-login-notice');
    for (const text of ['登录提醒', 'IP 地址', '183.14.22.9', '登录地点', '广东 深圳']) {
      await expect(login).toContainText(text);
    }
    for (const text of ['原因', '新设备登录', '登录设备', 'iPad 微信 8.0.50', '登录时间']) {
      await expect(login).toContainText(text);
    }
    if (SHOTS) await login.screenshot({ path: 'e2e/artifacts/screens/rich-login-notice.png' });
    await expect(page.getByTestId('bubble-channel-video')).toContainText(
      '请在手机上观看视频号内容',
    );
    await expect(page.getByTestId('bubble-link').locator('xpath=ancestor::a')).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(page.getByTestId('bubble-image').locator('img')).toHaveJSProperty(
      'complete',
      true,
    );
    await shot(page, 'rich-every-type');

    // The vote: single mode, button texts, results with counts and percent.
    const v = page.getByTestId('bubble-vote');
    await expect(v.getByRole('button')).toHaveText('请选择后投票');
    await v.getByText('爬山').click();
    await v.getByText('烧烤').click();
    await expect(v.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(v.getByRole('button')).toHaveText('立即投票');
    await v.getByRole('button').click();
    await expect(v.getByTestId('vote-results')).toContainText('烧烤 · 1 票 · 100%');

    // The chat-record viewer.
    await page.getByTestId('bubble-forward').click();
    await expect(page.getByTestId('chat-records')).toContainText('第一句');
    await shot(page, 'rich-chat-records');
    expect(problems).toEqual([]);
  });
});
