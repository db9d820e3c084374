import { useMemo } from 'react';
import { usePlatform } from '../../features/accounts/api.ts';
import { ROUTES } from './registry.ts';
import type { AppRoute } from './types.ts';

/**
 * The platform capability (gateway `CAPABILITIES`) a page needs, by path or path prefix (a prefix
 * ends with '/'). Kept beside the registry rather than in it so that features flipping `ready` on
 * their entries do not touch these lines.
 */
export const ROUTE_CAPABILITIES: readonly (readonly [path: string, capability: string])[] = [
  // Friend requests: the list, and the robots that accept them.
  ['/contacts/apply', 'friendRequests'],
  ['/customerCenter/robotPassFriend', 'friendRequests'],
  ['/customerCenter/robotPassFriendReply', 'friendRequests'],
  // Adding friends in bulk.
  ['/customerCenter/mutilAddFriends', 'addFriend'],
  // Moments, all of its pages.
  ['/moments', 'moments'],
  ['/moments/', 'moments'],
];

/** The capability a route needs, if any. */
export function capabilityOf(path: string): string | undefined {
  return ROUTE_CAPABILITIES.find(([p]) => (p.endsWith('/') ? path.startsWith(p) : path === p))?.[1];
}

/**
 * The registry as a platform sees it: a page needing a capability the platform lacks counts as
 * not built, so it shows in no menu, a section's redirect skips it, and opening it is a 404.
 */
export function platformRoutes(can: (cap: string) => boolean, routes = ROUTES): AppRoute[] {
  return routes.map((r) => {
    const cap = capabilityOf(r.path);
    return cap && r.ready && !can(cap) ? { ...r, ready: false } : r;
  });
}

/**
 * The registry for the server's platform (everything counts as available until it is known, and
 * for signed-out visitors, who cannot ask).
 */
export function usePlatformRoutes(): AppRoute[] {
  const caps = usePlatform().data?.capabilities;
  return useMemo(() => {
    if (!caps) return ROUTES;
    const set = new Set<string>(caps);
    return platformRoutes((c) => set.has(c));
  }, [caps]);
}
