import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkDetailsBody,
  bulkDetailsExportQuery,
  bulkDetailsResult,
  bulkReissueResult,
  bulkSettingsGetBody,
  bulkSettingsResult,
  bulkSettingsSaveBody,
  bulkTaskCreateBody,
  bulkTaskCreateResult,
  bulkTaskFetchBody,
  bulkTaskFetchResult,
  bulkTaskIdBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import { bulkDetailExportColumns, bulkDetailExportNames } from './bulk-send.export.ts';
import { BulkSendService } from './bulk-send.service.ts';
import { BulkSettingsService } from './bulk-send.settings.ts';

const tags = ['bulk send'];
const manage = access.can('task.manage');
const P = '/task-api/bulk-send-task';

/**
 * The group helper's mass send (issue 16, `/grouphelper/set` and `/grouphelper/manager`): the
 * routes, the task's job on the scheduler, and the platform's answers moving its sends.
 */
export function registerBulkSendRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime' | 'storage'>,
): void {
  const service = new BulkSendService(deps);
  const settings = new BulkSettingsService(deps);

  defineRoute(app, {
    method: 'POST',
    url: `${P}/create`,
    access: manage,
    tags,
    summary: 'Creates a mass-send task: 1–5 messages to friends or groups of work accounts',
    body: bulkTaskCreateBody,
    response: bulkTaskCreateResult,
    handler: ({ auth, body }) => service.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/fetch`,
    access: manage,
    tags,
    summary: 'Mass-send tasks the caller sees, newest first, with live counts',
    body: bulkTaskFetchBody,
    response: bulkTaskFetchResult,
    handler: ({ auth, body, lang }) => service.fetch(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/sub-task/details`,
    access: manage,
    tags,
    summary: "A task's sends (target × message) with SPEC §4 send states, in plan order",
    body: bulkDetailsBody,
    response: bulkDetailsResult,
    handler: ({ auth, body, lang }) => service.details(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/failed-reissue`,
    access: manage,
    tags,
    summary: 'Sends the failed sends of a task again (only those); 409 when none failed',
    body: bulkTaskIdBody,
    response: bulkReissueResult,
    handler: ({ auth, body }) => service.reissue(auth, body.taskId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/pause`,
    access: manage,
    tags,
    summary: "Pauses a pending or running task (409 'no task to pause' otherwise)",
    body: bulkTaskIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.pause(auth, body.taskId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/restart`,
    access: manage,
    tags,
    summary: 'Resumes a paused task (409 otherwise)',
    body: bulkTaskIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.restart(auth, body.taskId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/delete`,
    access: manage,
    tags,
    summary: "Deletes a task (409 'cannot delete tasks in progress' while it runs)",
    body: bulkTaskIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.remove(auth, body.taskId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/settings/get`,
    access: manage,
    tags,
    summary: "Mass-send settings: the tenant's defaults, or one work account's",
    body: bulkSettingsGetBody,
    response: bulkSettingsResult,
    handler: ({ auth, body }) => settings.get(auth, body.workWxid),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/settings/save`,
    access: manage,
    tags,
    summary: "Saves the tenant's mass-send defaults (manager) or a work account's override",
    body: bulkSettingsSaveBody,
    response: bulkSettingsResult,
    handler: ({ auth, body }) => settings.save(auth, body),
  });

  defineExportRoute(app, {
    url: `${P}/sub-task/export`,
    access: manage,
    tags,
    summary: "A task's sends with their states as an xlsx file",
    querystring: bulkDetailsExportQuery,
    names: bulkDetailExportNames,
    columns: (lang) => bulkDetailExportColumns(lang),
    rows: (auth, query) => service.exportDetails(auth, query.taskId, query.state, 'zh-CN'),
  });
}
