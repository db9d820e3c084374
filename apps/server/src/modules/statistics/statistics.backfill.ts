import type { Db } from '../../platform/db.ts';
import { allTenantIds, rebuildTenant } from './statistics.repository.ts';

/**
 * Rebuilds the statistics rollups from the raw rows: of one tenant, or of every tenant. Each
 * tenant in its own transaction. Resolves with the tenants rebuilt.
 */
export async function backfillStatistics(db: Db, tenantId?: string): Promise<string[]> {
  const ids = tenantId ? [tenantId] : await allTenantIds(db);
  for (const id of ids) await db.transaction((tx) => rebuildTenant(tx, id));
  return ids;
}
