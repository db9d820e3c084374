import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { groupEventHandlers } from './group-events.ts';
import { registerGroupRoutes } from './group.routes.ts';

/** Groups of work accounts: routes, and the platform's group notices and changes. */
export function groupsModule(deps: Uses<'realtime' | 'runtime'>): ServerModule {
  const events = groupEventHandlers(deps);
  return {
    name: 'groups',
    on: { groupNotice: events.groupNotice, groupChanged: events.groupChanged },
    routes: (app) => registerGroupRoutes(app, deps),
  };
}
