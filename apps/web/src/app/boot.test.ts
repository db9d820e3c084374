import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../lib/session/sessionStore.ts';
import { bootFirstScreen, hashLocation } from './boot.ts';

const user = {
  uid: 'u',
  username: 'm',
  nickname: 'm',
  role: 'manager' as const,
  tenantId: 't',
  permissions: ['conversation.read' as const],
};

describe('bootFirstScreen', () => {
  afterEach(() => useSession.setState({ token: null, expiresAt: null, user: null }));

  it('reads the path and query of a hash-router location', () => {
    expect(hashLocation('')).toEqual({ path: '/', search: '' });
    expect(hashLocation('#/')).toEqual({ path: '/', search: '' });
    expect(hashLocation('#/message?talkType=2&v=1')).toEqual({
      path: '/message',
      search: 'talkType=2&v=1',
    });
  });

  it('preloads nothing for a signed-out visitor, the login page or an unknown page', () => {
    expect(bootFirstScreen('#/message')).toBeNull();
    useSession.setState({ token: 'tok', expiresAt: Date.now() + 60_000, user });
    expect(bootFirstScreen('#/auth/login')).toBeNull();
    expect(bootFirstScreen('#/no/such/page')).toBeNull();
    // An expired session is signed out.
    useSession.setState({ token: 'tok', expiresAt: Date.now() - 1, user });
    expect(bootFirstScreen('#/message')).toBeNull();
  });

  it('preloads nothing for a page the user may not open', () => {
    useSession.setState({
      token: 'tok',
      expiresAt: Date.now() + 60_000,
      user: { ...user, permissions: [] },
    });
    expect(bootFirstScreen('#/message')).toBeNull();
  });
});
