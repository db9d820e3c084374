import type { RealtimeHub } from './realtime.hub.ts';

export { RealtimeHub } from './realtime.hub.ts';
export type {
  HubOptions,
  PushInput,
  RealtimeSocket,
  ClientHandler,
  StagedPushes,
} from './realtime.hub.ts';

declare module '../platform/deps.ts' {
  interface Services {
    /**
     * The realtime hub of a server instance. Other modules publish through it:
     * `deps.realtime.publish(tenantId, {event, data, workAccountId?|userIds?})` after their
     * commit, and register client events with `onClientEvent`.
     */
    realtime: RealtimeHub;
  }
}
