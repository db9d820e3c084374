// The chat-platform seam (DESIGN.md §6): the commands and events every adapter offers, and the
// hub that delivers an account's events in order. The contract suite every adapter passes is
// `@cst/gateway/contract` (it imports vitest, so it stays out of this entry).
export * from './types.ts';
export { EventHub, handToEach, keptOf, type EventHubLogger } from './event-hub.ts';
export { SecretBox, openSecretBox } from './secret-box.ts';
export { TYPING_MAX_MS, TYPING_MIN_MS, TYPING_MS_PER_CHAR, typingMsOf } from './typing.ts';
