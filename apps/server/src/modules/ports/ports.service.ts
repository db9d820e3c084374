import type { ListResult, PortAddBody, PortItem, PortListQuery, PortRenewBody } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { audit, isUuid } from '../users/index.ts';
import { BillingService } from '../billing/index.ts';
import { presentPort } from './ports.presenter.ts';
import * as repo from './ports.repository.ts';

/** Ports: licensed work-account slots with an expiry. */
export class PortsService {
  private readonly billing: BillingService;

  constructor(private readonly deps: Deps) {
    this.billing = new BillingService(deps);
  }

  private get db() {
    return this.deps.db;
  }

  /**
   * The platform admin (platform.ports) lists every tenant's ports, optionally one tenant's;
   * a tenant user with account.manage sees its own tenant's ports, read-only.
   */
  async list(auth: AuthContext, q: PortListQuery): Promise<ListResult<PortItem>> {
    let tenantId: string | null;
    if (auth.role === 'admin') {
      if (!auth.permissions.has('platform.ports')) throw fail.forbidden();
      if (q.tenantId && !isUuid(q.tenantId)) return { list: [], total: 0 };
      tenantId = q.tenantId ?? null;
    } else {
      if (!auth.tenantId || !auth.permissions.has('account.manage')) throw fail.forbidden();
      tenantId = auth.tenantId;
    }
    const now = this.deps.now();
    const { rows, total } = await repo.listPorts(this.db, {
      tenantId,
      state: q.state,
      page: q.page,
      pageSize: q.pageSize,
      now,
    });
    const bound = rows.flatMap((r) =>
      r.port.workAccountId
        ? [{ tenantId: r.port.tenantId, workAccountId: r.port.workAccountId }]
        : [],
    );
    const accounts = await repo.boundAccounts(this.db, bound);
    return { list: rows.map((r) => presentPort(r, accounts, now)), total };
  }

  /** Grants a tenant `count` new ports valid for `days`. */
  async add(auth: AuthContext, body: PortAddBody): Promise<{ ids: string[] }> {
    if (!isUuid(body.tenantId) || !(await repo.tenantExists(this.db, body.tenantId))) {
      throw fail.notFound('tenantNotFound');
    }
    // A free grant is still an order (of 0), so the company's orders show every port it got.
    const order = await this.billing.grantPorts(
      auth,
      body.tenantId,
      body.count,
      body.days,
      async (tx) => {
        await audit(tx, {
          tenantId: body.tenantId,
          userId: auth.userId,
          action: 'ports.add',
          detail: { count: body.count, days: body.days },
        });
      },
    );
    return { ids: order.portIds };
  }

  /** Extends ports by `days` (from now for expired ones); every id must be a port. */
  async renew(auth: AuthContext, body: PortRenewBody): Promise<{ count: number }> {
    const ids = [...new Set(body.ids)];
    if (!ids.every(isUuid) || (await repo.countPorts(this.db, ids)) !== ids.length) {
      throw fail.notFound('portNotFound');
    }
    // One free renewal order (of 0) per company whose ports are renewed.
    const byTenant = new Map<string, string[]>();
    for (const p of await repo.portTenants(this.db, ids)) {
      byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p.id]);
    }
    let renewed = 0;
    for (const [tenantId, portIds] of byTenant) {
      await this.billing.grantRenew(auth, tenantId, portIds, body.days, async (tx) => {
        const rows = await repo.renewPorts(tx, portIds, body.days, new Date(this.deps.now()));
        await audit(tx, {
          tenantId,
          userId: auth.userId,
          action: 'ports.renew',
          detail: { ids: portIds, days: body.days },
        });
        renewed += rows.length;
        return rows.map((r) => r.id);
      });
    }
    return { count: renewed };
  }
}
