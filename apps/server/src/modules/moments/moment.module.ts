import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { MomentFeedService } from './moment-feed.service.ts';
import { MomentPostJob } from './moment-post.job.ts';
import { registerMomentRoutes } from './moment.routes.ts';

/** Moments: the feed the platform reports, and posts published by a job on the scheduler. */
export function momentsModule(
  deps: Uses<'files' | 'realtime' | 'runtime' | 'storage'>,
): ServerModule {
  const feed = new MomentFeedService(deps);
  return {
    name: 'moments',
    jobs: [job(new MomentPostJob(deps))],
    on: { moment: (ev, account) => feed.onMoment(ev, account) },
    routes: (app) => registerMomentRoutes(app, deps, feed),
  };
}
