import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../components/listPage/testFrame.tsx';
import { MomentsUnsupported, useMomentsSupported } from './MomentsUnsupported.tsx';

const platform = vi.hoisted(() => ({
  data: undefined as { platform: string; capabilities: string[]; simulator: boolean } | undefined,
}));
vi.mock('../accounts/api.ts', () => ({ usePlatform: () => ({ data: platform.data }) }));

function Probe() {
  return <span data-testid="supported">{String(useMomentsSupported())}</span>;
}

describe('the notice of a platform without moments', () => {
  it('names the platform when it has no moments, and says nothing otherwise', async () => {
    platform.data = { platform: 'whatsapp', capabilities: ['sendText'], simulator: false };
    renderAt(
      '/',
      <>
        <MomentsUnsupported />
        <Probe />
      </>,
    );
    expect((await screen.findByTestId('moments-unsupported')).textContent).toContain(
      '当前平台（WhatsApp）不支持朋友圈',
    );
    expect(screen.getByTestId('supported').textContent).toBe('false');
    cleanup();
  });

  it('stays away on a platform with moments and while the platform is not known', async () => {
    for (const data of [
      { platform: 'simulator', capabilities: ['moments', 'momentPost'], simulator: true },
      undefined,
    ]) {
      platform.data = data;
      renderAt(
        '/',
        <>
          <MomentsUnsupported />
          <Probe />
        </>,
      );
      expect((await screen.findByTestId('supported')).textContent).toBe('true');
      expect(screen.queryByTestId('moments-unsupported')).toBeNull();
      cleanup();
    }
  });
});
