import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, type PlatformInfo, type SessionUser } from '@cst/shared';
import { accountsKeys } from '../../features/accounts/api.ts';
import { SectionLayout } from '../../features/shell/SectionLayout.tsx';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { decideRoute, menuEntries, redirectTarget, routeOf } from './access.ts';
import { capabilityOf, platformRoutes } from './platformRoutes.ts';
import { ROUTES } from './registry.ts';

/** What the WhatsApp adapter declares (packages/gateway-whatsapp WHATSAPP_CAPABILITIES). */
const WHATSAPP = [
  'qrLogin',
  'resume',
  'logout',
  'sendText',
  'sendImage',
  'sendFile',
  'sendVideo',
  'sendVoice',
  'sendEmoticon',
  'sendLink',
  'sendCard',
  'sendQuote',
  'sendLocation',
  'revoke',
  'markRead',
  'deliveryReceipts',
  'readReceipts',
  'readSync',
  'contacts',
  'friendInfo',
  'setRemark',
  'searchUser',
  'groups',
  'groupCreate',
  'groupInvite',
  'groupRemove',
  'groupLeave',
  'groupRename',
  'groupNotice',
];
const whatsapp = (cap: string) => WHATSAPP.includes(cap);
const manager: SessionUser = {
  uid: 'u1',
  username: 'boss',
  nickname: 'boss',
  role: 'manager',
  tenantId: 't1',
  permissions: DEFAULT_ROLE_PERMISSIONS.manager,
};
const visitor = { signedIn: true, user: manager };
/** The registry with the moments pages built, as they will be. */
const built = ROUTES.map((r) => (r.path.startsWith('/moments') ? { ...r, ready: true } : r));

describe('platformRoutes', () => {
  it('names the capability of every gated page, and of no other', () => {
    expect(capabilityOf('/contacts/apply')).toBe('friendRequests');
    expect(capabilityOf('/customerCenter/mutilAddFriends')).toBe('addFriend');
    expect(capabilityOf('/moments')).toBe('moments');
    expect(capabilityOf('/moments/history')).toBe('moments');
    expect(capabilityOf('/contacts/friends')).toBeUndefined();
    expect(capabilityOf('/momentsX')).toBeUndefined();
  });

  it('hides on WhatsApp the friend-request, bulk-add and moments pages', () => {
    const routes = platformRoutes(whatsapp, built);
    const contacts = menuEntries('contacts', manager, routes).map((e) => e.to);
    expect(contacts).toContain('/contacts/friends');
    expect(contacts).not.toContain('/contacts/apply');
    // The contacts section opens on friends instead of the requests it cannot have.
    expect(redirectTarget(routeOf('/contacts', routes)!, manager, routes)).toBe(
      '/contacts/friends',
    );
    expect(decideRoute(routeOf('/contacts', routes)!, visitor, '', routes)).toEqual({
      kind: 'redirect',
      to: '/contacts/friends',
    });
    // A bookmark of a page the platform lacks is a 404, never a dead page.
    expect(decideRoute(routeOf('/contacts/apply', routes)!, visitor, '', routes)).toEqual({
      kind: 'notFound',
    });
    const center = menuEntries('customerCenter', manager, routes).map((e) => e.to);
    expect(center).not.toContain('/customerCenter/mutilAddFriends');
    expect(center).toContain('/customerCenter/manageTag');
    expect(menuEntries('moments', manager, routes)).toEqual([]);
    const top = menuEntries('top', manager, routes).map((e) => e.labelKey);
    expect(top).not.toContain('menu.moments');
    expect(top).toContain('menu.contacts');
  });

  it('keeps every page on a platform that has it all (the simulator)', () => {
    const routes = platformRoutes(() => true, built);
    expect(routes).toEqual(built);
    expect(menuEntries('contacts', manager, routes).map((e) => e.to)).toContain('/contacts/apply');
    expect(menuEntries('top', manager, routes).map((e) => e.labelKey)).toContain('menu.moments');
  });
});

function mountSection(platform: PlatformInfo) {
  const qc = new QueryClient();
  qc.setQueryData(accountsKeys.platform, platform);
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/contacts/friends']}>
        <SectionLayout section="contacts" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the contacts side menu', () => {
  beforeEach(async () => {
    signInForTest(DEFAULT_ROLE_PERMISSIONS.manager);
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('offers no friend requests on WhatsApp', () => {
    mountSection({ platform: 'whatsapp', capabilities: WHATSAPP, simulator: false });
    const menu = within(screen.getByTestId('side-menu'));
    expect(menu.getByRole('link', { name: i18n.t('route.contactsFriends') })).toBeTruthy();
    expect(menu.queryByRole('link', { name: i18n.t('route.contactsApply') })).toBeNull();
  });

  it('offers them on the simulator', () => {
    mountSection({ platform: 'simulator', capabilities: ['friendRequests'], simulator: true });
    const menu = within(screen.getByTestId('side-menu'));
    expect(menu.getByRole('link', { name: i18n.t('route.contactsApply') })).toBeTruthy();
  });
});
