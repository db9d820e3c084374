import { portState, type PortItem } from '@cst/shared';
import type { ports } from '../../db/schema/index.ts';

/** A port row as the list shows it; the state comes from its expiry. */
export function presentPort(
  row: { port: typeof ports.$inferSelect; tenantName: string },
  wxids: ReadonlyMap<string, string>,
  now: number,
): PortItem {
  const p = row.port;
  const expiresAt = p.expiresAt.getTime();
  return {
    id: p.id,
    code: p.code,
    tenantId: p.tenantId,
    tenantName: row.tenantName,
    expiresAt,
    state: portState(expiresAt, now),
    workWxid: p.workAccountId ? (wxids.get(p.workAccountId) ?? null) : null,
    createdAt: p.createdAt.getTime(),
  };
}
