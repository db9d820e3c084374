import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/session/sessionStore.ts';
import { signInForTest } from '../../../lib/session/testSession.ts';
import { NoAccountsGuide } from './NoAccountsGuide.tsx';

function guide() {
  render(
    <MemoryRouter>
      <NoAccountsGuide />
    </MemoryRouter>,
  );
  return screen.getByTestId('no-accounts-guide');
}

describe('the guide of an inbox without work accounts', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('tells a manager to add an account by QR code in 工作号管理, with a link there', async () => {
    await i18n.changeLanguage('zh-CN');
    signInForTest(['account.manage', 'conversation.read'], { role: 'manager' });
    const g = guide();
    expect(g.textContent).toContain('还没有工作号');
    expect(g.textContent).toContain('扫码登录');
    expect(g.textContent).not.toContain('分配给您');
    expect(g.querySelector('a')?.getAttribute('href')).toBe('/settings/wxaccount');
  });

  it('tells a seat to ask the manager for an account, without a link it may not open', async () => {
    await i18n.changeLanguage('zh-CN');
    signInForTest(['conversation.read']);
    const g = guide();
    expect(g.textContent).toContain('暂无分配给您的工作号');
    expect(g.textContent).toContain('请联系管理员');
    expect(g.querySelector('a')).toBeNull();
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    signInForTest(['account.manage', 'conversation.read'], { role: 'subAdmin' });
    const g = guide();
    expect(g.textContent).toContain('No work account is assigned to you');
    expect(g.textContent).toContain('Open Work accounts');
    await i18n.changeLanguage('zh-CN');
  });
});
