import type {
  AutoAgreeItem,
  AutoAgreeReplyItem,
  AutoAgreeReplySaveBody,
  AutoAgreeUpdateBody,
  KeywordRuleCreateBody,
  KeywordRuleItem,
} from '@cst/shared';
import { KEYWORD_LIST_LIMIT } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const KW = '/task-api/auto-reply/keywords';

/** React-query keys of the robots. */
export const robotsKeys = {
  rules: ['robots', 'rules'] as const,
  accept: (workWxid: string) => ['robots', 'accept', workWxid] as const,
  reply: (workWxid: string) => ['robots', 'reply', workWxid] as const,
};

/** Robot calls (API.md: auto-reply keywords, autoAgree). */
export const robotsApi = {
  /** SPEC §9: page 1, limit 500. */
  rules: ({ page, pageSize, keyword }: { page: number; pageSize: number; keyword?: string }) =>
    mainApi.post<{ list: KeywordRuleItem[]; total: number }>(`${KW}/fetch`, {
      page,
      limit: Math.min(pageSize, KEYWORD_LIST_LIMIT),
      keyword: keyword || undefined,
    }),
  createRule: (body: KeywordRuleCreateBody) => mainApi.post<{ id: string }>(`${KW}/create`, body),
  modifyRule: (id: string, body: KeywordRuleCreateBody) =>
    mainApi.post<KeywordRuleItem>(`${KW}/modify`, { id, ...body }),
  setEnabled: (id: string, enabled: boolean) =>
    mainApi.post<KeywordRuleItem>(`${KW}/modify/enabled`, { id, enabled }),
  deleteRules: (ids: string[]) => mainApi.post<{ deleted: number }>(`${KW}/delete`, { ids }),
  getAccept: (workWxid?: string) =>
    mainApi.post<AutoAgreeItem>('/api/autoAgree/get', { workWxid: workWxid || undefined }),
  saveAccept: (body: AutoAgreeUpdateBody) =>
    mainApi.post<AutoAgreeItem>('/api/autoAgree/update', body),
  getReply: (workWxid?: string) =>
    mainApi.post<AutoAgreeReplyItem>('/api/autoAgree/reply/get', {
      workWxid: workWxid || undefined,
    }),
  saveReply: (body: AutoAgreeReplySaveBody) =>
    mainApi.post<AutoAgreeReplyItem>('/api/autoAgree/reply/save', body),
};
