import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures.ts';
import { accountRow, openAccounts, openSimulator, shot, watchConsole } from './accounts-support.ts';
import { address, signIn } from './inbox-support.ts';

// Issue 18 §3: the avatar and nickname libraries, and the batch edit of logged-in work accounts
// that takes from them. A company of its own, so its libraries start empty whatever other specs
// did on the shared server.

const PASSWORD = 'profile-lib-1';
const SMALL = { width: 1024, height: 768 };
const LARGE = { width: 1440, height: 900 };

type Headers = Record<string, string>;

async function post<T>(request: APIRequestContext, headers: Headers, url: string, data: unknown) {
  const res = await request.post(url, { data, headers });
  const body = (await res.json()) as { code: number; message?: string; msg?: string; data: T };
  if (body.code !== 0 && body.code !== 200) throw new Error(`${url}: ${body.message ?? body.msg}`);
  return body.data;
}

/** A new company with two ports; its manager's username and API headers. */
async function newCompany(request: APIRequestContext, stamp: string) {
  const manager = `libmgr${stamp}`;
  const admin = await signIn(request, 'admin');
  const adminHeaders = { authorization: `Bearer ${admin.headers['cst-token']}` };
  await post(request, adminHeaders, '/system-api/system/cst/user/add', {
    tenantName: `资料库企业${stamp}`,
    username: manager,
    password: PASSWORD,
    nickname: '资料库经理',
  });
  const login = await request.post('/system-api/auth/login', {
    data: { username: manager, password: PASSWORD },
    headers: address(),
  });
  const { token, user } = (
    (await login.json()) as {
      data: { token: string; user: { tenantId: string } };
    }
  ).data;
  await post(request, adminHeaders, '/system-api/system/user/port/add', {
    tenantId: user.tenantId,
    count: 2,
    days: 30,
  });
  return { manager, headers: { 'cst-token': token, 'cst-id': user.tenantId } };
}

