import type { SessionUser } from '@cst/shared';
import { can } from '../../lib/session/sessionStore.ts';
import { isAvailable } from './isAvailable.ts';
import { ROUTES } from './registry.ts';
import type { AppRoute, MenuGroup, MenuSpec, SectionId } from './types.ts';

export { isAvailable };

/** What the guard knows about the visitor. */
export interface Visitor {
  signedIn: boolean;
  user: SessionUser | null;
}

/** What the guard does with a route. */
export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'forbidden' };

/** Where the login page sends a user back to after signing in (`/auth/login?redirect=`). */
export const REDIRECT_PARAM = 'redirect';

/** The login page for a signed-out visitor of `location`, remembering it to come back after. */
export function loginPath(location: string): string {
  if (!location || location === '/') return '/auth/login';
  return `/auth/login?${REDIRECT_PARAM}=${encodeURIComponent(location)}`;
}

/**
 * Where a signed-in visitor of a login page goes: the `redirect` parameter of its location when
 * it names a page of this SPA (not a login page, not another site), else `/`.
 */
export function returnPath(location: string): string {
  const query = location.includes('?') ? location.slice(location.indexOf('?') + 1) : '';
  const to = new URLSearchParams(query).get(REDIRECT_PARAM);
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/auth')) return '/';
  return to;
}

/** The pages of a section that a user may open, in side-menu order. */
export function sectionPages(id: SectionId, user: SessionUser | null, routes = ROUTES): AppRoute[] {
  return routes
    .filter((r) => r.section === id && !r.redirect && isAvailable(r, user))
    .sort((a, b) => orderIn(a, id) - orderIn(b, id));
}

function orderIn(route: AppRoute, group: MenuGroup): number {
  return route.menu?.find((m) => m.group === group)?.order ?? 1000;
}

/**
 * Where a redirect route goes. A section's redirect goes to its preferred page when the user may
 * open it, otherwise to the first page of the section the user may open (null: none).
 */
export function redirectTarget(
  route: AppRoute,
  user: SessionUser | null,
  routes = ROUTES,
): string | null {
  if (!route.redirect) return null;
  if (!route.section) return route.redirect;
  const pages = sectionPages(route.section, user, routes);
  return (pages.find((p) => p.path === route.redirect) ?? pages[0])?.path ?? null;
}

/** Whether a section has a page that is built (whoever may open it). */
function hasBuiltPages(id: SectionId | undefined, routes: AppRoute[]): boolean {
  return !!id && routes.some((r) => r.section === id && !r.redirect && r.ready);
}

/**
 * The guard (SPEC §2): signed-in visitors leave the login pages for `/` (or the page they were
 * sent away from, see {@link returnPath}); signed-out visitors of a
 * login-only page go to the login page (remembering where they were going); a page that is not
 * built is a 404; a page whose permission the user lacks is a 403, and so is a section none of
 * whose built pages the user may open (a seat opening `/settings`).
 */
export function decideRoute(
  route: AppRoute,
  visitor: Visitor,
  location = '',
  routes = ROUTES,
): GuardDecision {
  if (route.access === 'guest' && visitor.signedIn) {
    return { kind: 'redirect', to: returnPath(location) };
  }
  if (route.access === 'user' && !visitor.signedIn)
    return { kind: 'redirect', to: loginPath(location) };
  if (!route.ready) return { kind: 'notFound' };
  if (route.redirect) {
    const to = redirectTarget(route, visitor.user, routes);
    if (to) return { kind: 'redirect', to };
    // A section with built pages, none of them the user's: forbidden, not missing.
    return hasBuiltPages(route.section, routes) ? { kind: 'forbidden' } : { kind: 'notFound' };
  }
  if (!can(visitor.user, route.permission)) return { kind: 'forbidden' };
  return { kind: 'render' };
}

/** A menu entry ready to render. */
export interface MenuEntry {
  key: string;
  to: string;
  labelKey: string;
  icon?: MenuSpec['icon'];
  badge?: MenuSpec['badge'];
  /** The route path behind the entry. */
  matchPath: string;
  /** The section the entry opens; any page of the section selects it. */
  section?: SectionId;
}

/**
 * The entries of a menu for a user: only pages that are built and allowed; a section shows in the
 * top menu only when it has at least one such page, and links to where its redirect goes.
 */
export function menuEntries(
  group: MenuGroup,
  user: SessionUser | null,
  routes = ROUTES,
): MenuEntry[] {
  const entries: (MenuEntry & { order: number })[] = [];
  for (const route of routes) {
    for (const spec of route.menu ?? []) {
      if (spec.group !== group) continue;
      let to: string | null;
      if (route.redirect) to = route.ready ? redirectTarget(route, user, routes) : null;
      else to = isAvailable(route, user) ? (spec.to ?? route.path) : null;
      if (!to) continue;
      entries.push({
        key: spec.to ?? route.path,
        to,
        labelKey: spec.labelKey ?? route.titleKey,
        icon: spec.icon,
        ...(spec.badge ? { badge: spec.badge } : {}),
        matchPath: route.path,
        section: route.section,
        order: spec.order,
      });
    }
  }
  return entries.sort((a, b) => a.order - b.order).map(({ order: _order, ...e }) => e);
}

/** The route registered for a path, if any. */
export function routeOf(path: string, routes = ROUTES): AppRoute | undefined {
  return routes.find((r) => r.path === path);
}

/** The query parameters of a link (`/?talkType=2` → talkType=2). */
function paramsOf(to: string): URLSearchParams {
  return new URLSearchParams(to.includes('?') ? to.slice(to.indexOf('?') + 1) : '');
}

/**
 * The one entry of a menu the location selects: the entry of the location's page (or section)
 * whose link's query parameters the location carries, the most specific first — on
 * `/message?talkType=2` 群聊, not 会话 too (both link to the conversation screen).
 */
export function selectedMenuKey(
  entries: MenuEntry[],
  pathname: string,
  search: string,
  routes = ROUTES,
): string | undefined {
  const route = routeOf(pathname, routes);
  const current = new URLSearchParams(search);
  let best: { key: string; score: number } | undefined;
  for (const e of entries) {
    const samePage =
      e.key === pathname + search ||
      e.matchPath === pathname ||
      (!!route?.section && e.section === route.section);
    if (!samePage) continue;
    const wanted = [...paramsOf(e.key)];
    if (!wanted.every(([k, v]) => current.get(k) === v)) continue;
    if (!best || wanted.length > best.score) best = { key: e.key, score: wanted.length };
  }
  return best?.key;
}
