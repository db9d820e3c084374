import type { FastifyInstance } from 'fastify';
import { retentionSettings } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { retentionOf, setRetention } from './retention.repository.ts';

const URL = '/system-api/system/retention';

/** The manager's retention setting: how many days of messages the tenant keeps. */
export function registerRetentionRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['retention'];
  const tenantOf = (tenantId: string | null) => {
    if (!tenantId) throw fail.forbidden();
    return tenantId;
  };

  defineRoute(app, {
    method: 'GET',
    url: URL,
    access: access.can('retention.manage'),
    tags,
    summary: 'Days of messages kept (null: everything)',
    response: retentionSettings,
    handler: async ({ auth }) => ({ days: await retentionOf(deps.db, tenantOf(auth.tenantId)) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: URL,
    access: access.can('retention.manage'),
    tags,
    summary: 'Set the days of messages kept; older messages and their files are deleted hourly',
    body: retentionSettings,
    response: retentionSettings,
    handler: async ({ auth, body }) => {
      await setRetention(deps.db, tenantOf(auth.tenantId), body.days);
      return { days: body.days };
    },
  });
}
