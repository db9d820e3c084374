import type { Page } from '@playwright/test';
import { E2E_CAPTCHA } from '../server.ts';
import {
  expect,
  goFresh,
  identityOf,
  loginAs,
  logout,
  passwordOf,
  shot,
  test,
  verificationCode,
} from './shell-support.ts';

/**
 * Submits the login form that shows a captcha and waits for the answer and for the new captcha
 * the page then loads (a captcha is used once); returns the answer's status.
 */
async function submitWithCaptcha(page: Page): Promise<number> {
  const img = page.getByTestId('login-captcha-img');
  const before = (await img.getAttribute('src')) ?? '';
  const answer = page.waitForResponse((r) => r.url().includes('/system-api/auth/login'));
  await page.getByTestId('login-submit').click();
  const status = (await answer).status();
  await expect(img).not.toHaveAttribute('src', before);
  return status;
}

test.describe('sign-in pages', () => {
  test('the login page shows the notice and the required-field messages', async ({ page }) => {
    await goFresh(page, '/#/auth/login');
    await expect(page).toHaveTitle('私域流量管理系统 - 登录');
    await expect(page.getByTestId('compliance-notice')).toContainText(
      '本系统仅用于推广及客服行为，严禁用于电信诈骗、网络赌博、非法传销等违法行为',
    );
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('账号不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeVisible();
    await shot(page, 'login-required');
  });

  test('a wrong password shows the server message, a captcha after three, a wait after five', async ({
    page,
  }) => {
    // An account of its own: failures count per username (captcha: 15 minutes; back-off: until
    // a good sign-in).
    await goFresh(page, '/#/auth/login');
    await page.getByTestId('login-username').fill('nobody-here');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('账号或密码错误');
    await expect(page.getByTestId('login-captcha-img')).toHaveCount(0);
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-submit')).toBeEnabled();
    }
    await expect(page.getByTestId('login-captcha-img')).toBeVisible();
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入验证码')).toBeVisible();
    await shot(page, 'login-captcha');
    // The picture holds no text to read out: the answer is drawn as outlines.
    const src = (await page.getByTestId('login-captcha-img').getAttribute('src')) ?? '';
    const svg = Buffer.from(src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<text');
    // Two more wrong passwords past the captcha (the test server's captchas all read E2E_CAPTCHA).
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('login-captcha').fill(E2E_CAPTCHA.toLowerCase());
      expect(await submitWithCaptcha(page)).toBe(400);
      await expect(page.getByTestId('login-error')).toHaveText('账号或密码错误');
    }
    // The fifth failure: the account now waits, whatever the address, and the page says how long.
    await page.getByTestId('login-captcha').fill(E2E_CAPTCHA);
    await page.getByTestId('login-submit').click();
    // 30 s from the fifth failure, counted down by the time the answer comes.
    await expect(page.getByTestId('login-error')).toHaveText(
      /^该账号登录失败次数过多，请 (30|[12]\d) 秒后再试$/,
    );
    await shot(page, 'login-backoff');
  });

  test('the login page reads well in the dark, with the captcha and the wait', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'cst.settings',
        JSON.stringify({ themeMode: false, themeBagImg: 'bag001', themeColor: '#1677ff' }),
      ),
    );
    await goFresh(page, '/#/auth/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('login-username').fill('nobody-dark');
    await page.getByTestId('login-password').fill('not-the-password');
    for (let i = 0; i < 3; i++) {
      const answer = page.waitForResponse((r) => r.url().includes('/system-api/auth/login'));
      await page.getByTestId('login-submit').click();
      expect((await answer).status()).toBe(400);
    }
    await expect(page.getByTestId('login-captcha-img')).toBeVisible();
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('login-captcha').fill(E2E_CAPTCHA);
      expect(await submitWithCaptcha(page)).toBe(400);
    }
    await page.getByTestId('login-captcha').fill(E2E_CAPTCHA);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText(/\d+ 秒后再试/);
    await shot(page, 'login-backoff-dark');
  });

  test('the guard: login redirects, the return path and the 404 page', async ({ page }) => {
    await page.goto('/#/auth');
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await page.goto('/#/settings/roleManage');
    await expect(page).toHaveURL(/#\/auth\/login\?redirect=%2Fsettings%2FroleManage$/);
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill(passwordOf('demo'));
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/settings\/roleManage$/);
    await expect(page).toHaveTitle('私域流量管理系统 - 角色管理');
    // Signed in, the login pages send the user to /.
    await goFresh(page, '/#/auth/login');
    await expect(page).toHaveURL(/#\/(message)?$/);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    // A path of no page, inside a section that exists, is a 404 for a signed-in user too.
    await page.goto('/#/statistics/no-such-report');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('an unknown path shows the 404 page without login', async ({ page }) => {
    await page.goto('/#/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveTitle('私域流量管理系统 - 页面不存在');
    await expect(page).toHaveURL(/#\/no\/such\/page$/);
    await shot(page, 'not-found');
  });

  test('logout clears the session; the login-only pages then ask for login', async ({ page }) => {
    await loginAs(page, 'demo-seat2');
    await logout(page);
    // Logging out reloads the page: a read during the reload is tried again.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cst.token')).catch(() => 'reloading'))
      .toBeNull();
    await page.goto('/#/myAccount');
    await expect(page).toHaveURL(/#\/auth\/login\?redirect=%2FmyAccount$/);
  });

  test('register a company, recover its password, log in with the new one', async ({
    page,
    server,
  }) => {
    test.setTimeout(150_000);
    const target = `owner${Date.now()}@example.com`;
    await goFresh(page, '/#/auth/login');
    await page.getByRole('link', { name: '注册账号' }).click();
    await expect(page).toHaveTitle('私域流量管理系统 - 注册');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('账号不能为空')).toBeVisible();
    await expect(page.getByText('企业名称不能为空')).toBeVisible();
    await expect(page.getByText('验证码不能为空')).toBeVisible();
    await page.getByTestId('register-username').fill('acme-owner');
    await page.getByTestId('register-password').fill('acme-pass-1');
    await page.getByTestId('register-confirm').fill('acme-pass-2');
    await page.getByTestId('register-nickname').fill('王老板');
    await page.getByTestId('register-tenant').fill('阿克米贸易');
    await page.getByTestId('register-target').fill(target);
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    await page.getByTestId('register-confirm').fill('acme-pass-1');
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('send-code')).toContainText(/\d+ 秒后重发/);
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await page.getByTestId('register-code').fill(await verificationCode(server, target));
    await shot(page, 'register');
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await expect(page.getByTestId('login-username')).toHaveValue('acme-owner');

    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.getByTestId('forget-target').fill(target);
    // One code a minute per target: the server refuses and names the wait, and the button
    // counts it down, off until then.
    await page.getByTestId('send-code').click();
    await expect(page.getByText(/^验证码发送过于频繁，请 \d+ 秒后再试$/)).toBeVisible();
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await expect(page.getByTestId('send-code')).toContainText('秒后重发');
    // The minute passes on the server's clock, not in real time; the countdown is the page's
    // own, so a new visit of the page asks again.
    await server.advanceClock(61_000);
    await page.reload();
    await page.getByTestId('forget-target').fill(target);
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('send-code')).toBeDisabled();
    // The second code sent to the target (the first was the registration's): waited for, as the
    // click only asks for it.
    await page.getByTestId('forget-code').fill(await verificationCode(server, target, 2));
    await page.getByTestId('forget-password').fill('acme-pass-new');
    await page.getByTestId('forget-confirm').fill('acme-pass-new');
    await shot(page, 'forget');
    await page.getByTestId('forget-submit').click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await loginAs(page, 'acme-owner', 'acme-pass-new');
    expect(await identityOf(page)).toBe('阿克米贸易 · 管理员');
  });

  test('a two-step password is asked for at login once it is set', async ({ page }) => {
    await loginAs(page, 'demo-seat2');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-my-seat').click();
    await expect(page).toHaveTitle('私域流量管理系统 - 个人中心');
    await expect(page.getByTestId('login-records')).toContainText('203.0.113.');
    await page.getByTestId('set-two-step').click();
    await page.getByTestId('two-step-login-password').fill(passwordOf('demo-seat2'));
    await page.getByTestId('two-step-password').fill('second-123');
    await page.getByTestId('two-step-confirm').fill('second-123');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByTestId('two-step-state')).toHaveText('已设置');
    await shot(page, 'my-account');
    await logout(page);
    await page.getByTestId('login-username').fill('demo-seat2');
    await page.getByTestId('login-password').fill(passwordOf('demo-seat2'));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-two-step')).toBeVisible();
    await expect(page.getByTestId('login-error')).toContainText('请输入二级密码');
    await page.getByTestId('login-two-step').fill('second-123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('app-shell')).toBeVisible();
  });
});
