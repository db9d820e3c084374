// The talk module's front door: the talk service and the messages and chats a caller may see.
export { TalkService } from './talk.service.ts';
