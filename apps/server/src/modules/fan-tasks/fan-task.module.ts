import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { FanTaskEvents } from './fan-task.events.ts';
import { FanAddJob } from './fan-task.job.ts';
import { fanPushes } from './fan-task.push.ts';
import { registerFanTaskRoutes } from './fan-task.routes.ts';
import { FanTaskService } from './fan-task.service.ts';

/** Fan-adding tasks: routes, the adding job, and the platform's answers to its requests. */
export function fanTasksModule(
  deps: Uses<'fanImports' | 'realtime' | 'runtime' | 'taskTimers'>,
): ServerModule {
  const events = new FanTaskEvents(deps);
  const tasks = new FanTaskService(deps);
  return {
    name: 'fan-tasks',
    jobs: [job(new FanAddJob(deps))],
    on: {
      friendRequestAnswered: (ev, account) => events.onAnswered(ev, account),
      contactsChanged: (ev, account) => events.onContactsChanged(ev, account),
      'account.risk': (ev) => tasks.onAccountRisk(ev),
    },
    stop: () => fanPushes.stopProgress(deps),
    routes: (app) => registerFanTaskRoutes(app, deps),
  };
}
