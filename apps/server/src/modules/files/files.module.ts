import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { registerFilesRoutes } from './files.routes.ts';
import { sliceSweepJob } from './slice-uploads.ts';

/** The files module: its routes and the hourly sweep of unfinished sliced uploads. */
export function filesModule(deps: Uses<'files' | 'storage'>): ServerModule {
  return {
    name: 'files',
    jobs: [job(sliceSweepJob(deps))],
    routes: (app) => registerFilesRoutes(app, deps),
  };
}
