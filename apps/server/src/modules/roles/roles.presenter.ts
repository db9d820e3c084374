import type { RoleItem } from '@cst/shared';
import type { roles } from '../../db/schema/index.ts';

/** A role row as the API returns it. */
export function presentRole(row: typeof roles.$inferSelect): RoleItem {
  return {
    id: row.id,
    roleName: row.name,
    permissions: row.permissions,
    createdAt: row.createdAt.getTime(),
  };
}
