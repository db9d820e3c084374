import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/session/sessionStore.ts';
import { signInForTest } from '../../../lib/session/testSession.ts';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { AccountColumn } from './AccountColumn.tsx';

function mount(loaded: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <AccountColumn
          selected={null}
          onPickAccount={() => undefined}
          onPickAll={() => undefined}
          loaded={loaded}
        />
      </App>
    </QueryClientProvider>,
  );
  return screen.getByTestId('inbox-accounts');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signInForTest(['conversation.read'], { role: 'manager' });
  // Unread counts can arrive (a push) before the account list is read.
  useWorkAccounts.setState({ accounts: [], sessionWsList: [{ wxid: 'wxid_a', unRead: 2 }] });
});
afterEach(() => {
  cleanup();
  useSession.setState({ token: null, expiresAt: null, user: null });
  useWorkAccounts.setState({ accounts: [], sessionWsList: [] });
});

describe('the inbox’s account column', () => {
  it('does not say the company has no account while the accounts are being read', () => {
    const column = mount(false);
    expect(column.textContent).not.toContain('no work account');
  });

  it('says so once they are read and there is none', () => {
    const column = mount(true);
    expect(column.textContent).toContain('Your company has no work account yet');
  });
});
