import type { Page } from '@playwright/test';
import type { MomentFeedResult, MomentPostListResult } from '@cst/shared';
import { expect, loginAs, test } from '../fixtures.ts';
import { openSimulator } from './accounts-support.ts';
import { address, apiAs, setUpAccount, shot, watchConsole } from './inbox-support.ts';

// Issue 18 §4: post a moment to two accounts and see it in the history, answer a comment the
// simulator writes, like and comment on a friend's post; screenshots of the four pages.

const SEAT = 'demo-sup';

/** An 8×8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAaUlEQVR4nAXBgQAAAAgDwZGMJJJIIokkkgl9d0LCokSLEStORELGpkybMWvOxEKFiyq6mGKLK1JCjZtquplmm2vSQoOHGnqYYYcbMkKLl1p6mWWXW7JCh486+phjjztyQsGhQocJGy4kD0MvdEGxwD80AAAAAElFTkSuQmCC',
  'base64',
);

async function openMoments(page: Page, path: string, testId: string) {
  await expect(async () => {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId(testId)).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks a work account in a multiple select by its name. */
async function pickAccount(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
}

test.describe('moments', () => {
  test('posts to two accounts, answers a comment and likes a friend’s post', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const a = await setUpAccount(request, '朋友圈号甲', SEAT);
    const b = await setUpAccount(request, '朋友圈号乙', SEAT);
    const sup = await apiAs(request, SEAT);
    const text = `新品上市 ${Date.now()}`;

    await loginAs(page, SEAT);
    await openMoments(page, '/moments', 'moment-post');
    const side = page.getByTestId('side-menu');
    for (const entry of ['发朋友圈', '互动消息', '发布记录', '好友朋友圈']) {
      await expect(side.getByRole('menuitem', { name: entry })).toBeVisible();
    }

    // Write the post: two accounts, a text and a picture, visible to all friends, now.
    await pickAccount(page, 'moment-accounts', '朋友圈号甲');
    await pickAccount(page, 'moment-accounts', '朋友圈号乙');
    await page.keyboard.press('Escape');
    await page.getByTestId('moment-text').fill(text);
    await page.getByTestId('moment-kind').getByText('图片（最多 9 张）').click();
    await page
      .getByTestId('moment-media-image')
      .locator('input[type=file]')
      .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('moment-media-image').locator('img')).toBeVisible();
    await shot(page, 'moments-post-1440');
    await page.getByTestId('moment-submit').click();
    await expect(page.getByTestId('moment-posted')).toContainText('共 2 个工作号');

    // The history shows both accounts posted (live).
    await side.getByRole('menuitem', { name: '发布记录' }).click();
    const row = page
      .getByTestId('moment-history')
      .locator('tr.ant-table-row')
      .filter({ hasText: text });
    await expect(row.getByTestId('moment-post-progress')).toContainText('已发布 2', {
      timeout: 20_000,
    });
    await row.getByTestId('moment-post-details').click();
    const drawer = page.getByTestId('moment-jobs-drawer');
    await expect(drawer.getByTestId('moment-job-state')).toHaveText(['已发布', '已发布']);
    await expect(drawer).toContainText('朋友圈号甲');
    await expect(drawer).toContainText('朋友圈号乙');
    await shot(page, 'moments-history-drawer');
    await page.keyboard.press('Escape');

    // A friend comments on account A's post (the simulator writes it); it arrives live.
    const posts = await sup<MomentPostListResult>('/main-api/moments/post/list', { keyword: text });
    const job = posts.list[0]!.jobs.find((j) => j.workWxid === a.wxid)!;
    await side.getByRole('menuitem', { name: '互动消息' }).click();
    await expect(page.getByTestId('moment-interactions')).toBeVisible();
    const acted = await sup<{ commentId: string; fromWxid: string }>('/sim-api/moment/act', {
      workWxid: a.wxid,
      kind: 'comment',
      momentId: job.momentId,
      text: '请问怎么购买？',
    });
    const comment = page
      .getByTestId('moment-interactions')
      .locator('tr.ant-table-row')
      .filter({ hasText: '请问怎么购买？' });
    await expect(comment).toBeVisible({ timeout: 15_000 });
    await expect(comment.getByTestId('moment-unread-dot')).toBeVisible();
    // The unread count on the top menu's entry and the side menu's.
    await expect(
      page.getByTestId('top-menu').getByTestId('moments-unread').locator('sup'),
    ).toBeVisible();
    const unread = Number(await side.getByTestId('moments-unread').getAttribute('data-count'));
    expect(unread).toBeGreaterThan(0);
    await shot(page, 'moments-interaction-1440');

    // Reply to it from the page.
    await comment.getByTestId('moment-interaction-reply').click();
    await page.getByTestId('moment-reply-text').fill('私信您购买链接');
    await page.getByTestId('moment-reply-ok').click();
    await expect(comment.getByTestId('moment-unread-dot')).toHaveCount(0);
    // Answered comments are read on the server too: still read after a reload. (The menu's count
    // is of every account the user sees, which other specs' simulated friends keep raising.)
    await page.reload();
    await expect(comment).toBeVisible({ timeout: 15_000 });
    await expect(comment.getByTestId('moment-unread-dot')).toHaveCount(0);
    await expect
      .poll(async () => {
        const f = await sup<MomentFeedResult>('/main-api/moments/feed', {
          workWxid: a.wxid,
          own: true,
        });
        const m = f.list.find((x) => x.momentId === job.momentId);
        return m?.comments.find((c) => c.text === '私信您购买链接')?.replyToWxid;
      })
      .toBe(acted.fromWxid);

    // A friend of account B posts; the feed shows it; like it and comment on it.
    const post = await sup<{ momentId: string }>('/sim-api/moment/act', {
      workWxid: b.wxid,
      kind: 'post',
      text: '今天天气真好',
    });
    await side.getByRole('menuitem', { name: '好友朋友圈' }).click();
    await page.getByTestId('moment-feed-account').click();
    await page.keyboard.type('朋友圈号乙');
    await page.locator('.ant-select-item-option').filter({ hasText: '朋友圈号乙' }).click();
    const card = page.locator(`[data-moment-id="${post.momentId}"]`);
    await expect(card).toContainText('今天天气真好', { timeout: 15_000 });
    await card.getByTestId('moment-like').click();
    await expect(card.getByTestId('moment-like')).toHaveText(/取消/);
    await expect(card.getByTestId('moment-likes')).toContainText('朋友圈号乙');
    await card.getByTestId('moment-comment').click();
    await card.getByTestId('moment-comment-input').fill('羡慕');
    await card.getByTestId('moment-comment-send').click();
    await expect(card.getByTestId('moment-comment-row').filter({ hasText: '羡慕' })).toBeVisible();
    await shot(page, 'moments-feed-1440');

    // The simulator page makes a friend comment on account B's latest post; it arrives live.
    const sim = await openSimulator(page.context());
    const panel = sim.getByTestId('sim-moment-act');
    await panel.locator('.ant-select').first().click();
    // Typed first: the shared server's simulator holds every spec's accounts.
    await sim.keyboard.type('朋友圈号乙');
    await sim.locator('.ant-select-item-option').filter({ hasText: '朋友圈号乙' }).click();
    await panel.getByText('评论最新一条').click();
    await panel.getByPlaceholder('留空则随机生成').fill('模拟器写的评论');
    await panel
      .getByRole('button', { name: '执 行' })
      .or(panel.getByRole('button', { name: '执行' }))
      .click();
    await expect(sim.getByText('评论了工作号的朋友圈')).toBeVisible();
    await sim.close();
    await side.getByRole('menuitem', { name: '互动消息' }).click();
    await expect(
      page
        .getByTestId('moment-interactions')
        .locator('tr.ant-table-row')
        .filter({ hasText: '模拟器写的评论' }),
    ).toBeVisible({ timeout: 15_000 });
    await side.getByRole('menuitem', { name: '好友朋友圈' }).click();
    await expect(card).toBeVisible();

    // Both window sizes, light and dark.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'moments-feed-1024');
    await page.evaluate(() =>
      localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
    );
    await page.reload();
    await expect(card).toBeVisible();
    await shot(page, 'moments-feed-1024-dark');
    await openMoments(page, '/moments/history', 'moment-history');
    await shot(page, 'moments-history-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openMoments(page, '/moments/interaction', 'moment-interactions');
    await shot(page, 'moments-interaction-1440-dark');
    await openMoments(page, '/moments', 'moment-post');
    await shot(page, 'moments-post-1440-dark');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'moments-post-1024-dark');
    expect(problems).toEqual([]);
  });
});
