import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_GROUPS, PERMISSIONS, TENANT_PERMISSIONS } from '@cst/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { RoleFormModal } from './RoleFormModal.tsx';

/** The bodies of the add calls. */
const saved: { roleName: string; permissions: string[] }[] = [];

function show() {
  return render(
    <AppProviders>
      <App>
        <RoleFormModal role="new" onClose={() => {}} />
      </App>
    </AppProviders>,
  );
}

const box = (key: string) =>
  screen.getByTestId(`perm-${key}`).closest('label')!.querySelector('input')!;
const ticked = () => TENANT_PERMISSIONS.filter((k) => (box(k) as HTMLInputElement).checked).sort();

describe('the role form', { timeout: 20_000 }, () => {
  beforeEach(() => {
    saved.length = 0;
    signInForTest(['role.manage', ...TENANT_PERMISSIONS]);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).endsWith('/roles/permissions')) {
        const data = TENANT_PERMISSIONS.map((key) => ({ key, label: PERMISSIONS[key]['zh-CN'] }));
        return Response.json({ code: 200, msg: 'ok', data });
      }
      saved.push(JSON.parse(String(init?.body)) as (typeof saved)[number]);
      return Response.json({ code: 200, msg: 'ok', data: { id: 'r1' } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('checks 查看会话 with 发送消息, and unchecking 查看会话 drops 发送消息', async () => {
    show();
    await screen.findByTestId('perm-conversation.send');
    fireEvent.click(box('conversation.send'));
    expect(ticked()).toEqual(['conversation.read', 'conversation.send']);
    expect(screen.getByText('需要：查看会话（勾选时一并勾选）')).toBeTruthy();

    fireEvent.click(box('conversation.read'));
    expect(ticked()).toEqual([]);

    fireEvent.click(box('conversation.send'));
    fireEvent.change(screen.getByTestId('role-name'), { target: { value: '客服' } });
    fireEvent.click(screen.getByTestId('role-form-ok'));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.permissions.sort()).toEqual(['conversation.read', 'conversation.send']);
  });

  it('selects and clears a whole group, and every tenant permission is in a group', async () => {
    show();
    await screen.findByTestId('perm-group-all-marketing');
    const all = within(screen.getByTestId('perm-group-all-marketing').closest('label')!);
    fireEvent.click(all.getByRole('checkbox'));
    expect(ticked()).toEqual([...PERMISSION_GROUPS.marketing].sort());
    fireEvent.click(all.getByRole('checkbox'));
    expect(ticked()).toEqual([]);

    expect(Object.values(PERMISSION_GROUPS).flat().sort()).toEqual([...TENANT_PERMISSIONS].sort());
    expect(screen.queryByTestId('perm-group-other')).toBeNull();
  });
});
