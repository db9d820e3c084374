import { expect, loginAs, test } from '../fixtures.ts';
import { apiAs, openInbox, shot, watchConsole } from './inbox-support.ts';

// Issue 36: the platform admin's backups page and the manager's retention page, as they see
// them. Retention is the demo tenant's: it goes back to 全部保留 at the end.
test.describe('backups and retention', () => {
  test('the admin starts a backup from the console and sees it recorded', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await loginAs(page, 'admin');
    await page.goto('/#/system/backups');
    const card = page.getByTestId('backups');
    await expect(card).toContainText('每 24 小时自动备份一次');
    // The list shows the newest 20, newest first. A scheduled backup (定时) of this server may be
    // recorded at any moment too, so the console's own row is the one looked for.
    const started = card.locator('tbody tr.ant-table-row', { hasText: '控制台' });
    const before = await started.count();
    await page.getByTestId('backup-start').click();
    // The page reads the list again while the backup runs, until it is recorded.
    await expect(started).toHaveCount(before + 1, { timeout: 60_000 });
    await expect(started.first()).toContainText('成功');
    await expect(started.first()).toContainText('.tar.gz');
    await expect(page.getByTestId('backup-start')).toHaveText('立即备份');
    await shot(page, 'backups-1440');
    expect(errors).toEqual([]);
  });

  test('the manager limits retention after confirming, and keeps all again', async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    const api = await apiAs(request, 'demo');
    try {
      await openInbox(page, 'demo');
      await page.goto('/#/settings/retention');
      const card = page.getByTestId('retention');
      await expect(card).toContainText('默认全部保留');
      await card.getByRole('radio', { name: /保留最近/ }).check();
      await page.getByTestId('retention-days').fill('3650');
      await page.getByTestId('retention-save').click();
      const confirm = page.getByRole('dialog').filter({ hasText: '确认删除旧消息' });
      await expect(confirm).toContainText('早于 3650 天的消息将被永久删除');
      await page.getByTestId('retention-confirm').click();
      await expect(page.getByText('已保存')).toBeVisible();
      await shot(page, 'retention-1440');
      await page.reload();
      await expect(page.getByTestId('retention-days')).toHaveValue('3650');
      await expect(card.getByRole('radio', { name: /保留最近/ })).toBeChecked();

      // Keeping all saves at once, without the warning.
      await card.getByRole('radio', { name: '全部保留' }).check();
      await page.getByTestId('retention-save').click();
      await expect(page.getByText('已保存').last()).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.reload();
      await expect(card.getByRole('radio', { name: '全部保留' })).toBeChecked();
      await expect(page.getByTestId('retention-days')).toBeDisabled();
      expect(errors).toEqual([]);
    } finally {
      await api('/system-api/system/retention', { days: null }).catch(() => undefined);
    }
  });
});
