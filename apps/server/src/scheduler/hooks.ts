import type { FastifyInstance } from 'fastify';
import type { Uses } from '../platform/deps.ts';

/**
 * Runs the scheduler in this process when `SERVICES` includes `scheduler`: it starts once the
 * server is ready and stops before the server closes (before the gateway lets its accounts go),
 * so items running at shutdown finish and the rest are handed back.
 */
export function attachScheduler(app: FastifyInstance, deps: Uses<'scheduler'>): void {
  if (!deps.config.services.has('scheduler')) return;
  const scheduler = deps.scheduler;
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}
