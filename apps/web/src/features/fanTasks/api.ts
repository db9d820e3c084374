import type {
  FanImportCheckBody,
  FanImportFormat,
  FanImportReport,
  Language,
  FanTaskCreateBody,
  FanTaskCreateResult,
  FanTaskListBody,
  FanTaskListResult,
  FanTaskRowsBody,
  FanTaskRowsResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const TASK = '/task-api/fans/task';
const IMPORT = '/task-api/fans/import';

/** The input of a create: what the form holds (defaults filled by the server). */
export type FanTaskCreateInput = Omit<
  FanTaskCreateBody,
  'intervalSec' | 'jitterSec' | 'dailyCap' | 'rowsPerPull' | 'startType' | 'includeTried'
> &
  Partial<FanTaskCreateBody>;

/** Calls of bulk friend-adding tasks and their imported lists. */
export const fanTasksApi = {
  list: (body: Partial<FanTaskListBody>) => mainApi.post<FanTaskListResult>(`${TASK}/list`, body),
  rows: (body: Partial<FanTaskRowsBody> & { taskId: string }) =>
    mainApi.post<FanTaskRowsResult>(`${TASK}/rows`, body),
  create: (body: FanTaskCreateInput) => mainApi.post<FanTaskCreateResult>(`${TASK}/create`, body),
  pause: (taskId: string) => mainApi.post<unknown>(`${TASK}/pause`, { taskId }),
  restart: (taskId: string) => mainApi.post<unknown>(`${TASK}/restart`, { taskId }),
  remove: (taskId: string) => mainApi.post<unknown>(`${TASK}/delete`, { taskId }),
  exportUrl: `${TASK}/export`,
  check: (body: FanImportCheckBody) =>
    mainApi.post<FanImportReport>(`${IMPORT}/check`, body, { silent: true }),
};

/** The address of the import template (fetched with the session headers, never a token). */
export function templateHref(format: FanImportFormat, lang: Language): string {
  return `${IMPORT}/template?format=${format}&lang=${lang}`;
}

export const fanTasksKeys = {
  list: ['fanTasks', 'list'] as const,
  rows: ['fanTasks', 'rows'] as const,
};
