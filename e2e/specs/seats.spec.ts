import { expect, loginAs, logout, shot, test } from './shell-support.ts';

test.describe('sub-accounts, positions and roles', () => {
  test('the manager creates a role, a position and a sub-account that sees only what its role allows', async ({
    page,
  }) => {
    await loginAs(page, 'demo');

    // A role that may only manage roles.
    await page.goto('/#/settings/roleManage');
    await page.getByTestId('add-role').click();
    await page.getByTestId('role-form-ok').click();
    await expect(page.getByText('角色名称不能为空')).toBeVisible();
    await expect(page.getByText('请至少选择一个权限')).toBeVisible();
    await page.getByTestId('role-name').fill('角色管理员');
    await page.getByTestId('perm-role.manage').check();
    await shot(page, 'role-form');
    await page.getByTestId('role-form-ok').click();
    await expect(page.getByRole('row', { name: /角色管理员/ })).toContainText('角色管理');

    // A position.
    await page.goto('/#/settings/childAccountManage?tab=positions');
    await page.getByTestId('add-position').click();
    await page.getByTestId('position-form-ok').click();
    await expect(page.getByText('职位名称不能为空')).toBeVisible();
    await page.getByTestId('position-name').fill('质检专员');
    await page.getByTestId('position-form-ok').click();
    await expect(page.getByRole('row', { name: /质检专员/ })).toBeVisible();

    // The sub-account: every required field says so, word for word.
    await page.getByRole('tab', { name: '子账号' }).click();
    await page.getByTestId('add-seat').click();
    await page.getByTestId('seat-form-ok').click();
    const dialog = page.getByRole('dialog');
    for (const text of ['账号不能为空', '密码不能为空', '姓名不能为空', '请选择上级账号']) {
      await expect(dialog.getByText(text)).toBeVisible();
    }
    // The position is optional (demo seats have none).
    await expect(dialog.getByText('请选择职位')).toHaveCount(0);
    await page.getByTestId('seat-username').fill('e2e-qc');
    await page.getByTestId('seat-password').fill('qc-pass-123');
    await page.getByTestId('seat-nickname').fill('质检小王');
    await page.getByTestId('seat-custom-role').click();
    await page.getByTitle('角色管理员').click();
    await page.getByTestId('seat-position').click();
    await page.getByTitle('质检专员').click();
    await page.getByTestId('seat-superior').click();
    await page.getByTitle('演示主管 (demo-sup)').click();
    await page.getByTestId('seat-prefix').fill('QC');
    await shot(page, 'seat-form');
    await page.getByTestId('seat-form-ok').click();
    const row = page.getByRole('row', { name: /e2e-qc/ });
    await expect(row).toContainText('角色管理员');
    await expect(row).toContainText('质检专员');
    await expect(row).toContainText('演示主管');
    await shot(page, 'seats-after-add');
    await logout(page);

    // Signed in as the new seat: settings with role management only.
    await loginAs(page, 'e2e-qc', 'qc-pass-123');
    await expect(page.getByTestId('top-menu').getByRole('menuitem')).toHaveText(['设置']);
    await page.getByTestId('top-menu').getByRole('menuitem', { name: '设置' }).click();
    await expect(page).toHaveURL(/#\/settings\/roleManage$/);
    await expect(page.getByTestId('side-menu').getByRole('menuitem')).toHaveText(['角色管理']);
    await page.goto('/#/settings/childAccountManage');
    await expect(page.getByTestId('forbidden')).toBeVisible();
  });

  test('the manager disables a seat and resets its password', async ({ page }) => {
    await loginAs(page, 'demo');
    await page.goto('/#/settings/childAccountManage?keyword=demo-seat2');
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByTestId('more-demo-seat2').click();
    await page.getByTestId('reset-demo-seat2').click();
    await page.getByTestId('reset-password').fill('seat2-new-pass');
    await page.getByTestId('reset-confirm').fill('seat2-new-pass');
    await page.getByTestId('reset-password-ok').click();
    await expect(page.getByText('密码已重置')).toBeVisible();
    await page.getByTestId('status-demo-seat2').click();
    await page.getByTestId('status-confirm').click();
    await expect(page.getByTestId('status-demo-seat2')).not.toBeChecked();
    await logout(page);

    await page.getByTestId('login-username').fill('demo-seat2');
    await page.getByTestId('login-password').fill('seat2-new-pass');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('账号已被停用，请联系管理员');
  });

  test('roles can be edited and deleted after a confirmation', async ({ page }) => {
    await loginAs(page, 'demo');
    await page.goto('/#/settings/roleManage');
    await page.getByTestId('add-role').click();
    await page.getByTestId('role-name').fill('临时角色');
    await page.getByTestId('perm-statistics.read').check();
    await page.getByTestId('role-form-ok').click();
    const row = page.getByRole('row', { name: /临时角色/ });
    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('role-name').fill('临时角色二');
    await page.getByTestId('role-form-ok').click();
    await expect(page.getByRole('row', { name: /临时角色二/ })).toBeVisible();
    await page
      .getByRole('row', { name: /临时角色二/ })
      .getByRole('button', { name: '删除' })
      .click();
    // SPEC §5: a deletion is confirmed by typing 'del'.
    await page.getByTestId('confirm-word').fill('del');
    await page.getByTestId('confirm-word-ok').click();
    await expect(page.getByRole('row', { name: /临时角色二/ })).toHaveCount(0);
    await shot(page, 'roles');
  });

  test('the manager deletes a seat after typing del, handing its work to its superior', async ({
    page,
  }) => {
    await loginAs(page, 'demo');
    await page.goto('/#/settings/childAccountManage');
    await page.getByTestId('add-seat').click();
    await page.getByTestId('seat-username').fill('e2e-leaver');
    await page.getByTestId('seat-password').fill('leaver-pass-1');
    await page.getByTestId('seat-nickname').fill('离职小李');
    // The role is 客服 unless changed.
    await expect(page.getByTestId('seat-role')).toContainText('客服');
    await page.getByTestId('seat-superior').click();
    await page.getByTitle('演示主管 (demo-sup)').click();
    await page.getByTestId('seat-form-ok').click();
    await expect(page.getByRole('row', { name: /e2e-leaver/ })).toBeVisible();

    // A supervisor with seats below it cannot go: the dialog says why and stays open.
    await page.getByTestId('more-demo-sup').click();
    await page.getByTestId('delete-demo-sup').click();
    await page.getByTestId('confirm-word').fill('del');
    await page.getByTestId('confirm-word-ok').click();
    await expect(page.getByText('该账号仍有下级账号，无法删除')).toBeVisible();
    await page.getByRole('button', { name: /取\s*消/ }).click();

    await page.getByTestId('more-e2e-leaver').click();
    await page.getByTestId('delete-e2e-leaver').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('删除子账号「离职小李」');
    // The handover defaults to its superior.
    await expect(dialog.getByTestId('seat-handover')).toContainText('演示主管 (demo-sup)');
    await expect(page.getByTestId('confirm-word-ok')).toBeDisabled();
    await page.getByTestId('confirm-word').fill('de');
    await expect(page.getByTestId('confirm-word-ok')).toBeDisabled();
    await page.getByTestId('confirm-word').fill('del');
    await shot(page, 'seat-delete');
    await page.getByTestId('confirm-word-ok').click();
    await expect(page.getByText('已删除，0 个工作号已交接')).toBeVisible();
    await expect(page.getByRole('row', { name: /e2e-leaver/ })).toHaveCount(0);
    await logout(page);

    await page.getByTestId('login-username').fill('e2e-leaver');
    await page.getByTestId('login-password').fill('leaver-pass-1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
  });
});
