import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fanImportCheckBody, fanImportReport, fanImportTemplateQuery, idString } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { setFanImportSource } from '../fan-tasks/index.ts';
import { FanImportService } from './fan-import.service.ts';
import { templateBytes, templateName } from './fan-import.template.ts';

const tags = ['fan tasks'];
const manage = access.can('customer.manage');

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
} as const;

/** Importing lists for bulk friend-adding tasks (issue 14 §3): template, check, report. */
export function registerFanImportRoutes(
  app: FastifyInstance,
  deps: Uses<'fanImports' | 'storage'>,
): void {
  const service = new FanImportService(deps);
  setFanImportSource(deps, (db, owner, importId) => service.rowsOf(db, owner, importId));

  defineRoute(app, {
    method: 'GET',
    url: '/task-api/fans/import/template',
    access: manage,
    tags,
    summary: 'The list template (xlsx or txt) with headers in the caller’s language',
    querystring: fanImportTemplateQuery,
    response: z.null(),
    raw: true,
    handler: async ({ query, lang, reply }) => {
      const bytes = await templateBytes(query.format, query.lang ?? lang);
      const name = `${templateName(query.lang ?? lang)}.${query.format}`;
      await reply
        .code(200)
        .header('content-type', MIME[query.format])
        .header(
          'content-disposition',
          `attachment; filename="template.${query.format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'no-store')
        .send(bytes);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/import/check',
    access: manage,
    tags,
    summary:
      'Checks an uploaded list (xls/xlsx ≤ 5MB, txt ≤ 10MB) row by row and keeps it for a task',
    body: fanImportCheckBody,
    response: fanImportReport,
    handler: ({ auth, body, lang }) => service.check(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/import/report',
    access: manage,
    tags,
    summary: 'The check report of an import the caller made',
    body: z.object({ importId: idString }),
    response: fanImportReport,
    handler: ({ auth, body, lang }) => service.report(auth, body.importId, lang),
  });
}