/** A work account logged in through the simulator's QR scan; its wxid once online. */
async function loggedInAccount(request: APIRequestContext, headers: Headers, nickname: string) {
  const code = await post<{ loginId: string }>(request, headers, '/main-api/acc/qr-login-code', {});
  const { wxid } = await post<{ wxid: string }>(request, headers, '/sim-api/qr/scan', {
    loginId: code.loginId,
    confirm: true,
    nickname,
  });
  await expect
    .poll(
      async () => {
        const r = await post<{ list: { wxid: string; status: string }[] }>(
          request,
          headers,
          '/main-api/acc/all',
          { page: 1, pageSize: 50, keyword: wxid },
        );
        return r.list.find((a) => a.wxid === wxid)?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('online');
  return wxid;
}

/** A JPEG drawn by the browser's canvas (a coloured field with a white square), as a file. */
async function jpegOf(page: Page, name: string, color: string) {
  const b64 = await page.evaluate((fill) => {
    const c = document.createElement('canvas');
    c.width = 480;
    c.height = 360;
    const g = c.getContext('2d')!;
    g.fillStyle = fill;
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = '#ffffff';
    g.fillRect(180, 120, 120, 120);
    return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  }, color);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') };
}

/** Whether an <img> has loaded a picture (not a broken link). */
function loaded(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

async function theme(page: Page, dark: boolean) {
  await page.evaluate(
    (v) => localStorage.setItem('cst.settings', JSON.stringify({ themeMode: v })),
    !dark,
  );
  await page.reload();
}

/** Screenshots of the current screen at both sizes, light and dark. */
async function shoot(page: Page, name: string, ready: Locator) {
  for (const dark of [false, true]) {
    await theme(page, dark);
    for (const [size, tag] of [
      [LARGE, ''],
      [SMALL, '-1024'],
    ] as const) {
      await page.setViewportSize(size);
      await expect(ready).toBeVisible();
      await shot(page, `${name}${dark ? '-dark' : ''}${tag}`);
    }
  }
  await theme(page, false);
  await page.setViewportSize(LARGE);
}

/** Opens the batch edit for two accounts (ticked by nickname) on the work-account page. */
async function openBatch(page: Page, nicknames: string[]) {
  await openAccounts(page);
  for (const n of nicknames) await accountRow(page, n).locator('input[type="checkbox"]').check();
  await page.getByTestId('bulk-batchProfile').click();
  await expect(page.getByTestId('batch-profile-ok')).toBeVisible();
}

test.describe('avatar and nickname libraries', () => {
  test('fills both libraries and gives two logged-in accounts a nickname and an avatar each', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(150_000);
    await page.setExtraHTTPHeaders(address());
    const errors = watchConsole(page);
    const stamp = Date.now().toString(36).slice(-6);
    const company = await newCompany(request, stamp);
    const before = [`资料甲${stamp}`, `资料乙${stamp}`];
    // One after the other: two QR confirmations at once can be given the same simulated account.
    const wxids: string[] = [];
    for (const n of before) wxids.push(await loggedInAccount(request, company.headers, n));
    await loginAs(page, company.manager, PASSWORD);

    // Empty libraries: the batch edit says to add nicknames first.
    await openBatch(page, before);
    await page.getByTestId('batch-profile-ok').click();
    await expect(page.getByText('请先添加昵称')).toBeVisible();
    await shot(page, 'profile-batch-empty');
    await page.keyboard.press('Escape');

    await page.goto('/#/settings/profileLibrary');
    const nicknameList = page.getByTestId('nickname-library');
    await expect(nicknameList).toContainText('昵称库还是空的');
    await shot(page, 'profile-nicknames-empty');
    const names = [`星河${stamp}一`, `星河${stamp}二`, `星河${stamp}三`];
    await page.getByTestId('nickname-add').first().click();
    await page.getByTestId('nickname-add-input').fill(`${names.join('\n')}\n${names[0]}\n`);
    await page.getByTestId('nickname-add-ok').click();
    await expect(page.getByText('已添加 3 个')).toBeVisible();
    const nicknameRows = nicknameList.locator('tbody tr.ant-table-row');
    await expect(nicknameRows).toHaveCount(3);
    for (const n of names) await expect(nicknameList).toContainText(n);
    await shoot(page, 'profile-nicknames', nicknameRows.first());

    // Avatars: a JPEG goes through the crop dialog (default 300 px, then one at 240 px).
    await page.getByRole('tab', { name: '头像库' }).click();
    await expect(page).toHaveURL(/tab=avatars/);
    const cells = page.getByTestId('avatar-cell');
    await expect(page.getByTestId('avatar-library')).toContainText('头像库还是空的');
    await shot(page, 'profile-avatars-empty');
    // Two picked at once are cropped one after the other.
    await page
      .getByTestId('avatar-upload-input')
      .setInputFiles([
        await jpegOf(page, 'a.jpg', '#1677ff'),
        await jpegOf(page, 'b.jpeg', '#07c160'),
      ]);
    await expect(page.getByText('裁剪头像（1/2）')).toBeVisible();
    await expect(page.getByTestId('avatar-crop-view').locator('img')).toBeVisible();
    await expect(page.getByTestId('avatar-crop-size')).toHaveValue('300');
    await shot(page, 'profile-avatar-crop');
    await page.getByTestId('avatar-crop-ok').click();
    await expect(cells).toHaveCount(1);
    await expect(cells.first()).toContainText('300px');
    await expect(page.getByText('裁剪头像（2/2）')).toBeVisible();
    await expect(page.getByTestId('avatar-crop-view').locator('img')).toBeVisible();
    await page.getByTestId('avatar-crop-zoom').fill('2');
    await page.getByTestId('avatar-crop-size').fill('240');
    await page.getByTestId('avatar-crop-ok').click();
    await expect(cells).toHaveCount(2);
    await expect(page.getByTestId('avatar-library')).toContainText('240px');
    for (const img of await cells.locator('img').all())
      await expect.poll(() => loaded(img)).toBe(true);
    const libraryKeys = await cells
      .locator('img')
      .evaluateAll((els) => els.map((e) => new URL((e as HTMLImageElement).src).pathname));
    await shoot(page, 'profile-avatars', cells.first());

    // The batch edit: nicknames in order, avatars at random (all different while they last).
    await openBatch(page, before);
    await expect(page.getByText('昵称库 3 个 · 头像库 2 个')).toBeVisible();
    await page.getByTestId('batch-profile-avatar').getByText('随机').click();
    await shot(page, 'profile-batch');
    await page.getByTestId('batch-profile-ok').click();
    await expect(page.getByText('成功 2 个，失败 0 个')).toBeVisible();

    const given = names.slice(0, 2);
    for (const n of given) await expect(accountRow(page, n)).toBeVisible();
    for (const n of before) await expect(accountRow(page, n)).toHaveCount(0);
    const avatarPaths: string[] = [];
    for (const n of given) {
      const img = accountRow(page, n).locator('.ant-avatar img');
      await expect.poll(() => loaded(img)).toBe(true);
      avatarPaths.push(await img.evaluate((e: HTMLImageElement) => new URL(e.src).pathname));
    }
    expect(avatarPaths.sort()).toEqual([...libraryKeys].sort());
    await shot(page, 'profile-accounts-after');

    // The platform (the simulator's page) shows the same nicknames and pictures.
    const sim = await openSimulator(context);
    for (const wxid of wxids) {
      const row = sim.locator(`[data-testid="sim-accounts"] tr[data-wxid="${wxid}"]`);
      await expect(row).toContainText(new RegExp(`${given[0]}|${given[1]}`));
      const img = row.locator('.ant-avatar img');
      await expect.poll(() => loaded(img)).toBe(true);
      expect(libraryKeys).toContain(
        await img.evaluate((e: HTMLImageElement) => new URL(e.src).pathname),
      );
    }
    await shot(sim, 'profile-simulator-after');
    expect(errors).toEqual([]);
  });
});
