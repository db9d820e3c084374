import type { OrderItem, WalletItem } from '@cst/shared';
import type { OrderRow } from './billing.repository.ts';

/** A time a raw SQL column returned (a Date, or text from a subquery) in milliseconds. */
export function msOf(v: Date | string | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(v)).getTime();
}

/** An order as lists and answers show it. */
export function presentOrder(o: OrderRow, tenantName: string): OrderItem {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    tenantId: o.tenantId,
    tenantName,
    type: o.type,
    preAmount: o.preAmount,
    changeAmount: o.changeAmount,
    afterAmount: o.afterAmount,
    portCount: o.portCount,
    months: o.months,
    unitPriceCents: o.unitPriceCents,
    portIds: o.portIds,
    remark: o.remark,
    operator: o.operatorName,
    createdAt: o.createdAt.getTime(),
  };
}

/** A tenant's wallet row of the admin's list. */
export function presentWallet(r: {
  tenantId: string;
  tenantName: string;
  manager: string | null;
  balanceCents: number;
  portCount: number;
  lastOrderAt: Date | string | null;
}): WalletItem {
  return {
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    manager: r.manager ?? '',
    balanceCents: Number(r.balanceCents),
    portCount: Number(r.portCount),
    lastOrderAt: msOf(r.lastOrderAt),
  };
}
