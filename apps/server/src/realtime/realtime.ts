import type { Deps } from '../platform/deps.ts';
import { RealtimeHub, type HubOptions } from './realtime.hub.ts';

export type { PushInput, RealtimeSocket, ClientHandler } from './realtime.hub.ts';

const hubs = new WeakMap<Deps, RealtimeHub>();

/**
 * The realtime hub of a server instance. Other modules publish through it:
 * `realtimeOf(deps).publish(tenantId, {event, data, workAccountId?|userIds?})` after their commit,
 * and register client events with `onClientEvent`.
 */
export function realtimeOf(deps: Deps): RealtimeHub {
  let hub = hubs.get(deps);
  if (!hub) {
    hub = new RealtimeHub(deps);
    hubs.set(deps, hub);
  }
  return hub;
}

/** Creates the hub with tunables (before the app is built); tests shorten the timers. */
export function configureRealtime(deps: Deps, options: Partial<HubOptions>): RealtimeHub {
  if (hubs.has(deps)) throw new Error('realtime hub already created for these deps');
  const hub = new RealtimeHub(deps, options);
  hubs.set(deps, hub);
  return hub;
}
