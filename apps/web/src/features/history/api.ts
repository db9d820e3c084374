import type {
  ConversationItem,
  HistorySearchBody,
  MessageItem,
  MessageWithConversation,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** History search calls (API.md: poly-message-his, cst/message-list). */
export const historyApi = {
  search: (body: Partial<HistorySearchBody>) =>
    mainApi.post<{ list: MessageWithConversation[]; total: number }>(
      '/main-api/conv/poly-message-his',
      body,
    ),
  around: (messageId: string) =>
    mainApi.post<{
      conv: ConversationItem;
      list: MessageItem[];
      messageId: string;
      hasBefore: boolean;
      hasAfter: boolean;
    }>('/main-api/conv/cst/message-list', { messageId, before: 10, after: 10 }),
};
