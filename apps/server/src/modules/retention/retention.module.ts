import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { retentionJob } from './retention.job.ts';
import { registerRetentionRoutes } from './retention.routes.ts';

/** Retention (docs/operations.md): the manager's setting and the hourly job that applies it. */
export function retentionModule(deps: Uses<'storage'>): ServerModule {
  return {
    name: 'retention',
    jobs: [job(retentionJob(deps))],
    routes: (app) => registerRetentionRoutes(app, deps),
  };
}
