import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformInfo } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { accountsKeys } from './api.ts';
import { CapabilityGate } from './CapabilityGate.tsx';

function mount(platform: PlatformInfo) {
  const qc = new QueryClient();
  qc.setQueryData(accountsKeys.platform, platform);
  return render(
    <QueryClientProvider client={qc}>
      <CapabilityGate cap="groupCard">
        {(off) => <Button disabled={off}>Set my group name</Button>}
      </CapabilityGate>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  signInForTest([]);
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('CapabilityGate', () => {
  it('disables what the platform lacks and says why', async () => {
    mount({ platform: 'whatsapp', capabilities: ['sendText'], simulator: false });
    expect(screen.getByRole('button', { name: 'Set my group name' }).hasAttribute('disabled')).toBe(
      true,
    );
    // The tooltip's text, also for assistive technology.
    expect(screen.getByTestId('unsupported-groupCard').getAttribute('aria-description')).toBe(
      'Not available on WhatsApp',
    );
    await i18n.changeLanguage('zh-CN');
    mount({ platform: 'whatsapp', capabilities: [], simulator: false });
    expect(
      screen.getAllByTestId('unsupported-groupCard')[1]!.getAttribute('aria-description'),
    ).toBe('WhatsApp 不支持此功能');
  });

  it('leaves it enabled when the platform has it', () => {
    mount({ platform: 'simulator', capabilities: ['groupCard'], simulator: true });
    expect(screen.getByRole('button', { name: 'Set my group name' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.queryByTestId('unsupported-groupCard')).toBeNull();
  });
});
