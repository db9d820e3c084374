import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { BulkSendEvents } from './bulk-send.events.ts';
import { BulkSendJob } from './bulk-send.job.ts';
import { bulkPushes } from './bulk-send.push.ts';
import { registerBulkSendRoutes } from './bulk-send.routes.ts';
import { BulkSendService } from './bulk-send.service.ts';

/**
 * The group helper's mass send (issue 16): its routes, the task's job on the scheduler, and the
 * platform's answers moving its sends.
 */
export function bulkSendModule(
  deps: Uses<'realtime' | 'runtime' | 'storage' | 'taskTimers'>,
): ServerModule {
  const events = new BulkSendEvents(deps);
  const tasks = new BulkSendService(deps);
  return {
    name: 'bulk-send',
    jobs: [job(new BulkSendJob(deps))],
    on: {
      messageDispatched: (row) => events.onDispatched(row),
      sendReceipt: (ev, account) => events.onReceipt(ev, account),
      'account.risk': (ev) => tasks.onAccountRisk(ev),
    },
    stop: () => bulkPushes.stopProgress(deps),
    routes: (app) => registerBulkSendRoutes(app, deps),
  };
}
