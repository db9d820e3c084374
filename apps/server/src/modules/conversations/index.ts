// The conversations module's front door: conversations and messages (their rows, scope and
// presentation), the console's sends and holder calls, the pushes that tell browsers a chat
// changed, and the hooks other modules use to follow messages.
export { assertAccountCanSend } from './account-state.ts';
export { NoteService } from './conversation-note.service.ts';
export { announceSends, type Draft, enqueueMany, Outbox } from './conversation.outbox.ts';
export { presentConversation, presentMessage } from './conversation.presenter.ts';
export { convUpdatePush } from './conversation.push.ts';
export {
  accountByWxid,
  conversationById,
  type ConversationRow,
  findByMsgId,
  type ConvScope,
  type MessageRow,
  notHidden,
} from './conversation.repository.ts';
export {
  convScopeOf,
  scopeForPeers,
  scopeHas,
  sendableAccount,
  visibleAccount,
  visibleAccountIn,
} from './conversation.scope.ts';
export { ConversationService } from './conversation.service.ts';
export {
  callHolder,
  type EncodedMedia,
  type HolderCommand,
  platformRefusal,
  type RefusalTable,
  type SimulatorCall,
} from './holder-call.ts';
export { mediaAddressesOf } from './media-address.ts';
export { visibleConversation, visibleMessage, type VisibleMessage } from './message-access.ts';
export { MessageDispatcher } from './message-dispatch.service.ts';
export type { InboundStored } from './message-hooks.ts';
export { type GuardedSend, registerSendGuard } from './send-guard.ts';
