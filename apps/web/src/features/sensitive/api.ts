import type { SensitiveHighlight, SensitiveRecordItem, SensitiveWordItem } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** The xlsx exports of the word list and of the hits, under the same filters. */
export const SENSITIVE_EXPORT_URL = '/main-api/sensitive/export';
export const SENSITIVE_RECORDS_EXPORT_URL = '/main-api/conv/sensitive-msg-record/export';

/** Sensitive-word calls (API.md). */
export const sensitiveApi = {
  list: ({ page, pageSize, keyword }: { page: number; pageSize: number; keyword?: string }) =>
    mainApi.post<{ list: SensitiveWordItem[]; total: number }>('/main-api/sensitive/list', {
      page,
      pageSize,
      keyword: keyword || undefined,
    }),
  add: (words: string[]) =>
    mainApi.post<{ added: number; ignored: number }>('/main-api/sensitive/add', { words }),
  del: (ids: string[]) => mainApi.post<{ deleted: number }>('/main-api/sensitive/del', { ids }),
  records: ({ page, pageSize }: { page: number; pageSize: number }) =>
    mainApi.post<{ list: SensitiveRecordItem[]; total: number }>(
      '/main-api/conv/sensitive-msg-record',
      { page, pageSize },
    ),
  highlight: () =>
    mainApi.get<SensitiveHighlight>('/main-api/sensitive/highlight', undefined, { silent: true }),
};
