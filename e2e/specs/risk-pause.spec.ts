import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures.ts';
import { accountRow, openAccounts } from './accounts-support.ts';
import { address, setUpAccount, watchConsole } from './inbox-support.ts';

// Issue 34, ban signals (API.md "Keeping accounts alive"): the platform refuses an account's sends
// as too fast; at 危险 工作号管理 shows it, its mass send is paused with the reason, and a manager's
// resume brings both back. (Named to run after accounts.spec.ts on a worker's shared server:
// that spec starts from a tenant with no work account, and the account made here stays.)

function taskRow(page: Page, name: string) {
  return page.getByTestId('bulk-task-table').locator('tr.ant-table-row').filter({ hasText: name });
}

test.describe('ban risk', () => {
  test('at 危险 the account’s mass send pauses with the reason; a manager resumes both', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(address());
    const problems = watchConsole(page);
    const run = `${Date.now() % 1_000_000}`;
    const nickname = `限流号${run}`;
    const { api, wxid } = await setUpAccount(request, nickname, 'demo-sup');
    const friends = await api<{ list: { friendWxid: string }[] }>('/main-api/acc/friends-list', {
      workWxid: wxid,
      page: 1,
      pageSize: 1,
    });
    const name = `限流群发${run}`;
    await api('/task-api/bulk-send-task/create', {
      taskName: name,
      taskType: 'friends',
      workWxids: [wxid],
      targets: { mode: 'list', wxids: [friends.list[0]!.friendWxid] },
      messages: [{ kind: 'text', content: '新品上架' }],
      sendType: 'scheduled',
      sendAt: Date.now() + 3_600_000,
    });
    // Two bursts of refusals within the hour: 注意, then 危险.
    await api('/sim-api/fault', { workWxid: wxid, kind: 'rateLimit' });
    await api('/sim-api/fault', { workWxid: wxid, kind: 'rateLimit' });

    await loginAs(page, 'demo');
    await openAccounts(page);
    const tag = accountRow(page, nickname).getByTestId('risk-tag');
    await expect(tag).toHaveAttribute('data-risk', 'danger');
    await expect(tag).toContainText('危险');

    await page.goto('/#/grouphelper/manager');
    const state = taskRow(page, name).getByTestId('bulk-task-state');
    await expect(state).toHaveText('已暂停');
    await state.hover();
    await expect(page.getByRole('tooltip')).toContainText(`工作号 ${nickname} 封号风险高`);
    await expect(page.getByRole('tooltip')).toContainText('429');

    await openAccounts(page);
    await accountRow(page, nickname).getByTestId('risk-resume').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '恢复' }).click();
    await expect(accountRow(page, nickname).getByTestId('risk-tag')).toHaveCount(0);

    // Back on the task list at once, the task runs again (pending: its time is ahead).
    await page.goto('/#/grouphelper/manager');
    await expect(taskRow(page, name).getByTestId('bulk-task-state')).toHaveText('待开始');
    expect(problems).toEqual([]);
  });
});
