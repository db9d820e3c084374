import type {
  BulkDetailsBody,
  BulkDetailsResult,
  BulkReissueResult,
  BulkSettingsResult,
  BulkSettingsSaveBody,
  BulkTaskCreateBody,
  BulkTaskCreateResult,
  BulkTaskFetchBody,
  BulkTaskFetchResult,
  GroupListResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const P = '/task-api/bulk-send-task';

/** Calls of the group helper's mass send. */
export const bulkSendApi = {
  fetch: (body: Partial<BulkTaskFetchBody>) =>
    mainApi.post<BulkTaskFetchResult>(`${P}/fetch`, body),
  details: (body: Partial<BulkDetailsBody> & { taskId: string }) =>
    mainApi.post<BulkDetailsResult>(`${P}/sub-task/details`, body),
  create: (body: BulkTaskCreateBody) => mainApi.post<BulkTaskCreateResult>(`${P}/create`, body),
  pause: (taskId: string) => mainApi.post<unknown>(`${P}/pause`, { taskId }),
  restart: (taskId: string) => mainApi.post<unknown>(`${P}/restart`, { taskId }),
  reissue: (taskId: string) => mainApi.post<BulkReissueResult>(`${P}/failed-reissue`, { taskId }),
  remove: (taskId: string) => mainApi.post<unknown>(`${P}/delete`, { taskId }),
  settings: (workWxid?: string) =>
    mainApi.post<BulkSettingsResult>(`${P}/settings/get`, { workWxid }),
  saveSettings: (body: BulkSettingsSaveBody) =>
    mainApi.post<BulkSettingsResult>(`${P}/settings/save`, body),
  groups: (workWxid: string) =>
    mainApi.get<GroupListResult>(
      `/api/v1/group/list?workWxid=${encodeURIComponent(workWxid)}&pageSize=500`,
    ),
  exportUrl: `${P}/sub-task/export`,
};

export const bulkSendKeys = {
  list: ['bulkSend', 'list'] as const,
  details: ['bulkSend', 'details'] as const,
  settings: ['bulkSend', 'settings'] as const,
};
