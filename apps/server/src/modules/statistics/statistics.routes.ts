import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  STAT_REPORTS,
  STAT_REPORT_TITLES,
  statExportQuery,
  statQueryBody,
  statResult,
  statTimeZoneBody,
  statTimeZoneResult,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { statExportColumns, statExportRows } from './statistics.presenter.ts';
import { StatisticsService } from './statistics.service.ts';

const read = access.can('statistics.read');
const tags = ['statistics'];

/** The statistics reports (issue 20): one JSON route and one xlsx export per report. */
export function registerStatisticsRoutes(app: FastifyInstance, deps: Deps): void {
  const service = new StatisticsService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/statistics/time-zone',
    access: read,
    tags,
    summary: "Sets the zone the tenant's statistics count days in, and rebuilds them (manager)",
    body: statTimeZoneBody,
    response: statTimeZoneResult,
    handler: ({ auth, body }) => service.setTimeZone(auth, body.timeZone),
  });

  for (const report of STAT_REPORTS) {
    defineRoute(app, {
      method: 'POST',
      url: `/main-api/statistics/${report}`,
      access: read,
      tags,
      summary: `Statistics: ${STAT_REPORT_TITLES[report].en} per day and work account`,
      body: statQueryBody,
      response: statResult,
      handler: ({ auth, body }) => service.report(auth, report, body),
    });

    defineRoute(app, {
      method: 'GET',
      url: `/main-api/statistics/${report}/export`,
      access: read,
      tags,
      summary: `Statistics: ${STAT_REPORT_TITLES[report].en} as an xlsx file`,
      querystring: statExportQuery,
      response: z.null(),
      raw: true,
      handler: async ({ auth, query, lang, reply }) => {
        const { tzOffset, ...filters } = query;
        const result = await service.report(auth, report, filters);
        await sendXlsx(reply, {
          fileName: STAT_REPORT_TITLES[report],
          sheetName: STAT_REPORT_TITLES[report],
          lang,
          tzOffset,
          columns: statExportColumns(result),
          rows: statExportRows(result, lang),
        });
        return null;
      },
    });
  }
}
