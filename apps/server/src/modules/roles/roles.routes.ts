import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParams,
  idResult,
  permissionItem,
  roleBody,
  roleEditBody,
  roleItem,
  roleList,
  roleListQuery,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { RolesService } from './roles.service.ts';

const BASE = '/system-api/system/roles';

/** Custom roles (API.md, roleManage). */
export function registerRolesRoutes(app: FastifyInstance, deps: Deps): void {
  const roles = new RolesService(deps);
  const tags = ['roles'];

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/permissions`,
    access: access.can('role.manage'),
    tags,
    summary: 'Every permission a tenant role may hold, labelled in the request language',
    response: z.array(permissionItem),
    handler: ({ lang }) => roles.permissions(lang),
  });

  // Read by role managers and by seat managers choosing a sub-account's role.
  const reader = access.any('role.manage', 'seat.manage');
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: reader,
    tags,
    summary: 'Roles of the caller tenant (role.manage or seat.manage)',
    querystring: roleListQuery,
    response: roleList,
    handler: ({ auth, query }) => roles.list(auth, query),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/info/:id`,
    access: reader,
    tags,
    summary: 'One role (role.manage or seat.manage)',
    params: idParams,
    response: roleItem,
    handler: ({ auth, params }) => roles.info(auth, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: access.can('role.manage'),
    tags,
    body: roleBody,
    response: idResult,
    handler: ({ auth, body, lang }) => roles.add(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/edit`,
    access: access.can('role.manage'),
    tags,
    body: roleEditBody,
    response: z.null(),
    handler: ({ auth, body, lang }) => roles.edit(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/del/:id`,
    access: access.can('role.manage'),
    tags,
    params: idParams,
    response: z.null(),
    handler: ({ auth, params }) => roles.remove(auth, params.id),
  });
}
