import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerPortsRoutes } from './ports/ports.routes.ts';
import { registerPositionsRoutes } from './positions/positions.routes.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { registerRolesRoutes } from './roles/roles.routes.ts';
import { registerSeatsRoutes } from './seats/seats.routes.ts';
import { registerUsersRoutes } from './users/users.routes.ts';
import { registerRealtimeRoutes } from '../realtime/realtime.routes.ts';
import { registerAccountRoutes } from './accounts/account.routes.ts';
import { registerSimulatorApiRoutes } from './simulator-api/simulator-api.routes.ts';
import { registerConversationRoutes } from './conversations/conversation.routes.ts';
import { registerFilesRoutes } from './files/files.routes.ts';
import { registerMediaRoutes } from './media/media.routes.ts';
import { registerEmoticonsRoutes } from './emoticons/emoticons.routes.ts';
import { registerTalkRoutes } from './talk/talk.routes.ts';
import { registerSensitiveRoutes } from './sensitive/sensitive.routes.ts';
import { registerTranslationRoutes } from './translation/translation.routes.ts';
import { registerHistoryRoutes } from './history/history.routes.ts';
import { registerContactRoutes } from './contacts/contact.routes.ts';
import { registerFriendRequestRoutes } from './friend-requests/friend-request.routes.ts';
import { registerFriendsRoutes } from './friends/friends.routes.ts';
import { registerGroupRoutes } from './groups/group.routes.ts';
import { registerTagsRoutes } from './tags/tags.routes.ts';
import { registerFanImportRoutes } from './fan-import/fan-import.routes.ts';
import { registerFanTaskRoutes } from './fan-tasks/fan-task.routes.ts';
import { attachScheduler } from '../scheduler/hooks.ts';

/** Registers every feature module's routes. */
export async function registerModules(app: FastifyInstance, deps: Deps): Promise<void> {
  registerAuthRoutes(app, deps);
  registerUsersRoutes(app, deps);
  registerRolesRoutes(app, deps);
  registerPositionsRoutes(app, deps);
  registerPortsRoutes(app, deps);
  registerSeatsRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerRealtimeRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerSimulatorApiRoutes(app, deps);
  registerConversationRoutes(app, deps);
  registerFilesRoutes(app, deps);
  registerMediaRoutes(app, deps);
  registerEmoticonsRoutes(app, deps);
  registerTalkRoutes(app, deps);
  registerSensitiveRoutes(app, deps);
  registerTranslationRoutes(app, deps);
  registerHistoryRoutes(app, deps);
  registerContactRoutes(app, deps);
  registerFriendRequestRoutes(app, deps);
  registerFriendsRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerTagsRoutes(app, deps);
  registerFanTaskRoutes(app, deps);
  registerFanImportRoutes(app, deps);
  // Last: job kinds are registered above; the scheduler starts once the server is ready.
  attachScheduler(app, deps);
}
