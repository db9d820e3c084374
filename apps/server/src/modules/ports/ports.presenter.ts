import { portState, type PortItem } from '@cst/shared';
import type { BoundAccount, PortRow } from './ports.repository.ts';

/** A port row as the list shows it; the state comes from its expiry. */
export function presentPort(
  row: { port: PortRow; tenantName: string },
  accounts: ReadonlyMap<string, BoundAccount>,
  now: number,
): PortItem {
  const p = row.port;
  const expiresAt = p.expiresAt.getTime();
  const account = p.workAccountId ? accounts.get(p.workAccountId) : undefined;
  return {
    id: p.id,
    code: p.code,
    tenantId: p.tenantId,
    tenantName: row.tenantName,
    expiresAt,
    state: portState(expiresAt, now),
    workWxid: account?.wxid ?? null,
    workAccountName: account?.name ?? null,
    createdAt: p.createdAt.getTime(),
  };
}
