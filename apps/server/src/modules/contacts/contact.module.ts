import type { Uses } from '../../platform/deps.ts';
import type { ServerModule } from '../module.ts';
import { ContactSyncService } from './contact-sync.service.ts';
import { registerContactRoutes } from './contact.routes.ts';
import { onPersonMerged } from './person-merge.service.ts';

/**
 * Contacts: the user card's routes, and the sync of a work account's friends and groups with the
 * platform — the full read after a login (registered with the account runtime: it runs before
 * the account shows online), the platform's changes of contacts and groups, and one person's two
 * ids merged into one (`personMerged`: friend, chat and everything under them, one transaction). The contacts
 * module is listed before the modules that handle the same events after the rows are stored
 * (friend-requests, groups, fan-tasks, robots).
 */
export function contactsModule(deps: Uses<'realtime' | 'runtime'>): ServerModule {
  const runtime = deps.runtime;
  const sync = new ContactSyncService(deps, () => runtime.gateway);
  runtime.registerLoginSync((account) => sync.fullSync(account));
  return {
    name: 'contacts',
    on: {
      contactsChanged: (ev, account) => sync.onContactsChanged(account, ev),
      personMerged: (ev, account) => onPersonMerged(deps, account, ev),
      groupChanged: (ev, account) => sync.onGroupChanged(account, ev),
      groupNotice: (ev, account) => sync.onGroupNotice(account, ev),
    },
    routes: (app) => registerContactRoutes(app, deps),
  };
}
