import type { StatQueryBody, StatReport, StatResult } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** Query keys: one report over one range and filter. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  report: (report: StatReport, body: StatQueryBody) => ['statistics', report, body] as const,
};

/** The statistics reports (docs/statistics.md). */
export const statisticsApi = {
  report: (report: StatReport, body: StatQueryBody) =>
    mainApi.post<StatResult>(`/main-api/statistics/${report}`, body),
  exportUrl: (report: StatReport) => `/main-api/statistics/${report}/export`,
};
