import type { Deps } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { schedulerOf, SCHEDULER_WAKE_CHANNEL } from '../../scheduler/scheduler.ts';
import { job, type ServerModule } from '../module.ts';
import { forgetSinks, WEBHOOKS_CHANGED_CHANNEL } from './event-log.ts';
import { deleteOlderThan } from './open-events.repository.ts';
import { WebhookDeliveryJob } from './webhook-delivery.job.ts';
import { registerWebhookRoutes } from './webhook.routes.ts';
import { WebhookService } from './webhook.service.ts';

/** How long events and the delivery log are kept. */
export const EVENT_KEEP_MS = 7 * 86400_000;

/** Deletes events and deliveries past their 7 days. */
export async function cleanUpEvents(deps: Deps) {
  const gone = await deleteOlderThan(deps.db, deps.now() - EVENT_KEEP_MS);
  if (gone.events + gone.deliveries > 0) deps.log.info(gone, 'open events clean-up');
  return gone;
}

/**
 * Webhooks (DESIGN.md §12): the endpoints' routes, the delivery job and the hourly clean-up on
 * the scheduler, and the cache of what each tenant listens to, dropped when another instance
 * changes a tenant's endpoints. The event log itself (`recordEvents`) is called by the modules
 * whose changes make events, in their transactions.
 */
export function webhooksModule(deps: Deps): ServerModule {
  const service = new WebhookService(deps);
  let unlisten: (() => Promise<void>) | null = null;
  return {
    name: 'webhooks',
    jobs: [
      job(new WebhookDeliveryJob(deps)),
      job(periodicJob('openEventsCleanup', 3600_000, cleanUpEvents)),
    ],
    bus: { [WEBHOOKS_CHANGED_CHANNEL]: (tenantId) => forgetSinks(tenantId) },
    async start() {
      // The event log NOTIFYs the scheduler in the change's transaction. On PostgreSQL the bus
      // hears it; on PGlite (an in-process bus) the database's own listener passes it on.
      if (deps.database.kind === 'pglite' && deps.config.services.has('scheduler')) {
        unlisten = await deps.database.listen(SCHEDULER_WAKE_CHANNEL, () =>
          schedulerOf(deps).poke(),
        );
      }
    },
    async stop() {
      await unlisten?.();
    },
    routes: (app) => registerWebhookRoutes(app, service),
  };
}
