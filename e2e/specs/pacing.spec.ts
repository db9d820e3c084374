import { expect, loginAs, test } from '../fixtures.ts';
import { address, watchConsole } from './inbox-support.ts';

// Issue 34, human pacing per platform: the mass-send settings page warns past the ceilings the
// platform declares (the simulator's: at most 1,000 friends a day per account), and says the limit.

test.describe('mass-send settings: the platform’s human pacing', () => {
  test('warns past a ceiling and says the limit, quiet again within it', async ({ page }) => {
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    await loginAs(page, 'demo-sup');
    await page.goto('/#/grouphelper/set');
    const cap = page.getByTestId('bulk-settings-dailyCapPerAccount');
    // The saved defaults are within the platform's pacing: no warning.
    await expect(cap).toHaveValue(/\d+/);
    await expect(page.getByTestId('bulk-settings-beyond')).toHaveCount(0);

    await cap.fill('5000');
    await expect(page.getByTestId('bulk-settings-beyond')).toContainText(
      '超出了平台建议的安全节奏',
    );
    await expect(page.getByTestId('bulk-settings-beyond-dailyCapPerAccount')).toHaveText(
      '平台建议不超过 1000',
    );
    const interval = page.getByTestId('bulk-settings-fanIntervalSec');
    await interval.fill('0');
    await expect(page.getByTestId('bulk-settings-beyond-fanIntervalSec')).toHaveText(
      '平台建议不少于 5',
    );

    await cap.fill('100');
    await interval.fill('30');
    await expect(page.getByTestId('bulk-settings-beyond')).toHaveCount(0);
    await expect(page.getByTestId('bulk-settings-beyond-dailyCapPerAccount')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
