import { expect, loginAs, test } from '../fixtures.ts';
import { accountRow, openAccounts, openSimulator, watchConsole } from './accounts-support.ts';

// Linking a number by pairing code (issue 34 item 1): the console asks for the phone number and
// shows an 8-character code; the phone (the simulator page) types it and confirms; the account
// comes online as after a QR scan. A malformed number is refused with the server's message.
test.describe('pairing-code login', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a number is linked by the code the console shows, typed on the phone', async ({
    page,
    context,
  }) => {
    const problems = watchConsole(page);
    await loginAs(page, 'demo');
    await openAccounts(page);
    await page.getByTestId('qr-login').click();
    const modal = page.getByTestId('qr-modal');
    await expect(modal).toHaveAttribute('data-phase', 'issued');

    await page.getByTestId('login-mode').getByText('配对码登录').click();
    await expect(page.getByTestId('pair-submit')).toBeDisabled();

    // A malformed number: the server's message, and no code.
    await page.getByTestId('pair-phone').fill('12ab');
    await page.getByTestId('pair-submit').click();
    await expect(modal).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('qr-message')).toHaveText(
      '请输入带国家区号的手机号，例如 8613800138000',
    );
    await expect(page.getByTestId('pair-code')).toHaveCount(0);

    // A proper number: a code of 8 characters, shown as XXXX-XXXX.
    await page.getByTestId('pair-change-phone').click();
    await page.getByTestId('pair-phone').fill('8613800138000');
    await page.getByTestId('pair-submit').click();
    const code = page.getByTestId('pair-code');
    await expect(code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(modal).toContainText('输入上面的配对码');
    const shown = (await code.textContent())!.replace('-', '');

    // The phone sees the same code and confirms it.
    const sim = await openSimulator(context);
    const card = sim.locator('[data-testid="sim-qr"]', {
      has: sim.getByTestId('sim-pair-code').getByText(shown, { exact: true }),
    });
    await expect(card).toBeVisible();
    await card.getByTestId('sim-qr-nickname').fill('配对小李');
    await card.getByTestId('sim-qr-confirm').click();

    await expect(modal).toHaveAttribute('data-phase', 'confirmed');
    await expect(modal).toContainText('登录成功');
    await page.getByTestId('qr-close').click();
    await expect(accountRow(page, '配对小李').getByTestId('wx-status')).toHaveAttribute(
      'data-status',
      'online',
      { timeout: 20_000 },
    );
    expect(problems).toEqual([]);
  });
});
