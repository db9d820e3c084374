import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { MaterialItem, MomentFeedResult } from '@cst/shared';
import { expect, loginAs, test } from '../fixtures.ts';
import { solidPng } from './libraries-support.ts';
import {
  address,
  apiAs,
  contactWrites,
  setUpAccount,
  shot,
  signIn,
  watchConsole,
  type Api,
} from './inbox-support.ts';

// Issues 15 and 18 §1: material of the library as content — a keyword reply, a mass send and a
// moment are made of items picked in the "从素材库选择" dialog, and they reach the simulated
// contacts (`/sim-api/received`) or the account's timeline.

const SEAT = 'demo-sup';

interface Received {
  kind: string;
  msgType?: number;
  content: string;
  requestId: string | null;
}

async function received(api: Api, workWxid: string, peerWxid: string) {
  const r = await api<{ list: Received[] }>('/sim-api/received', { workWxid, peerWxid });
  return r.list.filter((x) => x.kind === 'message');
}

/** A folder with a text and a picture, uploaded as the manager. */
async function stockLibrary(request: APIRequestContext, api: Api, tag: string) {
  const folder = await api<{ id: string }>('/main-api/material/folder/add', {
    name: `E2E内容${tag}`,
  });
  const text = await api<MaterialItem>('/main-api/material/add', {
    type: 1,
    folderId: folder.id,
    title: `欢迎语${tag}`,
    content: `素材文本${tag}：欢迎光临`,
  });
  const { headers } = await signIn(request, 'demo');
  const res = await request.post('/main-api/material/upload', {
    headers,
    multipart: {
      folderId: folder.id,
      file: {
        name: `海报${tag}.png`,
        mimeType: 'image/png',
        buffer: solidPng(240, 240, [40, 120, 200]),
      },
    },
  });
  const body = (await res.json()) as { data: { list: MaterialItem[] } };
  return { folderId: folder.id, text, picture: body.data.list[0]! };
}

/** Ticks items by name in the picker dialog (searching each), then uses them. */
async function pick(page: Page, opener: Locator, names: string[], screenshot?: string) {
  await opener.click();
  const dialog = page.getByTestId('material-picker');
  await expect(dialog).toBeVisible();
  for (const name of names) {
    await dialog.getByTestId('material-picker-search').fill(name);
    const row = dialog.getByTestId('material-picker-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
  }
  await expect(dialog.getByTestId('material-picker-count')).toContainText(`已选 ${names.length}`);
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: `使用所选（${names.length}）` }).click();
  await expect(dialog).toBeHidden();
}

