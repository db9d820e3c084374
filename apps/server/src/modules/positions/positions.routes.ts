import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParams,
  idResult,
  positionBody,
  positionEditBody,
  positionList,
  positionListQuery,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { PositionsService } from './positions.service.ts';

const BASE = '/system-api/system/positions';

/** Positions (job titles) of a tenant; managed by whoever manages seats. */
export function registerPositionsRoutes(app: FastifyInstance, deps: Deps): void {
  const positions = new PositionsService(deps);
  const tags = ['positions'];
  const can = access.can('seat.manage');

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: can,
    tags,
    querystring: positionListQuery,
    response: positionList,
    handler: ({ auth, query }) => positions.list(auth, query),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: can,
    tags,
    body: positionBody,
    response: idResult,
    handler: ({ auth, body }) => positions.add(auth, body.name),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/edit`,
    access: can,
    tags,
    body: positionEditBody,
    response: z.null(),
    handler: ({ auth, body }) => positions.edit(auth, body.id, body.name),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/del/:id`,
    access: can,
    tags,
    params: idParams,
    response: z.null(),
    handler: ({ auth, params }) => positions.remove(auth, params.id),
  });
}
