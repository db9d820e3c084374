import type { SessionUser } from '@cst/shared';
import { can } from '../../lib/session/sessionStore.ts';
import type { AppRoute } from './types.ts';

/** Whether a user may open a ready page (its permission, if any, is held). */
export function isAvailable(route: AppRoute, user: SessionUser | null): boolean {
  return route.ready && can(user, route.permission);
}
