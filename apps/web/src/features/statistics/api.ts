import type { StatQueryBody, StatReport, StatResult, StatTimeZoneResult } from '@cst/shared';
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
  /** The manager sets the zone the tenant's days are counted in (every report is recounted). */
  setTimeZone: (timeZone: string) =>
    mainApi.post<StatTimeZoneResult>('/main-api/statistics/time-zone', { timeZone }),
  exportUrl: (report: StatReport) => `/main-api/statistics/${report}/export`,
};
