import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures.ts';
import { address, apiAs, openInbox, setUpAccount, shot, signIn } from './inbox-support.ts';

const rows = (page: Page) => page.getByTestId('sensitive-words').locator('tbody tr.ant-table-row');
const words = Array.from({ length: 25 }, (_, i) => `kit词${String(i + 1).padStart(2, '0')}`);

test.describe('list-page kit', () => {
  test('filter and page live in the URL: a reload and the back button keep them', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const api = await apiAs(request, 'demo');
    await api('/main-api/sensitive/add', { words: [...words, '别的词'] });
    await openInbox(page, 'demo');
    await page.goto('/#/settings/sensitiveWords');
    await expect(rows(page)).toHaveCount(20);

    await page.getByRole('listitem', { name: '2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(6);
    await page.reload();
    await expect(rows(page)).toHaveCount(6);
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

    const box = page.getByPlaceholder('搜索敏感词');
    await box.fill('kit词1');
    await box.press('Enter');
    await expect(page).toHaveURL(/keyword=kit/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(10);
    await page.reload();
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByPlaceholder('搜索敏感词')).toHaveValue('kit词1');
    await shot(page, 'list-kit-filtered');

    // Back: the unfiltered page 2, the box empty again; back again: page 1; forward: page 2.
    await page.goBack();
    await expect(rows(page)).toHaveCount(6);
    await expect(page.getByPlaceholder('搜索敏感词')).toHaveValue('');
    await page.goBack();
    await expect(rows(page)).toHaveCount(20);
    await page.goForward();
    await expect(rows(page)).toHaveCount(6);

    // A filter that hides everything says so and offers to clear it.
    await page.getByPlaceholder('搜索敏感词').fill('没有这个词');
    await page.getByPlaceholder('搜索敏感词').press('Enter');
    await expect(page.getByText('没有符合筛选条件的数据')).toBeVisible();
    await page.getByTestId('list-reset-filters').click();
    await expect(rows(page)).toHaveCount(20);
  });

  // The console's language decides an export's headers and name, not the browser's: the SPA is
  // in 中文 (its default) on an English browser here.
  test.describe('on an English browser', () => {
    test.use({ locale: 'en-US' });
    test('the export downloads the current filter as an xlsx file', async ({ page, request }) => {
      await page.setExtraHTTPHeaders(address());
      const api = await apiAs(request, 'demo');
      await api('/main-api/sensitive/add', { words: ['导出甲', '导出乙', '不导出'] });
      await openInbox(page, 'demo');
      await page.goto('/#/settings/sensitiveWords?keyword=导出');
      await expect(rows(page)).toHaveCount(3); // '不导出' holds 导出 too
      await page.goto('/#/settings/sensitiveWords?keyword=导出%E7%94%B2');
      await expect(rows(page)).toHaveCount(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('sensitive-export').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^敏感词-\d{8}-\d{4}\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await streamToBuffer(await download.createReadStream())) as never);
      const values: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      expect(values[0]).toEqual(['敏感词', '添加时间']);
      expect(values.slice(1).map((r) => r[0])).toEqual(['导出甲']);
    });
  });

  test('the account table scrolls sideways at 1024×768 with every column reachable', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders(address());
    await setUpAccount(request, '一个名字相当长的工作号用来测试换行', 'demo-seat1');
    await page.setViewportSize({ width: 1024, height: 768 });
    await openInbox(page, 'demo');
    await page.goto('/#/settings/wxaccount');
    const table = page.getByTestId('account-table');
    // Other specs of the worker may have added accounts: look at this one's row.
    const row = table.locator('tr.ant-table-row', {
      hasText: '一个名字相当长的工作号用来测试换行',
    });
    await expect(row.getByTestId('wx-contacts')).toBeVisible();
    const body = table.locator('.ant-table-body, .ant-table-content').first();
    const { scrollWidth, clientWidth } = await body.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // A scrollbar the page draws itself is in view (the system's may be hidden).
    const bar = page.getByTestId('list-hscroll');
    await expect(bar).toBeInViewport();
    await shot(page, 'list-kit-accounts-1024');
    const lastColumn = table.getByRole('columnheader', { name: '分组 / 号池 / 代理' });
    const fixedLeft = async () =>
      (await table.getByRole('columnheader', { name: '操作' }).boundingBox())!.x;
    expect((await lastColumn.boundingBox())!.x).toBeGreaterThan(await fixedLeft());
    // Dragging the thumb to the end brings the last columns out from under the actions column.
    const thumb = bar.locator('.list-hscroll-thumb');
    const box = (await thumb.boundingBox())!;
    const track = (await bar.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width + 50, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => body.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const header = (await lastColumn.boundingBox())!;
    expect(header.x + header.width).toBeLessThanOrEqual((await fixedLeft()) + 1);
    // The contacts cell is whole, not cut by the actions column.
    const contacts = (await row.getByTestId('wx-contacts').boundingBox())!;
    expect(contacts.x + contacts.width).toBeLessThanOrEqual(await fixedLeft());
    await shot(page, 'list-kit-accounts-1024-scrolled');
    // At 1440 every field is in view without scrolling: proxy and first login included.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect
      .poll(() => body.evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    await expect(row.getByTestId('wx-proxy')).toBeVisible();
    await expect(row.getByTestId('wx-first-login')).toBeVisible();
    await shot(page, 'list-kit-accounts-1440');
  });
});

test.describe('seats page of a new company', () => {
  test('adds a seat without a position; the dialog fits at 900 and 768 px', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const { headers } = await signIn(request, 'admin');
    const add = await request.post('/system-api/system/cst/user/add', {
      data: {
        tenantName: '新公司',
        username: 'newco',
        password: 'newco-pass-1',
        nickname: '新老板',
      },
      headers: { authorization: `Bearer ${headers['cst-token']}` },
    });
    expect(((await add.json()) as { code: number }).code).toBe(200);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'newco', 'newco-pass-1');
    await page.goto('/#/settings/childAccountManage');
    // A company without positions adds seats all the same: the position is optional.
    await expect(page.getByTestId('seats')).toBeVisible();
    await page.getByTestId('add-seat').click();
    // At 900 px the dialog's buttons stay in view; its body scrolls instead.
    await expect(page.getByTestId('seat-form-ok')).toBeInViewport();
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByTestId('seat-form-ok')).toBeInViewport();
    await shot(page, 'list-kit-seat-dialog-768');
    await page.getByTestId('seat-username').fill('newco-seat');
    await page.getByTestId('seat-password').fill('newco-seat-1');
    await page.getByTestId('seat-nickname').fill('无职位坐席');
    // The seat tree loaded (a refetch re-renders its options under the pointer), then picked.
    await expect(page.getByTestId('seat-superior').locator('.anticon-loading')).toHaveCount(0);
    // Picked by keyboard: the dropdown may open above the field and move below once its list is
    // measured (at 768 px the field sits low in the dialog), so a quick pointer can miss it.
    await page.getByTestId('seat-superior').click();
    await page.keyboard.type('newco');
    await expect(
      page.locator('.ant-select-tree-treenode-active', { hasText: '新老板 (newco)' }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('seat-superior')).toContainText('新老板');
    await page.getByTestId('seat-form-ok').click();
    await expect(page.getByRole('row', { name: /newco-seat/ })).toContainText('无职位坐席');
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
