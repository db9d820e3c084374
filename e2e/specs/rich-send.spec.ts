import { expect, test } from '../fixtures.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

/** An 8×8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAaUlEQVR4nAXBgQAAAAgDwZGMJJJIIokkkgl9d0LCokSLEStORELGpkybMWvOxEKFiyq6mGKLK1JCjZtquplmm2vSQoOHGnqYYYcbMkKLl1p6mWWXW7JCh486+phjjztyQsGhQocJGy4kD0MvdEGxwD80AAAAAElFTkSuQmCC',
  'base64',
);

test.describe('sending pictures, files and stickers', () => {
  test('an image and a file go out through the direct upload and open', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '发送媒体号', 'demo-seat1');
    await contactWrites(api, wxid, 'wxid_e2e_media', '请发图片');
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, 'wxid_e2e_media').click();
    await expect(page.getByTestId('msg-row').filter({ hasText: '请发图片' })).toBeVisible();

    await page
      .getByTestId('composer-image-input')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    // Nothing leaves before the preview's Send; its caption follows the picture as a text.
    const preview = page.getByTestId('send-preview-body');
    await expect(preview.getByTestId('send-preview-picture')).toContainText('dot.png');
    await page.getByTestId('send-preview-caption').fill('图片说明');
    await page.getByTestId('send-preview-send').click();
    const image = page.locator(
      '[data-testid="msg-row"][data-side="right"] [data-testid="bubble-image"]',
    );
    await expect(image).toBeVisible({ timeout: 15_000 });
    // The whole picture (8×8), not the server's 100×100 centre-cropped thumbnail.
    await expect(image.locator('img')).toHaveJSProperty('naturalWidth', 8);
    await expect(page.locator('[data-testid="msg-row"][data-side="right"]').last()).toContainText(
      '图片说明',
    );
    await image.locator('img').click();
    await expect(page.locator('.ant-image-preview-img')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId('composer-document-input').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('你好，这是说明文件'),
    });
    await expect(page.getByTestId('send-preview-file')).toContainText('说明.txt');
    await page.getByTestId('send-preview-send').click();
    const doc = page.locator(
      '[data-testid="msg-row"][data-side="right"] [data-testid="bubble-file"]',
    );
    await expect(doc).toContainText('说明.txt', { timeout: 15_000 });
    const href = await doc.getByRole('link').getAttribute('href');
    // No token in the address: the HttpOnly file cookie goes with it.
    expect(href).not.toContain('token');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('你好，这是说明文件');

    // A system sticker from the panel.
    await page.getByTestId('composer-emoticon').click();
    // The panel shows whole rows: the 16th sticker (first of the fourth row) is not cut.
    const grid = page.getByTestId('emoticon-grid');
    const cells = grid.getByTestId('emoticon-cell');
    await expect(cells.nth(15)).toBeVisible();
    // Measured in the grid's own layout (offsets, not screen boxes: the popover's opening motion
    // moves and scales what is on screen).
    const fourthRow = await grid.evaluate((el: HTMLElement) => {
      const cell = el.querySelectorAll<HTMLElement>('[data-testid="emoticon-cell"]')[15]!;
      return { bottom: cell.offsetTop - el.offsetTop + cell.offsetHeight, shown: el.clientHeight };
    });
    expect(fourthRow.bottom).toBeLessThanOrEqual(fourthRow.shown);
    await cells.first().click();
    const sticker = page.locator(
      '[data-testid="msg-row"][data-side="right"] [data-testid="bubble-emoticon"]',
    );
    await expect(sticker).toBeVisible({ timeout: 15_000 });
    // A sticker stands without a bubble.
    await expect(
      page.locator('[data-testid="msg-row"][data-side="right"] .msg-bubble', {
        has: page.getByTestId('bubble-emoticon'),
      }),
    ).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    // A link card and a mini-program from their forms.
    await page.getByTestId('composer-link').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('链接地址').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(dialog).toContainText('标题不能为空');
    await expect(dialog).toContainText('链接地址必须以 http:// 或 https:// 开头');
    await dialog.getByLabel('标题').fill('新品介绍');
    await dialog.getByLabel('链接地址').fill('https://example.com/new');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(
      page.locator('[data-testid="msg-row"][data-side="right"] [data-testid="bubble-link"]'),
    ).toContainText('新品介绍', { timeout: 15_000 });
    await page.getByTestId('composer-miniApp').click();
    const mini = page.getByRole('dialog');
    await mini.getByLabel('标题').fill('商城首页');
    await mini.getByLabel('AppID').fill('wx0001');
    await mini.getByLabel('页面路径').fill('pages/index');
    await mini.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(
      page.locator(
        '[data-testid="msg-row"][data-side="right"] [data-testid="bubble-mini-program"]',
      ),
    ).toContainText('商城首页', { timeout: 15_000 });

    // No translation provider in the e2e server: the assistant is hidden.
    await expect(page.getByTestId('translate-tool')).toHaveCount(0);
    await expect(page.getByTestId('translate-message')).toHaveCount(0);
    await shot(page, 'rich-send');
  });
});
