import { expect, loginAs, test } from '../fixtures.ts';
import { SHOTS } from './accounts-support.ts';

test.describe('manual (使用手册)', () => {
  test('opens from the user menu, lists every area and finds a page by search', async ({
    page,
  }) => {
    await loginAs(page, 'demo');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-manual').click();
    await expect(page).toHaveURL(/#\/manual$/);
    await expect(page).toHaveTitle(/使用手册/);
    const contents = page.getByTestId('manual-contents');
    for (const title of ['会话（收件箱）', '工作号管理', '通讯录', '客户中心', '群发助手']) {
      await expect(contents.getByRole('menuitem', { name: title })).toBeVisible();
    }
    for (const title of ['朋友圈', '数据统计', '设置', '开放平台']) {
      await expect(contents.getByRole('menuitem', { name: title })).toBeVisible();
    }
    await contents.getByRole('menuitem', { name: '朋友圈' }).click();
    await expect(page.getByTestId('manual-page')).toHaveAttribute('data-page', 'moments');
    await expect(page.getByTestId('manual-page').getByRole('heading', { level: 2 })).toHaveText(
      '朋友圈',
    );

    // Search: every page holding the words, with the place; a hit opens its page.
    const search = page.getByTestId('manual-search').getByRole('searchbox');
    await search.fill('扫码 代理');
    await search.press('Enter');
    await expect(page).toHaveURL(/q=/);
    const hits = page.getByTestId('manual-hit');
    await expect(hits.first()).toHaveAttribute('data-page', 'accounts');
    await hits.first().click();
    await expect(page.getByTestId('manual-page')).toHaveAttribute('data-page', 'accounts');

    await search.fill('没有这种说法xyz');
    await search.press('Enter');
    await expect(page.getByTestId('manual-results')).toContainText('没有找到');
  });

  test("a screen's 「?」 opens that screen's page, in the user's language", async ({ page }) => {
    await loginAs(page, 'demo');
    await page.goto('/#/settings/wxaccount');
    await expect(page.getByTestId('wx-accounts-page')).toBeVisible();
    await page.getByTestId('manual-help').click();
    await expect(page).toHaveURL(/#\/manual\?page=accounts$/);
    const article = page.getByTestId('manual-page');
    await expect(article).toHaveAttribute('data-page', 'accounts');
    await expect(article).toContainText('扫码登录');
    // The screenshot shows, or (not made yet) its description does.
    await expect(
      article.getByTestId('manual-shot').or(article.getByTestId('manual-shot-missing')),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: 'e2e/artifacts/screens/manual-accounts.png' });
    // Back to the screen from its page.
    await article.getByTestId('manual-open-screen').click();
    await expect(page.getByTestId('wx-accounts-page')).toBeVisible();

    await page.goto('/#/statistics/login');
    await page.getByTestId('manual-help').click();
    await expect(page.getByTestId('manual-page')).toHaveAttribute('data-page', 'statistics');

    // On a narrow window the header leaves the 「?」 out; the section title keeps its own.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/#/contacts/groups');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('manual-help')).toBeHidden();
    await page.getByTestId('section-manual-help').click();
    await expect(page).toHaveURL(/#\/manual\?page=contacts$/);
    await expect(page.getByTestId('manual-page')).toHaveAttribute('data-page', 'contacts');

    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('manual-page').getByRole('heading', { level: 2 })).toHaveText(
      'Contacts',
    );
  });
});
