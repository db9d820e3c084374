import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { attachScheduler } from '../scheduler/hooks.ts';
import { realtimeModule } from '../realtime/realtime.module.ts';
import { accountsModule } from './accounts/account.module.ts';
import { aiModule } from './ai/index.ts';
import { authModule } from './auth/auth.module.ts';
import { backupModule } from './backup/index.ts';
import { retentionModule } from './retention/index.ts';
import { billingModule } from './billing/billing.module.ts';
import { bulkSendModule } from './bulk-send/bulk-send.module.ts';
import { contactsModule } from './contacts/contact.module.ts';
import { conversationsModule } from './conversations/conversation.module.ts';
import { emoticonsModule } from './emoticons/emoticons.module.ts';
import { fanImportModule } from './fan-import/fan-import.module.ts';
import { fanTasksModule } from './fan-tasks/fan-task.module.ts';
import { filesModule } from './files/files.module.ts';
import { friendRequestsModule } from './friend-requests/friend-request.module.ts';
import { friendsModule } from './friends/friends.module.ts';
import { groupsModule } from './groups/group.module.ts';
import { historyModule } from './history/history.module.ts';
import { materialModule } from './material/material.module.ts';
import { mediaModule } from './media/media.module.ts';
import { momentsModule } from './moments/moment.module.ts';
import { openapiModule } from './openapi/openapi.module.ts';
import { phrasesModule } from './phrases/phrase.module.ts';
import { portsModule } from './ports/ports.module.ts';
import { positionsModule } from './positions/positions.module.ts';
import { profileLibrariesModule } from './profile-libraries/profile-library.module.ts';
import { profileModule } from './profile/profile.module.ts';
import { robotsModule } from './robots/robots.module.ts';
import { rolesModule } from './roles/roles.module.ts';
import { seatsModule } from './seats/seats.module.ts';
import { sensitiveModule } from './sensitive/sensitive.module.ts';
import { serviceModule } from './service/service.module.ts';
import { simulatorApiModule } from './simulator-api/simulator-api.module.ts';
import { statisticsModule } from './statistics/statistics.module.ts';
import { tagsModule } from './tags/tags.module.ts';
import { talkModule } from './talk/talk.module.ts';
import { translationModule } from './translation/translation.module.ts';
import { usersModule } from './users/users.module.ts';
import { webhooksModule } from './webhooks/webhooks.module.ts';
import { mountModule, type ServerModule } from './module.ts';

/**
 * The server's modules in mounting order. The order matters where modules handle the same event:
 * handlers run in this order (conversations store a message before sensitive words and robots see
 * it; contacts store the platform's changes of friends and groups before friend-requests, groups,
 * fan-tasks and robots react to them; friend-requests store a request before the robots'
 * auto-accept decides on it).
 */
export function serverModules(deps: AppDeps): ServerModule[] {
  return [
    authModule(deps),
    usersModule(deps),
    rolesModule(deps),
    positionsModule(deps),
    portsModule(deps),
    billingModule(deps),
    seatsModule(deps),
    profileModule(deps),
    realtimeModule(deps),
    accountsModule(deps),
    simulatorApiModule(deps),
    conversationsModule(deps),
    filesModule(deps),
    mediaModule(deps),
    emoticonsModule(deps),
    talkModule(deps),
    sensitiveModule(deps),
    translationModule(deps),
    historyModule(deps),
    contactsModule(deps),
    friendRequestsModule(deps),
    friendsModule(deps),
    groupsModule(deps),
    tagsModule(deps),
    fanTasksModule(deps),
    fanImportModule(deps),
    serviceModule(deps),
    momentsModule(deps),
    materialModule(deps),
    phrasesModule(deps),
    profileLibrariesModule(deps),
    robotsModule(deps),
    aiModule(deps),
    bulkSendModule(deps),
    statisticsModule(deps),
    openapiModule(deps),
    backupModule(deps),
    retentionModule(deps),
    webhooksModule(deps),
  ];
}

/** Mounts every module (routes, jobs, event handlers, start and stop), then the scheduler. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const m of serverModules(deps)) mountModule(app, deps, m);
  // Last: job kinds are registered above; the scheduler starts once the server is ready.
  attachScheduler(app, deps);
}
