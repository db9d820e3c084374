import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { registerBusinessHoursRoutes } from './business-hours.routes.ts';
import { BusinessHoursService, HOURS_CHANNEL } from './business-hours.service.ts';
import { RULES_CHANNEL } from './keyword-rule.service.ts';
import { RobotJob } from './robot.job.ts';
import { registerRobotsRoutes } from './robots.routes.ts';

/**
 * Robots: keyword replies and the out-of-hours reply to received messages, the auto-accept of
 * friend requests (listed after the friend-requests module, whose handlers store the live request
 * first), their work on the scheduler, and the caches of rules and business hours dropped when
 * another instance saves them.
 */
export function robotsModule(
  deps: Uses<'media' | 'realtime' | 'robots' | 'runtime' | 'scheduler' | 'storage'>,
): ServerModule {
  const { engine, autoAccept } = deps.robots;
  const hours = new BusinessHoursService(deps);
  return {
    name: 'robots',
    jobs: [job(new RobotJob(deps))],
    on: {
      message: async (ev, account) => {
        await engine.onMessage(ev, account);
        await hours.onMessage(ev, account);
      },
      friendRequest: (_ev, account) => autoAccept.decidePending(account),
      statusChanged: (ev, account) =>
        ev.status === 'online' ? autoAccept.decidePending(account) : undefined,
      contactsChanged: (ev, account) => autoAccept.onContactsChanged(ev, account),
    },
    bus: {
      [RULES_CHANNEL]: (tenantId) => engine.forget(tenantId),
      [HOURS_CHANNEL]: (tenantId) => hours.forget(tenantId),
    },
    routes: (app) => {
      registerRobotsRoutes(app, deps);
      registerBusinessHoursRoutes(app, hours);
    },
  };
}
