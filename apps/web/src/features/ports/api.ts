import type { ListResult, PortAddBody, PortItem, PortRenewBody, PortState } from '@cst/shared';
import { systemApi } from '../../lib/http/clients.ts';

const BASE = '/system-api/system/user/port';

/** Filters of the port list. */
export interface PortListQuery {
  page: number;
  pageSize: number;
  tenantId?: string;
  state?: PortState;
}

/** The xlsx export of the port list under the same filters. */
export const PORTS_EXPORT_URL = `${BASE}/export`;

/** Port calls (client B). */
export const portsApi = {
  list: (q: PortListQuery) => systemApi.get<ListResult<PortItem>>(`${BASE}/list`, { ...q }),
  grant: (body: PortAddBody) => systemApi.post<{ ids: string[] }>(`${BASE}/add`, body),
  renew: (body: PortRenewBody) => systemApi.post<{ count: number }>(`${BASE}/renew`, body),
};
