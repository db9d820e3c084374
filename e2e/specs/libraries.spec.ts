import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';
import { mp4Of, solidPng } from './libraries-support.ts';

const FRIEND = 'wxid_e2e_library';
const stamp = () => Date.now().toString(36).slice(-5);
const rightBubbles = (page: Page) => page.locator('[data-testid="msg-row"][data-side="right"]');

test.describe('material and phrase libraries', () => {
  test('uploads pictures and a video, then sends material from the composer with the keyboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '素材发送号', 'demo-sup');
    await contactWrites(api, wxid, FRIEND, '有产品图吗');
    await openInbox(page, 'demo-sup');

    await page.goto('/#/settings/material');
    const folder = `产品图${stamp()}`;
    await page.getByTestId('material-folders-add').click();
    await page.getByTestId('material-folder-name').fill(folder);
    await page.getByTestId('material-folder-name-ok').click();
    await expect(page.getByTestId('material-folders')).toContainText(folder);
    // The new folder is selected once the upload buttons are enabled (the hidden inputs below
    // take files whether or not a folder is chosen; the server then refuses 请先选择文件夹).
    await expect(page.getByTestId('material-upload-images')).toBeEnabled();

    await page.getByTestId('material-upload-images-input').setInputFiles([
      { name: '红.png', mimeType: 'image/png', buffer: solidPng(240, 240, [220, 40, 40]) },
      { name: '蓝.png', mimeType: 'image/png', buffer: solidPng(320, 200, [40, 80, 220]) },
    ]);
    // The rows are what stays (the toast that says so lasts 3 s, less than a poll under load).
    const rows = page.locator('[data-testid="material-page"] tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2, { timeout: 20_000 });
    await page.getByTestId('material-upload-video-input').setInputFiles({
      name: '演示.mp4',
      mimeType: 'video/mp4',
      buffer: mp4Of(12_000),
    });
    await expect(rows).toHaveCount(3, { timeout: 20_000 });
    await expect(rows.first()).toContainText('演示.mp4');

    // A saved item can be edited: the video gets a title of its own.
    await rows
      .first()
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    await expect(page.getByTestId('material-edit-title')).toHaveValue('演示.mp4');
    await page.getByTestId('material-edit-title').fill('产品演示视频');
    await page.getByTestId('material-edit-ok').click();
    await expect(rows.first()).toContainText('产品演示视频');

    // The server refuses what SPEC §5 forbids, and says why.
    await page.getByTestId('material-upload-images-input').setInputFiles({
      name: '小.png',
      mimeType: 'image/png',
      buffer: solidPng(199, 200, [0, 0, 0]),
    });
    await expect(page.getByText('图片尺寸不能小于 200×200')).toBeVisible();
    await page.getByTestId('material-upload-video-input').setInputFiles({
      name: '长.mp4',
      mimeType: 'video/mp4',
      buffer: mp4Of(30_100),
    });
    await expect(page.getByText('视频时长不能超过 30 秒')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await shot(page, 'material-page');

    // In the chat: open the panel, search, arrow down to the second match, Enter sends it.
    await page.goto('/#/');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, FRIEND).click();
    await page.getByTestId('composer-material').click();
    const search = page.getByTestId('material-panel-search');
    await expect(search).toBeFocused();
    await search.fill('.png');
    await expect(page.getByTestId('material-row')).toHaveCount(2);
    await expect(page.getByTestId('material-preview')).toBeVisible();
    await shot(page, 'material-panel');
    await search.press('ArrowDown');
    await expect(page.getByTestId('material-row').nth(1)).toHaveAttribute('aria-selected', 'true');
    await search.press('Enter');
    const image = rightBubbles(page).locator('[data-testid="bubble-image"]');
    await expect(image).toBeVisible({ timeout: 15_000 });
    // The whole picture (240 or 320 px wide), not the 100×100 centre-cropped thumbnail.
    await expect
      .poll(() => image.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(100);
  });

  test('keeps phrases and inserts one with / and the arrow keys', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '话术发送号', 'demo-sup');
    await contactWrites(api, wxid, FRIEND, '请问怎么退货');
    await openInbox(page, 'demo-sup');

    const tag = stamp();
    await page.goto('/#/settings/phrases');
    await page.getByTestId('phrase-groups-add').click();
    await page.getByTestId('phrase-group-name').fill(`售后${tag}`);
    await page.getByTestId('phrase-group-name-ok').click();
    await expect(page.getByTestId('phrase-groups')).toContainText(`售后${tag}`);
    for (const text of [`退货${tag}请在七天内申请`, `退货${tag}运费由我们承担`]) {
      await page.getByTestId('phrase-add').click();
      await page.getByTestId('phrase-form-content').fill(text);
      await page.getByTestId('phrase-form-ok').click();
      await expect(page.locator('[data-testid="phrases-page"] tbody')).toContainText(text);
    }
    await shot(page, 'phrases-page');

    await page.goto('/#/');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, FRIEND).click();
    const input = page.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially(`您好 /退货${tag}`);
    const quick = page.getByTestId('quick-phrase');
    await expect(quick).toHaveCount(2);
    await shot(page, 'quick-phrases');
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(page.getByTestId('quick-phrases')).toHaveCount(0);
    const chosen = await input.inputValue();
    expect(chosen).toMatch(new RegExp(`^您好 退货${tag}`));
    await input.press('Enter');
    await expect(rightBubbles(page).filter({ hasText: chosen })).toBeVisible({ timeout: 15_000 });

    // The phrase used moves to the top of the list.
    await page.goto('/#/settings/phrases');
    const first = page.locator('[data-testid="phrases-page"] tbody tr.ant-table-row').first();
    await expect(first).toContainText(chosen.replace('您好 ', ''));
    await expect(first).toContainText('1');
  });
});
