import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountTreeQuery, seatNode } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { SeatsService } from './seats.service.ts';

/** The seat tree (`/account/account-tree`). */
export function registerSeatsRoutes(app: FastifyInstance, deps: Deps): void {
  const seats = new SeatsService(deps);

  defineRoute(app, {
    method: 'GET',
    url: '/account/account-tree',
    access: access.user,
    tags: ['seats'],
    summary: 'Seat tree of the caller tenant (manager: all; others: itself and below)',
    querystring: accountTreeQuery,
    response: z.array(seatNode),
    handler: ({ auth, query }) => seats.accountTree(auth, query.onlyWithAccounts),
  });
}
