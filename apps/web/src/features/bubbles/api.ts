import type { ChatRecords, VoteRecord } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** Calls of the rich bubbles (API.md: talk, emoticon, voice to text). */
export const bubblesApi = {
  voiceToText: (messageId: string) =>
    mainApi.post<{ messageId: string; text: string }>('/wechat_api/message/voiceToText', {
      messageId,
    }),
  /** Silent: the bubble shows SPEC's own failure text. */
  saveEmoticon: (messageId: string) =>
    mainApi.post<unknown>('/api/v1/emoticon/set-user-emoticon', { messageId }, { silent: true }),
  vote: (recordId: string, messageId: string) =>
    mainApi.post<VoteRecord>('/api/v1/talk/vote', { record_id: recordId, messageId }),
  voteHandle: (recordId: string, messageId: string, options: string[]) =>
    mainApi.post<VoteRecord>('/api/v1/talk/vote/handle', {
      record_id: recordId,
      messageId,
      options: options.join(','),
    }),
  chatRecords: (recordId: string) =>
    mainApi.get<ChatRecords>('/api/v1/talk/find-chat-records', { record_id: recordId }),
};
