import type { Uses } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { job, type ServerModule } from '../module.ts';
import { registerAssignmentRoutes } from './assignment.routes.ts';
import { AssignmentService } from './assignment.service.ts';
import { registerServiceRoutes } from './service.routes.ts';
import { onSeatPresence } from './seat-presence.ts';

/** How often snoozed chats whose time came are opened again. */
export const SNOOZE_WAKE_INTERVAL_MS = 30_000;

/**
 * The service module: seat transfers and the service log, and the service flow — assignment
 * (automatic on received messages), status (received messages reopen; snoozes expire on the
 * scheduler) and seats' presence (from their console sockets).
 */
export function serviceModule(deps: Uses<'flowHandlers' | 'realtime'>): ServerModule {
  const flow = new AssignmentService(deps);
  let offPresence: (() => void) | null = null;
  return {
    name: 'service',
    jobs: [job(periodicJob('snoozeWake', SNOOZE_WAKE_INTERVAL_MS, () => flow.wakeSnoozed()))],
    on: { inboundStored: (stored) => flow.onInbound(stored) },
    start() {
      offPresence = onSeatPresence(deps, flow);
    },
    stop() {
      offPresence?.();
    },
    routes: (app) => {
      registerServiceRoutes(app, deps);
      registerAssignmentRoutes(app, flow);
    },
  };
}