async function openPage(page: Page, path: string, testId: string) {
  await expect(async () => {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId(testId)).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('material as content', () => {
  test('a keyword reply, a mass send and a moment made of picked material arrive', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const tag = Date.now().toString(36).slice(-5);
    const nickname = `E2E素材号${tag}`;
    const { api, wxid } = await setUpAccount(request, nickname, SEAT);
    const lib = await stockLibrary(request, api, tag);
    const textName = `欢迎语${tag}`;
    const picName = `海报${tag}.png`;
    await loginAs(page, SEAT);

    // 1. A keyword rule whose replies are the text and the picture of the library.
    const keyword = `素材词${tag}`;
    await openPage(page, '/settings/robotKeywordsReply', 'robot-keywords-page');
    await page.getByTestId('kw-add').first().click();
    await page.getByTestId('kw-rule-keywords').click();
    await page.keyboard.type(keyword);
    await page.keyboard.press('Enter');
    await page.getByTestId('kw-rule-accounts').click();
    await page.keyboard.type(nickname);
    await page.locator('.ant-select-item-option').filter({ hasText: nickname }).click();
    await page.keyboard.press('Escape');
    await pick(page, page.getByTestId('kw-rule-replies-material'), [textName, picName]);
    await expect(page.getByTestId('kw-rule-replies').getByTestId('material-ref')).toHaveCount(2);
    await shot(page, 'material-content-keyword-form');
    await page.getByTestId('kw-rule-ok').click();
    await expect(page.getByTestId(`kw-hits-${keyword}`)).toHaveText('0');
    const buyer = `wxid_e2e_mat${tag}`;
    await contactWrites(api, wxid, buyer, `想问下${keyword}`);
    await expect
      .poll(async () => (await received(api, wxid, buyer)).map((m) => [m.msgType, m.content]), {
        timeout: 20_000,
      })
      .toEqual([
        [1, `素材文本${tag}：欢迎光临`],
        [2, picName],
      ]);
    await expect(page.getByTestId(`kw-hits-${keyword}`)).toHaveText('1', { timeout: 15_000 });

    // 2. A mass send to the account's friends made of the same two items.
    await api('/task-api/bulk-send-task/settings/save', {
      workWxid: wxid,
      channel: 1,
      dailyCapPerAccount: 500,
      messageIntervalSec: 0,
      fanIntervalSec: 0,
      perRoundCount: 5,
      groupIntervalSec: 0,
      groupDailyCap: 100,
      jitterSec: 0,
    });
    const friends = await api<{ list: { friendWxid: string }[] }>('/main-api/acc/friends-list', {
      workWxid: wxid,
      pageSize: 3,
    });
    const friend = friends.list[0]!.friendWxid;
    await openPage(page, '/grouphelper/manager', 'bulk-tasks');
    await page.getByTestId('bulk-task-add').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建群发任务' });
    const taskName = `素材群发-${tag}`;
    await dialog.getByTestId('bulk-task-name').fill(taskName);
    await dialog.getByTestId('bulk-task-accounts').click();
    await page.keyboard.type(wxid);
    await page.locator('.ant-select-item-option').filter({ hasText: wxid }).click();
    await page.keyboard.press('Escape');
    // To one chosen friend: the send this test waits for is then the task's only one (all 250
    // friends of a simulated account take a minute at the pace of a loaded machine).
    await dialog.getByTestId('bulk-task-mode').getByText('指定好友 / 上传名单').click();
    await dialog.getByTestId('bulk-task-list').fill(friend);
    await pick(
      page,
      dialog.getByTestId('bulk-msg-material'),
      [textName, picName],
      'material-picker-1440',
    );
    await expect(dialog.getByTestId('material-ref')).toHaveCount(2);
    await shot(page, 'material-content-bulk-form');
    await dialog.getByTestId('bulk-create-ok').click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        async () =>
          (await received(api, wxid, friend))
            .filter((m) => m.requestId?.startsWith('bs:'))
            .map((m) => [m.msgType, m.content]),
        { timeout: 30_000 },
      )
      .toEqual([
        [1, `素材文本${tag}：欢迎光临`],
        [2, picName],
      ]);

    // 3. A moment whose picture comes from the library.
    const momentText = `素材朋友圈 ${tag}`;
    await openPage(page, '/moments', 'moment-post');
    await page.getByTestId('moment-accounts').click();
    await page.keyboard.type(nickname);
    await page.locator('.ant-select-item-option').filter({ hasText: nickname }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('moment-text').fill(momentText);
    await page.getByTestId('moment-kind').getByText('图片（最多 9 张）').click();
    const media = page.getByTestId('moment-media-image');
    await pick(page, media.getByRole('button', { name: '从素材库选择' }), [picName]);
    await expect(media.locator('img')).toBeVisible();
    await shot(page, 'material-content-moment-form');
    await page.getByTestId('moment-submit').click();
    await expect(page.getByTestId('moment-posted')).toContainText('共 1 个工作号');
    const sup = await apiAs(request, SEAT);
    await expect
      .poll(
        async () => {
          const feed = await sup<MomentFeedResult>('/main-api/moments/feed', {
            workWxid: wxid,
            own: true,
            limit: 20,
          });
          const m = feed.list.find((x) => x.text === momentText);
          return m?.media.map((x) => x.url);
        },
        { timeout: 20_000 },
      )
      .toEqual([lib.picture.fileUrl]);

    // The picker at both sizes, light and dark.
    await openPage(page, '/grouphelper/manager', 'bulk-tasks');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('bulk-task-add').click();
    await page.getByTestId('bulk-msg-material').click();
    await expect(page.getByTestId('material-picker-row').first()).toBeVisible();
    await shot(page, 'material-picker-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(page.getByTestId('bulk-tasks')).toBeVisible();
    await page.getByTestId('bulk-task-add').click();
    await page.getByTestId('bulk-msg-material').click();
    await page.getByTestId('material-picker-search').fill(textName);
    await expect(page.getByTestId('material-picker-row')).toHaveCount(1);
    await page.getByTestId('material-picker-row').click();
    await shot(page, 'material-picker-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'material-picker-1440-dark');
    await page.evaluate(() => localStorage.removeItem('cst.settings'));
    expect(problems).toEqual([]);
  });
});
