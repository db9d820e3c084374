import type { Role } from '@cst/shared';

/** Whether a role sees the whole company (a manager; DESIGN.md §4). */
export function seesWholeTenantRole(role: Role | undefined): boolean {
  return role === 'manager';
}
