import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders.tsx';
import { useSession } from '../../lib/session/sessionStore.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { buildRouteTree } from './router.tsx';

const captcha = { code: 200, msg: 'ok', data: { captchaEnabled: false, uuid: 'x', img: '' } };

function visit(path: string) {
  const router = createMemoryRouter(buildRouteTree(), { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the router and its guard', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(captcha));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('sends a signed-out visitor of a login-only page to the login page and sets the title', async () => {
    const router = visit('/settings/roleManage');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?redirect=%2Fsettings%2FroleManage');
    await waitFor(() => expect(document.title).toBe('私域流量管理系统 - 登录'));
  });

  it('redirects /auth to the login page', async () => {
    const router = visit('/auth');
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a signed-in visitor of the login page to the page asked for', async () => {
    signInForTest(['seat.manage'], {
      username: 'm',
      nickname: 'm',
      role: 'manager',
      tenantId: 't',
    });
    const router = visit('/auth/login?redirect=%2FmyAccount');
    await waitFor(() => expect(router.state.location.pathname).toBe('/myAccount'));
  });
});
