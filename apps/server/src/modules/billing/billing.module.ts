import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { registerBillingRoutes } from './billing.routes.ts';
import { portExpiryJob } from './port-expiry.job.ts';

/** Billing: ports, orders and the job that expires ports. */
export function billingModule(deps: Uses<'realtime'>): ServerModule {
  return {
    name: 'billing',
    jobs: [job(portExpiryJob(deps))],
    routes: (app) => registerBillingRoutes(app, deps),
  };
}
