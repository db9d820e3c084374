import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { TranslateSetupHint } from './TranslateSetupHint.tsx';

async function hintText(): Promise<string> {
  render(
    <MemoryRouter>
      <TranslateSetupHint />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId('translate-setup'));
  return (await screen.findByTestId('translate-setup-hint')).textContent ?? '';
}

describe('TranslateSetupHint', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('asks a seat to contact the administrator, with no settings or server words', async () => {
    signInForTest([]);
    const text = await hintText();
    expect(text).toBe('翻译服务尚未开通，请联系管理员开通。');
    expect(screen.queryByTestId('translate-setup-link')).toBeNull();
  });

  it('shows whoever may set translation up where, with a link there', async () => {
    signInForTest(['translation.manage'], { role: 'manager' });
    const text = await hintText();
    expect(text).toContain('设置 → 翻译服务');
    expect(text).not.toContain('TRANSLATE_URL');
    expect(screen.getByTestId('translate-setup-link').getAttribute('href')).toBe(
      '/settings/translation',
    );
  });
});
