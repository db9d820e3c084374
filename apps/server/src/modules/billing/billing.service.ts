import {
  formatCents,
  newOrderNumber,
  type AdjustBody,
  type BillingSettings,
  type BillingSettingsResult,
  type ListResult,
  type OrderItem,
  type OrderListQuery,
  type OrderType,
  type PortBuyBody,
  type PortPayRenewBody,
  type RechargeBody,
  type WalletItem,
  type WalletListQuery,
  type WalletSummary,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { insertPorts } from '../ports/index.ts';
import { msOf, presentOrder, presentWallet } from './billing.presenter.ts';
import * as repo from './billing.repository.ts';

const DAY_MS = 86400_000;

/** What an order will be, decided under the wallet's lock. */
interface OrderPlan {
  type: OrderType;
  changeAmount: number;
  portCount?: number;
  months?: number;
  unitPriceCents?: number;
  remark?: string;
  /** Runs after the balance check, in the same transaction; returns the ports it touched. */
  apply?: (tx: Tx) => Promise<string[]>;
}

/** Whether a stored order is the one a retried request asks for again. */
type SameRequest = (existing: repo.OrderRow) => boolean;

/** `date` plus whole calendar months (UTC), as PostgreSQL's `+ interval 'n month'`. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The tenant wallet and its ledger. Every change of `tenants.balance_cents` goes through
 * {@link BillingService.post}: one transaction that locks the wallet, answers the stored order
 * again when its number was used for the same request, refuses to go below zero, then writes the
 * balance and the order (pre + change = after) together.
 */
export class BillingService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /** The prices and allowances in force. */
  async settings(db: DbOrTx = this.db): Promise<BillingSettingsResult> {
    const row = await repo.findSettings(db);
    if (!row) return { ...repo.DEFAULT_BILLING_SETTINGS, updatedAt: null };
    return {
      portPriceCents: row.portPriceCents,
      trialPorts: row.trialPorts,
      trialDays: row.trialDays,
      warnDays: row.warnDays,
      updatedAt: row.updatedAt.getTime(),
    };
  }

  /** The platform admin sets prices and allowances (they apply to later orders only). */
  async saveSettings(auth: AuthContext, body: BillingSettings): Promise<BillingSettingsResult> {
    const row = await repo.saveSettings(this.db, body, auth.userId, new Date(this.deps.now()));
    return { ...body, updatedAt: row.updatedAt.getTime() };
  }

  /** The platform admin adds money to a tenant's wallet. */
  recharge(auth: AuthContext, body: RechargeBody): Promise<OrderItem> {
    return this.post(
      auth,
      body.tenantId,
      body.orderNumber,
      (o) => o.type === 'recharge' && o.changeAmount === body.amountCents,
      () => ({ type: 'recharge', changeAmount: body.amountCents, remark: body.remark ?? '' }),
    );
  }

  /** The platform admin corrects a wallet by a new order (never by editing one). */
  adjust(auth: AuthContext, body: AdjustBody): Promise<OrderItem> {
    return this.post(
      auth,
      body.tenantId,
      body.orderNumber,
      (o) => o.type === 'adjust' && o.changeAmount === body.amountCents,
      () => ({ type: 'adjust', changeAmount: body.amountCents, remark: body.remark }),
    );
  }

  /** A tenant buys `count` new ports for `months` from its balance. */
  buyPorts(auth: AuthContext, body: PortBuyBody): Promise<OrderItem> {
    const tenantId = this.tenantOf(auth);
    return this.post(
      auth,
      tenantId,
      body.orderNumber,
      (o) => o.type === 'portBuy' && o.portCount === body.count && o.months === body.months,
      async (tx) => {
        const { portPriceCents } = await this.settings(tx);
        return {
          type: 'portBuy',
          changeAmount: -portPriceCents * body.count * body.months,
          portCount: body.count,
          months: body.months,
          unitPriceCents: portPriceCents,
          apply: (t) =>
            insertPorts(t, tenantId, body.count, addMonths(new Date(this.deps.now()), body.months)),
        };
      },
    );
  }

  /** A tenant renews its own ports by `months` from its balance (expired ones from today). */
  async payRenew(auth: AuthContext, body: PortPayRenewBody): Promise<OrderItem> {
    const tenantId = this.tenantOf(auth);
    const ids = [...new Set(body.ids)].sort();
    if ((await repo.countTenantPorts(this.db, tenantId, ids)) !== ids.length) {
      throw fail.notFound('portNotFound');
    }
    return this.post(
      auth,
      tenantId,
      body.orderNumber,
      (o) =>
        o.type === 'portRenew' &&
        o.months === body.months &&
        [...o.portIds].sort().join() === ids.join(),
      async (tx) => {
        const { portPriceCents } = await this.settings(tx);
        return {
          type: 'portRenew',
          changeAmount: -portPriceCents * ids.length * body.months,
          portCount: ids.length,
          months: body.months,
          unitPriceCents: portPriceCents,
          apply: async (t) => {
            await repo.extendPorts(t, tenantId, ids, body.months, new Date(this.deps.now()));
            return ids;
          },
        };
      },
    );
  }

  /**
   * The platform admin's free grant of `count` ports lasting `days`: an order of 0 that holds the
   * new ports, with `onApply` run in its transaction (the audit row).
   */
  grantPorts(
    auth: AuthContext,
    tenantId: string,
    count: number,
    days: number,
    onApply: (tx: Tx, portIds: string[]) => Promise<void>,
  ): Promise<OrderItem> {
    return this.post(
      auth,
      tenantId,
      newOrderNumber('PG'),
      () => false,
      () => ({
        type: 'portGrant',
        changeAmount: 0,
        portCount: count,
        remark: `${days}d`,
        apply: async (tx) => {
          const ids = await insertPorts(
            tx,
            tenantId,
            count,
            new Date(this.deps.now() + days * DAY_MS),
          );
          await onApply(tx, ids);
          return ids;
        },
      }),
    );
  }

  /** The platform admin's free renewal of some of a tenant's ports by `days`: an order of 0. */
  grantRenew(
    auth: AuthContext,
    tenantId: string,
    portIds: string[],
    days: number,
    renew: (tx: Tx) => Promise<string[]>,
  ): Promise<OrderItem> {
    return this.post(
      auth,
      tenantId,
      newOrderNumber('PN'),
      () => false,
      () => ({
        type: 'portGrantRenew',
        changeAmount: 0,
        portCount: portIds.length,
        remark: `${days}d`,
        apply: renew,
      }),
    );
  }

  /**
   * Gives a newly registered tenant its trial ports (inside the registration's transaction) and
   * records them as an order of 0.
   */
  async grantTrial(tx: Tx, tenantId: string, userId: string, operator: string): Promise<void> {
    const s = await this.settings(tx);
    if (s.trialPorts <= 0) return;
    const expiresAt = new Date(this.deps.now() + s.trialDays * DAY_MS);
    const portIds = await insertPorts(tx, tenantId, s.trialPorts, expiresAt);
    await repo.insertOrder(tx, {
      tenantId,
      orderNumber: newOrderNumber('TR'),
      type: 'trial',
      preAmount: 0,
      changeAmount: 0,
      afterAmount: 0,
      portCount: s.trialPorts,
      portIds,
      remark: `${s.trialDays}d`,
      userId,
      operatorName: operator,
      createdAt: new Date(this.deps.now()),
    });
  }

  /** Orders, newest first: the platform admin sees any tenant's, a tenant only its own. */
  async orders(auth: AuthContext, q: OrderListQuery): Promise<ListResult<OrderItem>> {
    const tenantId = auth.role === 'admin' ? (q.tenantId ?? null) : this.tenantOf(auth);
    const { rows, total } = await repo.listOrders(this.db, { ...q, tenantId });
    return { list: rows.map((r) => presentOrder(r.order, r.tenantName)), total };
  }

  /** Every tenant's balance (platform admin). */
  async wallets(q: WalletListQuery): Promise<ListResult<WalletItem>> {
    const { rows, total } = await repo.listWallets(this.db, q);
    return { list: rows.map(presentWallet), total };
  }

  /** The caller's tenant's balance, prices and the ports that need attention. */
  async summary(auth: AuthContext): Promise<WalletSummary> {
    const tenantId = this.tenantOf(auth);
    const wallet = await repo.findWallet(this.db, tenantId);
    if (!wallet) throw fail.notFound('tenantNotFound');
    const s = await this.settings();
    const now = this.deps.now();
    const p = await repo.portSummary(
      this.db,
      tenantId,
      new Date(now),
      new Date(now + s.warnDays * DAY_MS),
    );
    return {
      tenantId,
      tenantName: wallet.name,
      balanceCents: Number(wallet.balance),
      portPriceCents: s.portPriceCents,
      warnDays: s.warnDays,
      ports: {
        total: p.total,
        free: p.free,
        expired: p.expired,
        expiredBound: p.expiredBound,
        expiring: p.expiring,
        expiringBound: p.expiringBound,
        nextExpiry: msOf(p.nextExpiry),
      },
      trialPorts: await repo.trialPortsOf(this.db, tenantId),
    };
  }

  private tenantOf(auth: AuthContext): string {
    if (!auth.tenantId) throw fail.forbidden();
    return auth.tenantId;
  }

  /** The one way money moves: see the class comment. */
  private async post(
    auth: AuthContext,
    tenantId: string,
    orderNumber: string,
    same: SameRequest,
    plan: (tx: Tx) => OrderPlan | Promise<OrderPlan>,
  ): Promise<OrderItem> {
    return this.db.transaction(async (tx) => {
      const wallet = await repo.lockWallet(tx, tenantId);
      if (!wallet) throw fail.notFound('tenantNotFound');
      const existing = await repo.findOrder(tx, tenantId, orderNumber);
      if (existing) {
        if (!same(existing)) throw fail.conflict('orderNumberUsed', { orderNumber });
        return presentOrder(existing, wallet.name);
      }
      const p = await plan(tx);
      const pre = Number(wallet.balance);
      const after = pre + p.changeAmount;
      if (after < 0) {
        throw fail.conflict('balanceInsufficient', {
          balance: formatCents(pre),
          need: formatCents(-p.changeAmount),
        });
      }
      const portIds = p.apply ? await p.apply(tx) : [];
      await repo.setBalance(tx, tenantId, after);
      const order = await repo.insertOrder(tx, {
        tenantId,
        orderNumber,
        type: p.type,
        preAmount: pre,
        changeAmount: p.changeAmount,
        afterAmount: after,
        portCount: p.portCount ?? 0,
        months: p.months ?? 0,
        unitPriceCents: p.unitPriceCents ?? 0,
        portIds,
        remark: p.remark ?? '',
        userId: auth.userId,
        operatorName: auth.nickname || auth.username,
        createdAt: new Date(this.deps.now()),
      });
      return presentOrder(order, wallet.name);
    });
  }
}
