import type { BusinessStatus, NoteSeat, SensitiveSendRules } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** Private notes, the seats they mention, a chat's business hours, the send rules of words. */
export const notesApi = {
  note: (indexName: string, content: string, mentions: string[]) =>
    mainApi.post<{ messageId: string }>('/main-api/conv/note', {
      index_name: indexName,
      content,
      mentions,
    }),
  seats: (indexName: string) =>
    mainApi.post<{ list: NoteSeat[] }>('/main-api/conv/note-seats', { index_name: indexName }),
  businessStatus: (indexName: string) =>
    mainApi.post<BusinessStatus>(
      '/main-api/conv/business-status',
      { index_name: indexName },
      { silent: true },
    ),
  sendRules: () =>
    mainApi.post<SensitiveSendRules>('/main-api/sensitive/send-rules', undefined, {
      silent: true,
    }),
};

/** Query keys of the notes feature. */
export const notesKeys = {
  seats: (indexName: string) => ['notes', 'seats', indexName] as const,
  business: (indexName: string) => ['notes', 'business', indexName] as const,
  sendRules: ['sensitive', 'send-rules'] as const,
};
