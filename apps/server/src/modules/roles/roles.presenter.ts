import type { RoleItem } from '@cst/shared';

import type { RoleRow } from './roles.repository.ts';

/** A role row as the API returns it. */
export function presentRole(row: RoleRow): RoleItem {
  return {
    id: row.id,
    roleName: row.name,
    permissions: row.permissions,
    createdAt: row.createdAt.getTime(),
  };
}
