import type { Deps } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { authCleanupJob } from './auth-cleanup.job.ts';
import { registerAuthRoutes } from './auth.routes.ts';

/** Sign-in, sessions, registration, and the job that clears expired sessions and codes. */
export function authModule(deps: Deps): ServerModule {
  return {
    name: 'auth',
    jobs: [job(authCleanupJob())],
    routes: (app) => registerAuthRoutes(app, deps),
  };
}
