import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdFrame } from '../../app/AntdFrame.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { UserCardHost } from './UserCardDialog.tsx';
import { useUserCard } from './userCardStore.ts';

const host = () => (
  <AppProviders>
    <AntdFrame>
      <UserCardHost />
    </AntdFrame>
  </AppProviders>
);

describe('the user card host', () => {
  beforeEach(() => {
    signInForTest(['conversation.read']);
    // The card's look-ups never answer: the card stays in its loading state.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useUserCard.getState().close();
  });

  it('closes the card when its page is left, so it does not come back with the next page', () => {
    const page = render(host());
    act(() => useUserCard.getState().open({ workWxid: 'wx_acc', wxid: 'wxid_f', name: '汤晓' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    page.unmount();
    expect(useUserCard.getState().target).toBeNull();
    render(host());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
