import type { ListResult, RoleBody, RoleEditBody, RoleItem } from '@cst/shared';
import { systemApi } from '../../lib/http/clients.ts';

const BASE = '/system-api/system/roles';

/** A permission the server knows, labelled in the request's language. */
export interface PermissionOption {
  key: string;
  label: string;
}

/** Role calls (client B). */
export const rolesApi = {
  permissions: () => systemApi.get<PermissionOption[]>(`${BASE}/permissions`),
  list: (q: { page: number; pageSize: number; keyword?: string }) =>
    systemApi.get<ListResult<RoleItem>>(`${BASE}/list`, q),
  info: (id: string) => systemApi.get<RoleItem>(`${BASE}/info/${encodeURIComponent(id)}`),
  add: (body: RoleBody) => systemApi.post<{ id: string }>(`${BASE}/add`, body),
  edit: (body: RoleEditBody) => systemApi.post<null>(`${BASE}/edit`, body),
  remove: (id: string) => systemApi.post<null>(`${BASE}/del/${encodeURIComponent(id)}`),
};

/** Query keys of roles, so other features (seats) refresh after a change. */
export const rolesKeys = {
  all: ['roles'] as const,
  permissions: ['roles', 'permissions'] as const,
};
