import type { ChatMessage } from '../store/inboxStore.ts';

/** Props of every message bubble (the rich bubbles of features/bubbles take them too). */
export interface BubbleProps {
  message: ChatMessage;
}
