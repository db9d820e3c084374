import type { Uses } from '../../platform/deps.ts';
import { registerUnreadSource } from '../accounts/index.ts';
import type { ServerModule } from '../module.ts';
import * as repo from './conversation.repository.ts';
import { registerNoteRoutes } from './conversation-note.routes.ts';
import { NoteService } from './conversation-note.service.ts';
import { registerConversationRoutes } from './conversation.routes.ts';
import { ConversationService } from './conversation.service.ts';
import { serveHolderCalls } from './holder-call.ts';
import { MessageDispatcher } from './message-dispatch.service.ts';
import { MessageIngest } from './message-ingest.service.ts';
import { SessionGroupService } from './session-group.service.ts';

/**
 * Conversations and messages: the ingest of the platform's message events, the dispatcher that
 * hands console sends to the platform, the holder calls, and the unread count of accounts.
 */
export function conversationsModule(
  deps: Uses<'messageHooks' | 'realtime' | 'runtime' | 'sendGuards' | 'unread'>,
): ServerModule {
  const dispatcher = new MessageDispatcher(deps);
  const ingest = new MessageIngest(deps);
  const notes = new NoteService(deps);
  const service = new ConversationService(deps, dispatcher, notes);
  const groups = new SessionGroupService(deps, service);
  registerUnreadSource(deps, (tenantId, accountIds) =>
    repo.unreadByAccount(deps.db, { tenantId, accountIds: 'all' }, accountIds),
  );
  let stopCalls: (() => void) | null = null;
  return {
    name: 'conversations',
    on: {
      message: (ev, account) => ingest.add({ kind: 'message', ev, account }),
      sendReceipt: (ev, account) => ingest.add({ kind: 'receipt', ev, account }),
      revoked: (ev, account) => ingest.add({ kind: 'revoked', ev, account }),
      messageEdited: (ev, account) => ingest.add({ kind: 'edited', ev, account }),
      readSync: (ev, account) => ingest.add({ kind: 'readSync', ev, account }),
    },
    start() {
      dispatcher.start();
      stopCalls = serveHolderCalls(deps);
    },
    async stop() {
      stopCalls?.();
      await dispatcher.stop();
      await ingest.drained();
    },
    routes(app) {
      app.decorate('messageIngest', ingest);
      registerConversationRoutes(app, { service, groups });
      registerNoteRoutes(app, notes);
    },
  };
}
