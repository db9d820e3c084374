import { expect, passwordOf, test } from '../fixtures.ts';
import {
  address,
  contactWrites,
  convRow,
  openInbox,
  setUpAccount,
  signIn,
} from './inbox-support.ts';
import { shot } from './accounts-support.ts';

test.describe('uploads in 1 MB slices', () => {
  test('a file resumes after the connection drops mid-upload and arrives whole', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '分片上传号', 'demo-seat1');
    await contactWrites(api, wxid, 'wxid_e2e_slices', '请发文件');
    await openInbox(page, 'demo-seat1');
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, 'wxid_e2e_slices').click();
    await expect(page.getByTestId('msg-row').filter({ hasText: '请发文件' })).toBeVisible();

    // The connection drops while the second slice travels (once); every slice is counted.
    const sent: string[] = [];
    let dropped = false;
    await page.route('**/main-api/oss/slices/put', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      const index = /name="index"\r\n\r\n(\d+)/.exec(body)?.[1] ?? '?';
      sent.push(index);
      if (index === '1' && !dropped) {
        dropped = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    const text = `${'分片上传的一行文字 sliced upload line\n'.repeat(70_000)}`;
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    await page
      .getByTestId('composer-document-input')
      .setInputFiles({ name: '大文件.txt', mimeType: 'text/plain', buffer: bytes });
    await page.getByTestId('send-preview-send').click();

    // The file shows at once with its progress bar; the drop is told, and the upload goes on.
    await expect(page.getByTestId('msg-upload-progress')).toBeVisible();
    await expect(page.locator('.ant-message').getByText('2秒后重新上传')).toBeVisible();
    const doc = page.locator(
      '[data-testid="msg-row"][data-side="right"] [data-testid="bubble-file"]',
    );
    await expect(doc.filter({ hasText: '大文件.txt' })).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByTestId('msg-upload-progress')).toHaveCount(0);
    // Slice 0 was not sent again after the drop: only what had not arrived.
    const count = Math.ceil(bytes.length / (1024 * 1024));
    const rest = Array.from({ length: count - 2 }, (_, i) => String(i + 2));
    expect(sent).toEqual(['0', '1', '1', ...rest]);
    const href = await doc.filter({ hasText: '大文件.txt' }).getByRole('link').getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect((await res.body()).equals(bytes)).toBe(true);
  });

  test('a new file is refused at once, in the seat’s words, while 200 MB are unfinished', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    // A seat of its own: the specs share a server, and the cap is counted per person.
    const seat = `capseat${Date.now().toString(36)}`;
    const demo = await signIn(request, 'demo');
    const added = await request.post('/system-api/system/cst/user/add', {
      data: { username: seat, password: passwordOf(seat), nickname: '上限坐席', role: 'office' },
      headers: demo.headers,
    });
    expect(((await added.json()) as { code: number }).code).toBe(200);
    const { api, wxid } = await setUpAccount(request, '上传上限号', seat);
    await contactWrites(api, wxid, 'wxid_e2e_slice_cap', '再发一个文件');
    // Eight files of 25 MB started elsewhere by the same seat (one slice each): 200 MB open.
    const { headers } = await signIn(request, seat);
    const tokenRes = await request.get('/main-api/oss/token', { headers });
    const { dir } = JSON.parse(
      ((await tokenRes.json()) as { data: { token: string } }).data.token,
    ) as {
      dir: string;
    };
    for (let i = 0; i < 8; i++) {
      const res = await request.post('/main-api/oss/slices/put', {
        headers,
        multipart: {
          key: `${dir}elsewhere/${i}.txt`,
          size: String(25 * 1024 * 1024),
          index: '0',
          file: {
            name: `${i}.txt`,
            mimeType: 'text/plain',
            buffer: Buffer.alloc(1024 * 1024, 'a'),
          },
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await openInbox(page, seat);
    await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
    await convRow(page, wxid, 'wxid_e2e_slice_cap').click();
    await expect(page.getByTestId('msg-row').filter({ hasText: '再发一个文件' })).toBeVisible();

    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/main-api/oss/slices/put')) puts.push(r.url());
    });
    const bytes = Buffer.alloc(2 * 1024 * 1024 + 10, 'x');
    await page
      .getByTestId('composer-document-input')
      .setInputFiles({ name: '第九个.txt', mimeType: 'text/plain', buffer: bytes });
    await page.getByTestId('send-preview-send').click();
    // The server's reason, shown once; no "2秒后重新上传", no bubble left behind.
    await expect(page.locator('.ant-message').getByText(/未完成的上传过多/)).toBeVisible();
    await shot(page, 'upload-cap-refused');
    await expect(page.locator('.ant-message').getByText('2秒后重新上传')).toHaveCount(0);
    await expect(
      page.locator('[data-testid="msg-row"][data-side="right"] [data-testid="bubble-file"]'),
    ).toHaveCount(0);
    expect(puts).toHaveLength(1);
  });
});
