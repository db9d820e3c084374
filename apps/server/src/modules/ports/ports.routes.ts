import type { FastifyInstance } from 'fastify';
import {
  exportQueryOf,
  portAddBody,
  portAddResult,
  portList,
  portListQuery,
  portRenewBody,
  portRenewResult,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import { portExportColumns, portExportNames } from './ports.export.ts';
import { PortsService } from './ports.service.ts';

const BASE = '/system-api/system/user/port';

/** Ports (licensed work-account slots): listed by the admin and a tenant, granted by the admin. */
export function registerPortsRoutes(app: FastifyInstance, deps: Deps): void {
  const ports = new PortsService(deps);
  const tags = ['ports'];

  // One URL, two callers: the admin (platform.ports) and a tenant (account.manage, own ports).
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/list`,
    access: access.user,
    tags,
    summary: 'Ports with their state derived from expiry',
    querystring: portListQuery,
    response: portList,
    handler: ({ auth, query }) => ports.list(auth, query),
  });

  defineExportRoute(app, {
    url: `${BASE}/export`,
    access: access.user,
    tags,
    summary: 'The port list under the same filters as an xlsx file',
    querystring: exportQueryOf(portListQuery),
    names: portExportNames,
    columns: portExportColumns,
    fetchPage: (auth, query, page, pageSize) =>
      ports.list(auth, { ...query, page, pageSize }).then((r) => r.list),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/add`,
    access: access.can('platform.ports'),
    tags,
    summary: 'Grant a tenant new ports',
    body: portAddBody,
    response: portAddResult,
    handler: ({ auth, body }) => ports.add(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/renew`,
    access: access.can('platform.ports'),
    tags,
    summary: 'Extend ports by a number of days',
    body: portRenewBody,
    response: portRenewResult,
    handler: ({ auth, body }) => ports.renew(auth, body),
  });
}
