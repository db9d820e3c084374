import type {
  AssigneeItem,
  AssignmentRule,
  ConversationItem,
  ConversationStatus,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** The service flow's calls (API.md "Service flow"). */
export const flowApi = {
  assign: (indexName: string, uid: string | null) =>
    mainApi.post<{ conv: ConversationItem }>('/main-api/conv/assign', {
      index_name: indexName,
      uid,
    }),
  status: (indexName: string, status: ConversationStatus, snoozeUntil?: number) =>
    mainApi.post<{ conv: ConversationItem }>('/main-api/conv/status', {
      index_name: indexName,
      status,
      snoozeUntil,
    }),
  bulkAssign: (indexNames: string[], uid: string | null) =>
    mainApi.post<{ updated: number }>('/main-api/conv/bulk-assign', {
      index_names: indexNames,
      uid,
    }),
  bulkStatus: (indexNames: string[], status: ConversationStatus) =>
    mainApi.post<{ updated: number }>('/main-api/conv/bulk-status', {
      index_names: indexNames,
      status,
    }),
  assignees: (indexName: string) =>
    mainApi.post<{ list: AssigneeItem[] }>('/main-api/conv/assignees', { index_name: indexName }),
  rules: () => mainApi.post<{ list: AssignmentRule[] }>('/main-api/service/assignment/list'),
  saveRule: (rule: AssignmentRule) => mainApi.post<null>('/main-api/service/assignment/save', rule),
  presence: () => mainApi.post<{ dnd: boolean }>('/main-api/service/presence'),
  setPresence: (dnd: boolean) =>
    mainApi.post<{ dnd: boolean }>('/main-api/service/presence/save', { dnd }),
};
