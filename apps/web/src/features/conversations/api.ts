import {
  SKIP_CANCEL_PREFIX,
  type ConversationItem,
  type ConvMessagesResult,
  type ListResult,
  type MessageItem,
  type SendTextBody,
  type SessionGroupItem,
  type UnreadSummary,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import type { ListView } from './store/listView.ts';

const C = '/main-api/conv';
/** Calls that may repeat while one is in flight (reads, count checks) skip duplicate cancelling. */
const C_REPEATABLE = `/main-api${SKIP_CANCEL_PREFIX}/conv`;

/** Conversations per page of the list. */
export const LIST_PAGE_SIZE = 50;
/** Messages per page of a chat. */
export const MESSAGE_PAGE_SIZE = 30;

/** The result of a send: the stored message's id and the request id receipts carry. */
export interface SendResult {
  messageId: string;
  requestId: string;
}

/** The body of `conv/read`: one conversation, one account (mode 1) or everything (mode 2). */
export type ReadBody = { index_name: string } | { mode: 1; workWxid: string } | { mode: 2 };

/** Conversation calls (client A, API.md Conversations and messages). */
export const conversationsApi = {
  /** Silent: the list shows its own error in place. */
  list: (view: ListView, page: number, pageSize = LIST_PAGE_SIZE) =>
    mainApi.post<ListResult<ConversationItem>>(
      `${C}/list`,
      {
        page,
        pageSize,
        mode: view.mode,
        workWxid: view.mode === 'account' ? view.workWxid : undefined,
        sessionGroupId: view.mode === 'custom' ? view.sessionGroupId : undefined,
        keyword: view.keyword || undefined,
        talkType: view.talkType,
        tagIds: view.tagIds,
        assignee: view.assignee,
        status: view.status,
      },
      { silent: true },
    ),
  messages: (indexName: string, beforeMessageId?: string) =>
    mainApi.post<{ list: MessageItem[]; hasMore: boolean }>(`${C}/messages`, {
      index_name: indexName,
      beforeMessageId,
      limit: MESSAGE_PAGE_SIZE,
    }),
  /** The page around a message (`anchored: false` when the chat does not show it). */
  messagesAround: (indexName: string, messageId: string) =>
    mainApi.post<ConvMessagesResult>(`${C}/messages`, {
      index_name: indexName,
      aroundMessageId: messageId,
      limit: MESSAGE_PAGE_SIZE,
    }),
  /** The page after a message (scrolling down from a history hit towards the latest). */
  messagesAfter: (indexName: string, messageId: string) =>
    mainApi.post<ConvMessagesResult>(`${C}/messages`, {
      index_name: indexName,
      afterMessageId: messageId,
      limit: MESSAGE_PAGE_SIZE,
    }),
  /** Silent: a failed send shows on its bubble (with the reason and a resend action). */
  sendText: (body: SendTextBody) =>
    mainApi.post<SendResult>(body.refMsgId ? `${C}/send-refer-message` : `${C}/send-text`, body, {
      silent: true,
    }),
  resend: (messageId: string) =>
    mainApi.post<SendResult>(`${C}/resend`, { messageId }, { silent: true }),
  revoke: (messageId: string) => mainApi.post<null>(`${C}/revoke/message`, { messageId }),
  read: (body: ReadBody) => mainApi.post<{ cleared: number }>(`${C_REPEATABLE}/read`, body),
  pin: (indexName: string, isPin: boolean) =>
    mainApi.post<null>(`${C}/pin`, { index_name: indexName, isPin }),
  unread: () => mainApi.post<UnreadSummary>(`${C_REPEATABLE}/unread`, {}),
  groups: () => mainApi.post<SessionGroupItem[]>(`${C}/group/list`, {}),
  saveGroup: (body: { id?: string; name: string }) =>
    mainApi.post<{ id: string }>(`${C}/group/save`, body, { silent: true }),
  deleteGroup: (id: string) => mainApi.post<null>(`${C}/group/del`, { id }),
  setGroups: (indexName: string, groupIds: string[]) =>
    mainApi.post<null>(`${C}/set-group`, { index_name: indexName, groupIds }),
};

/** react-query keys of the inbox. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: (key: string) => ['inbox', 'list', key] as const,
  chat: (indexName: string) => ['inbox', 'chat', indexName] as const,
  unread: ['inbox', 'unread'] as const,
  groups: ['inbox', 'groups'] as const,
  membership: (indexName: string) => ['inbox', 'membership', indexName] as const,
};
