import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { FriendRequestEvents } from './friend-request-events.ts';
import { registerFriendRequestRoutes } from './friend-request.routes.ts';

/** Friend requests: stored as the platform reports them, and pulled when an account comes online. */
export function friendRequestsModule(deps: Uses<'realtime' | 'runtime'>): ServerModule {
  const events = new FriendRequestEvents(deps);
  const runtime = deps.runtime;
  return {
    name: 'friend-requests',
    on: {
      friendRequest: (ev, account) => events.onFriendRequest(ev, account),
      friendRequestAnswered: (ev, account) => events.onAnswered(ev, account),
      contactsChanged: (ev, account) => events.onContactsChanged(ev, account),
      statusChanged: (ev, account) =>
        ev.status === 'online' ? events.pullReceived(runtime.gateway, account) : undefined,
    },
    routes: (app) => registerFriendRequestRoutes(app, deps),
  };
}
