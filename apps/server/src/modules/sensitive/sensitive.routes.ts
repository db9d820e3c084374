import type { FastifyInstance } from 'fastify';
import {
  exportQueryOf,
  listResult,
  sensitiveAddBody,
  sensitiveAddResult,
  sensitiveDelBody,
  sensitiveDelResult,
  sensitiveHighlight,
  sensitiveListBody,
  sensitiveModeBody,
  sensitiveSendRules,
  sensitiveRecordBody,
  sensitiveRecordItem,
  sensitiveWordItem,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import {
  recordExportColumns,
  recordExportNames,
  wordExportColumns,
  wordExportNames,
} from './sensitive.export.ts';
import type { SensitiveService } from './sensitive.service.ts';

const manage = access.can('sensitive.manage');
const tags = ['sensitive'];

/** Sensitive-word monitoring (API.md Sensitive words). */
export function registerSensitiveRoutes(app: FastifyInstance, service: SensitiveService): void {
  defineRoute(app, {
    method: 'POST',
    url: '/main-api/sensitive/list',
    access: manage,
    tags,
    body: sensitiveListBody,
    response: listResult(sensitiveWordItem),
    handler: ({ auth, body }) =>
      service.list(auth, body.page, body.pageSize, body.keyword || undefined),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/sensitive/add',
    access: manage,
    tags,
    body: sensitiveAddBody,
    response: sensitiveAddResult,
    handler: ({ auth, body }) => service.add(auth, body.words),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/sensitive/del',
    access: manage,
    tags,
    body: sensitiveDelBody,
    response: sensitiveDelResult,
    handler: ({ auth, body }) => service.remove(auth, body.ids),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/main-api/sensitive/highlight',
    access: access.user,
    tags,
    summary: 'The words a subAdmin sees in red in text messages (none for other roles)',
    response: sensitiveHighlight,
    handler: ({ auth }) => service.highlight(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/sensitive/send-rules',
    access: access.user,
    tags,
    summary: "The tenant's mode for sends with a sensitive word, and its words unless it records",
    response: sensitiveSendRules,
    handler: ({ auth }) => service.sendRules(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/sensitive/mode/set',
    access: manage,
    tags,
    summary: 'What a send with a sensitive word does: record, confirm first, or block',
    body: sensitiveModeBody,
    response: sensitiveSendRules,
    handler: ({ auth, body }) => service.setMode(auth, body.mode),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/sensitive-msg-record',
    access: access.any('sensitive.manage', 'conversation.read'),
    tags,
    summary: 'Text messages that contained a sensitive word, of the accounts the caller sees',
    body: sensitiveRecordBody,
    response: listResult(sensitiveRecordItem),
    handler: ({ auth, body }) =>
      service.records(auth, body.page, body.pageSize, body.workWxid || undefined),
  });

  defineExportRoute(app, {
    url: '/main-api/sensitive/export',
    access: manage,
    tags,
    summary: 'The word list under the same filter as an xlsx file',
    querystring: exportQueryOf(sensitiveListBody),
    names: wordExportNames,
    columns: () => wordExportColumns,
    fetchPage: (auth, query, page, pageSize) =>
      service.list(auth, page, pageSize, query.keyword || undefined).then((r) => r.list),
  });

  defineExportRoute(app, {
    url: '/main-api/conv/sensitive-msg-record/export',
    access: access.any('sensitive.manage', 'conversation.read'),
    tags,
    summary: 'The hit records under the same filter as an xlsx file',
    querystring: exportQueryOf(sensitiveRecordBody),
    names: recordExportNames,
    columns: recordExportColumns,
    rows: (auth, query) => service.exportRecords(auth, query.workWxid || undefined),
  });
}
