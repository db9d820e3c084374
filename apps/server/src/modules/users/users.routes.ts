import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addBatchBody,
  addBatchResult,
  addUserBody,
  changeStatusBody,
  delSubCstBody,
  delSubCstResult,
  editUserBody,
  exportQueryOf,
  USER_PAGE_SIZE_MAX,
  resetPwdBody,
  subListQuery,
  uidResult,
  userList,
  userPageQuery,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import { userExportColumns, userExportNames } from './users.export.ts';
import { UsersService } from './users.service.ts';

const BASE = '/system-api/system/cst/user';

/**
 * Customer users and sub-accounts (API.md, Users). One URL serves two callers, so the access rule
 * is "signed in" and the service demands platform.customers (admin) or seat.manage (tenant).
 */
export function registerUsersRoutes(app: FastifyInstance, deps: Uses<'realtime'>): void {
  const users = new UsersService(deps);
  const tags = ['users'];

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/pageList`,
    access: access.user,
    tags,
    summary: 'Tenant managers (platform admin) or the users of the caller tenant',
    querystring: userPageQuery,
    response: userList,
    handler: ({ auth, query }) => users.pageList(auth, query),
  });

  defineExportRoute(app, {
    url: `${BASE}/export`,
    access: access.user,
    tags,
    summary: 'The page list under the same filters as an xlsx file',
    querystring: exportQueryOf(userPageQuery),
    names: (auth) => userExportNames(auth.role === 'admin'),
    columns: (lang, auth) => userExportColumns(lang, auth.role === 'admin'),
    chunk: USER_PAGE_SIZE_MAX,
    fetchPage: (auth, query, page, pageSize) =>
      users.pageList(auth, { ...query, page, pageSize }).then((r) => r.list),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/sub/list`,
    access: access.user,
    tags,
    summary: 'Direct subordinates of a user',
    querystring: subListQuery,
    response: userList,
    handler: ({ auth, query }) => users.subList(auth, query.uid),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: access.user,
    tags,
    summary: 'A tenant with its manager (platform admin) or a sub-account',
    body: addUserBody,
    response: uidResult,
    handler: ({ auth, body }) => users.add(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/addBatch`,
    access: access.user,
    tags,
    summary: 'Many users at once; bad rows are reported by index',
    body: addBatchBody,
    response: addBatchResult,
    handler: ({ auth, body, lang }) => users.addBatch(auth, body.users, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/edit`,
    access: access.user,
    tags,
    body: editUserBody,
    response: z.null(),
    handler: ({ auth, body }) => users.edit(auth, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${BASE}/changeStatus`,
    access: access.user,
    tags,
    summary: 'Enable or disable; a disabled user (or tenant) is signed out at once',
    body: changeStatusBody,
    response: z.null(),
    handler: ({ auth, body }) => users.changeStatus(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/reset/pwd`,
    access: access.user,
    tags,
    body: resetPwdBody,
    response: z.null(),
    handler: ({ auth, body }) => users.resetPassword(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/del-sub-cst',
    access: access.can('seat.delete'),
    tags,
    summary:
      'Delete a sub-account; its work accounts, chats, phrase groups and pending transfers go to ' +
      'handoverUid (default: its superior)',
    body: delSubCstBody,
    response: delSubCstResult,
    handler: ({ auth, body }) => users.deleteSubAccount(auth, body),
  });
}
