import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { TranslateSetupHint } from './TranslateSetupHint.tsx';

async function hintText(): Promise<string> {
  render(<TranslateSetupHint />);
  fireEvent.click(screen.getByTestId('translate-setup'));
  return (await screen.findByTestId('translate-setup-hint')).textContent ?? '';
}

describe('TranslateSetupHint', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('asks a seat to contact the administrator, with no server settings', async () => {
    signInForTest([]);
    const text = await hintText();
    expect(text).toBe('翻译服务尚未开通，请联系管理员开通。');
    expect(text).not.toContain('TRANSLATE_URL');
  });

  it('tells a manager what the server needs', async () => {
    signInForTest([], { role: 'manager' });
    expect(await hintText()).toContain('TRANSLATE_URL');
  });
});
