import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, type Role, type SessionUser } from '@cst/shared';
import {
  decideRoute,
  menuEntries,
  redirectTarget,
  routeOf,
  sectionPages,
  selectedMenuKey,
} from './access.ts';
import { ROUTES } from './registry.ts';
import type { AppRoute } from './types.ts';

const userOf = (
  role: Role,
  permissions: string[] = DEFAULT_ROLE_PERMISSIONS[role],
): SessionUser => ({
  uid: 'u1',
  username: role,
  nickname: role,
  role,
  tenantId: role === 'admin' ? null : 't1',
  permissions,
});
const signedIn = (role: Role, permissions?: string[]) => ({
  signedIn: true,
  user: userOf(role, permissions),
});
const anonymous = { signedIn: false, user: null };
/**
 * The registry with a fixed set of built pages, so these tests do not change as features ship
 * (other features flip `ready` on their own entries).
 */
const BUILT = [
  '/auth/login',
  '/auth/register',
  '/auth/forget',
  '/',
  '/myAccount',
  '/settings/childAccountManage',
  '/settings/roleManage',
  '/system/customers',
  '/system/ports',
];
const routes: AppRoute[] = ROUTES.map((r) =>
  r.redirect ? r : { ...r, ready: BUILT.includes(r.path) },
);
const route = (path: string): AppRoute => {
  const r = routeOf(path, routes);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

describe('decideRoute', () => {
  it('sends a signed-in user away from the login pages to /', () => {
    for (const p of ['/auth', '/auth/login', '/auth/register', '/auth/forget']) {
      expect(decideRoute(route(p), signedIn('office'), '', routes)).toEqual({
        kind: 'redirect',
        to: '/',
      });
    }
  });

  it('sends a user who just signed in back to the page asked for, never off the SPA', () => {
    const login = route('/auth/login');
    const at = (q: string) => decideRoute(login, signedIn('manager'), `/auth/login?${q}`, routes);
    expect(at('redirect=%2Fsettings%2FroleManage')).toEqual({
      kind: 'redirect',
      to: '/settings/roleManage',
    });
    expect(at('redirect=%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/' });
    expect(at('redirect=https%3A%2F%2Fevil.example')).toEqual({ kind: 'redirect', to: '/' });
    expect(at('redirect=%2Fauth%2Flogin')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends a signed-out visitor of a login-only page to the login page, remembering it', () => {
    expect(decideRoute(route('/'), anonymous, '/', routes)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    expect(
      decideRoute(route('/settings/roleManage'), anonymous, '/settings/roleManage', routes),
    ).toEqual({
      kind: 'redirect',
      to: '/auth/login?redirect=%2Fsettings%2FroleManage',
    });
    // A page that is not built still asks for login first.
    expect(decideRoute(route('/history'), anonymous, '', routes).kind).toBe('redirect');
  });

  it('/auth redirects to /auth/login for a visitor', () => {
    expect(decideRoute(route('/auth'), anonymous, '', routes)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
  });

  it('renders the login pages to signed-out visitors', () => {
    expect(decideRoute(route('/auth/login'), anonymous, '', routes)).toEqual({ kind: 'render' });
  });

  it('answers 404 for a page that is not built and 403 without the permission', () => {
    expect(decideRoute(route('/history'), signedIn('manager'), '', routes).kind).toBe('notFound');
    expect(decideRoute(route('/settings/roleManage'), signedIn('office'), '', routes).kind).toBe(
      'forbidden',
    );
    expect(decideRoute(route('/settings/roleManage'), signedIn('manager'), '', routes).kind).toBe(
      'render',
    );
    expect(decideRoute(route('/system/customers'), signedIn('manager'), '', routes).kind).toBe(
      'forbidden',
    );
    expect(decideRoute(route('/system/customers'), signedIn('admin'), '', routes).kind).toBe(
      'render',
    );
  });

  it('treats an expired session as signed out', () => {
    expect(
      decideRoute(route('/myAccount'), { signedIn: false, user: userOf('manager') }, '', routes),
    ).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
  });
});

describe('section redirects', () => {
  it('go to the preferred page when available, else to the first available page', () => {
    const settings = route('/settings');
    expect(redirectTarget(settings, userOf('manager'), routes)).toBe(
      '/settings/childAccountManage',
    );
    const fake: AppRoute[] = routes.map((r) =>
      r.path === '/settings/wxaccount' ? { ...r, ready: true } : r,
    );
    expect(redirectTarget(settings, userOf('manager'), fake)).toBe('/settings/wxaccount');
    // subAdmin has no role.manage: the seats page only.
    expect(sectionPages('settings', userOf('subAdmin'), routes).map((r) => r.path)).toEqual([
      '/settings/childAccountManage',
    ]);
  });

  it('answer 403 when the section has built pages but none the user may open', () => {
    expect(decideRoute(route('/settings'), signedIn('office'), '', routes)).toEqual({
      kind: 'forbidden',
    });
    expect(decideRoute(route('/settings'), signedIn('admin'), '', routes)).toEqual({
      kind: 'forbidden',
    });
  });

  it('answer 404 when no page of the section is built', () => {
    expect(decideRoute(route('/statistics'), signedIn('manager'), '', routes)).toEqual({
      kind: 'notFound',
    });
  });
});

describe('menuEntries', () => {
  const top = (role: Role, permissions?: string[]) =>
    menuEntries('top', userOf(role, permissions), routes).map((e) => e.labelKey);

  it('shows only built pages the user may open', () => {
    expect(top('manager')).toEqual(['menu.settings']);
    expect(top('subAdmin')).toEqual(['menu.settings']);
    expect(top('office')).toEqual([]);
    expect(top('admin')).toEqual(['menu.customers', 'menu.ports']);
  });

  it('links a section entry to where its redirect goes', () => {
    const [settings] = menuEntries('top', userOf('manager'), routes);
    expect(settings).toMatchObject({ to: '/settings/childAccountManage', section: 'settings' });
  });

  it('shows an entry as soon as its page is built', () => {
    const fake = routes.map((r) => (r.path === '/message' ? { ...r, ready: true } : r));
    expect(menuEntries('top', userOf('office'), fake).map((e) => e.to)).toEqual([
      '/',
      '/?talkType=2',
    ]);
  });

  it('selects one entry: 群聊 on the group-chat view, 会话 on the others', () => {
    const fake = routes.map((r) =>
      r.path === '/message' || r.path === '/history' ? { ...r, ready: true } : r,
    );
    const entries = menuEntries('top', userOf('manager'), fake);
    const at = (path: string, search = '') => selectedMenuKey(entries, path, search, fake);
    expect(at('/message', '?talkType=2')).toBe('/?talkType=2');
    expect(at('/message', '?talkType=2&v=123')).toBe('/?talkType=2');
    expect(at('/message')).toBe('/');
    expect(at('/message', '?v=123')).toBe('/');
    expect(at('/', '?talkType=2')).toBe('/?talkType=2');
    expect(at('/history')).toBe('/history');
    expect(at('/settings/roleManage')).toBe('/settings');
    expect(at('/myAccount')).toBeUndefined();
  });

  it('builds the settings side menu from the permissions', () => {
    const side = menuEntries('settings', userOf('manager'), routes).map((e) => e.to);
    expect(side).toEqual(['/settings/childAccountManage', '/settings/roleManage']);
    expect(
      menuEntries('settings', userOf('office', ['role.manage']), routes).map((e) => e.to),
    ).toEqual(['/settings/roleManage']);
  });
});

describe('the registry', () => {
  it('holds every route of SPEC §2 once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/auth',
      '/auth/login',
      '/auth/register',
      '/auth/forget',
      '/',
      '/message',
      '/myAccount',
      '/history',
      '/settings',
      '/settings/wxaccount',
      '/settings/childAccountManage',
      '/settings/roleManage',
      '/settings/robotPassFriend',
      '/settings/robotPassFriendReply',
      '/settings/robotKeywordsReply',
      '/settings/sensitiveWords',
      '/contacts',
      '/contacts/apply',
      '/contacts/friends',
      '/contacts/groups',
      '/moments',
      '/moments/interaction',
      '/moments/history',
      '/moments/newhistory',
      '/customerCenter',
      '/customerCenter/mutilAddFriends',
      '/customerCenter/manageTag',
      '/customerCenter/makeTag',
      '/customerCenter/robotPassFriend',
      '/customerCenter/robotPassFriendReply',
      '/customerCenter/robotKeywordsReply',
      '/grouphelper',
      '/grouphelper/set',
      '/grouphelper/manager',
      '/statistics',
      '/statistics/wxfriend',
      '/statistics/newfriend',
      '/statistics/sysadd',
      '/statistics/nosysadd',
      '/statistics/deletefriend',
      '/statistics/addfriend',
      '/statistics/service',
      '/statistics/label',
      '/statistics/message',
      '/statistics/eft',
      '/statistics/redpacket',
      '/statistics/login',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('gives every ready page a component and every redirect a target', () => {
    for (const r of ROUTES) {
      if (r.ready && !r.redirect) expect(r.load, r.path).toBeTypeOf('function');
      if (r.section && r.redirect) expect(routeOf(r.redirect)?.section).toBe(r.section);
    }
  });
});
