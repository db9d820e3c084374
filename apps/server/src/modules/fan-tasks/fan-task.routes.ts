import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  fanTaskCreateBody,
  fanTaskCreateResult,
  fanTaskExportQuery,
  fanTaskIdBody,
  fanTaskListBody,
  fanTaskListResult,
  fanTaskRowsBody,
  fanTaskRowsResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import { fanRowExportColumns, fanRowExportNames } from './fan-task.export.ts';
import { FanTaskService } from './fan-task.service.ts';

const tags = ['friend-adding tasks'];
const manage = access.can('customer.manage');

/**
 * Bulk friend-adding tasks (issue 14 §3, `/customerCenter/mutilAddFriends`): the routes, the
 * task's job on the scheduler, and the settling of people's answers.
 */
export function registerFanTaskRoutes(
  app: FastifyInstance,
  deps: Uses<'fanImports' | 'realtime'>,
): void {
  const service = new FanTaskService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/task/create',
    access: manage,
    tags,
    summary:
      'Creates a friend-adding task over work accounts from inline rows or a checked import (importId)',
    body: fanTaskCreateBody,
    response: fanTaskCreateResult,
    handler: ({ auth, body }) => service.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/task/list',
    access: manage,
    tags,
    summary: 'Friend-adding tasks the caller sees, newest first, with live counts',
    body: fanTaskListBody,
    response: fanTaskListResult,
    handler: ({ auth, body, lang }) => service.list(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/task/rows',
    access: manage,
    tags,
    summary: "A task's rows in list order: target, account, friend-request status 1–4, reason",
    body: fanTaskRowsBody,
    response: fanTaskRowsResult,
    handler: ({ auth, body, lang }) => service.rows(auth, body, body.page, body.pageSize, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/task/pause',
    access: manage,
    tags,
    summary: "Pauses a pending or running task (409 'no task to pause' otherwise)",
    body: fanTaskIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.pause(auth, body.taskId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/task/restart',
    access: manage,
    tags,
    summary: 'Resumes a paused task (409 otherwise)',
    body: fanTaskIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.restart(auth, body.taskId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/fans/task/delete',
    access: manage,
    tags,
    summary: "Deletes a task (409 'cannot delete tasks in progress' while it runs or imports)",
    body: fanTaskIdBody,
    response: z.null(),
    handler: ({ auth, body }) => service.remove(auth, body.taskId),
  });

  defineExportRoute(app, {
    url: '/task-api/fans/task/export',
    access: manage,
    tags,
    summary: "A task's rows with their outcome as an xlsx file",
    querystring: fanTaskExportQuery,
    names: fanRowExportNames,
    columns: (lang) => fanRowExportColumns(lang),
    rows: (auth, query) =>
      service.exportRows(auth, { taskId: query.taskId, state: query.state }, 'zh-CN'),
  });
}
