import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { newOrderNumber } from '@cst/shared';
import { orders, ports, tenants } from '../src/db/schema/index.ts';
import { api } from './api.ts';
import { buildTenant, demoTenant, login, useTestServer, type Session } from './support.ts';
import { buildSignedInUser, signInAs } from './factories.ts';

const B = '/system-api/system/billing';
const PORT = '/system-api/system/user/port';
const DAY = 86400_000;

describe('wallet, orders and paid ports', () => {
  const ctx = useTestServer();
  let admin: Session;
  let demo: Session;
  let sup: Session;
  let seat: Session;
  let acme: Awaited<ReturnType<typeof buildTenant>>;
  let acmeManager: Session;
  let acmeSeat: Session;
  beforeAll(async () => {
    ({ admin, demo, sup, seat1: seat } = await signInAs(ctx, 'admin', 'demo', 'sup', 'seat1'));
    acme = await buildTenant(ctx, '阿克米');
    acmeManager = await login(ctx, acme.manager.username);
    acmeSeat = await buildSignedInUser(ctx, { tenantId: acme.tenant.id, role: 'office' });
  });

  const recharge = (amountCents: unknown, orderNumber = newOrderNumber('RC'), s = admin) =>
    api(ctx, 'POST', `${B}/recharge`, {
      session: s,
      body: { tenantId: acme.tenant.id, amountCents, orderNumber },
    });
  const balanceOf = async (tenantId: string) =>
    (await ctx.deps.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]!.balanceCents;

  it('lets only the platform admin set prices; a company reads them', async () => {
    const first = await api(ctx, 'GET', `${B}/settings`, { session: demo });
    expect(first.data).toEqual({
      portPriceCents: 5000,
      trialPorts: 2,
      trialDays: 7,
      warnDays: 3,
      updatedAt: null,
    });
    const body = { portPriceCents: 1000, trialPorts: 1, trialDays: 5, warnDays: 7 };
    for (const s of [demo, sup, seat]) {
      expect((await api(ctx, 'POST', `${B}/settings`, { session: s, body })).status).toBe(403);
    }
    for (const s of [sup, seat]) {
      expect((await api(ctx, 'GET', `${B}/settings`, { session: s })).status).toBe(403);
    }
    const saved = await api(ctx, 'POST', `${B}/settings`, { session: admin, body });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject(body);
    const bad = await api(ctx, 'POST', `${B}/settings`, {
      session: admin,
      body: { ...body, portPriceCents: 10.5 },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('portPriceCents');
    expect((await api(ctx, 'GET', `${B}/settings`, { session: acmeManager })).data).toMatchObject(
      body,
    );
  });

  it('recharges exactly once per order number; only the admin may', async () => {
    const number = newOrderNumber('RC');
    const first = await recharge(12345, number);
    expect(first.status).toBe(200);
    expect(first.data.order).toMatchObject({
      orderNumber: number,
      tenantId: acme.tenant.id,
      tenantName: '阿克米',
      type: 'recharge',
      preAmount: 0,
      changeAmount: 12345,
      afterAmount: 12345,
    });
    // A retry (the answer was lost) answers the first order and charges nothing more.
    const retry = await recharge(12345, number);
    expect(retry.status).toBe(200);
    expect(retry.data.order.id).toBe(first.data.order.id);
    expect(await balanceOf(acme.tenant.id)).toBe(12345);
    // The same number for a different amount is a conflict, not a second order.
    const other = await recharge(999, number);
    expect(other.status).toBe(409);
    expect(other.msg).toBe(`订单号 ${number} 已用于另一笔不同的订单`);
    for (const s of [acmeManager, acmeSeat, demo, sup]) {
      expect((await recharge(100, undefined, s)).status).toBe(403);
    }
    expect(await balanceOf(acme.tenant.id)).toBe(12345);
  });

  it('refuses amounts that are not whole positive cents within the limit', async () => {
    for (const amount of [-100, 0, 1.5, 0.01, 1e12, '100', null, Number.MAX_SAFE_INTEGER]) {
      const r = await recharge(amount);
      expect(r.status, String(amount)).toBe(400);
      expect(r.msg).toBe('金额必须是 0.01 到 10,000,000 元之间的整数分');
    }
    const en = await recharge(-1, undefined);
    expect(en.status).toBe(400);
    const badNumber = await recharge(100, 'short');
    expect(badNumber.status).toBe(400);
    expect(badNumber.msg).toBe('订单号须为 8 到 40 位字母、数字、下划线或短横线');
    const unknown = await api(ctx, 'POST', `${B}/recharge`, {
      session: admin,
      body: {
        tenantId: '00000000-0000-4000-8000-000000000000',
        amountCents: 100,
        orderNumber: newOrderNumber('RC'),
      },
    });
    expect(unknown.status).toBe(404);
    expect(await balanceOf(acme.tenant.id)).toBe(12345);
  });

  it('buys ports from the balance, refuses what it cannot pay, answers a retry once', async () => {
    // Price 10.00 a port a month (set above): 2 ports × 3 months = 60.00.
    const number = newOrderNumber('PB');
    const buy = await api(ctx, 'POST', `${PORT}/buy`, {
      session: acmeManager,
      body: { count: 2, months: 3, orderNumber: number },
    });
    expect(buy.status).toBe(200);
    expect(buy.data.order).toMatchObject({
      type: 'portBuy',
      preAmount: 12345,
      changeAmount: -6000,
      afterAmount: 6345,
      portCount: 2,
      months: 3,
      unitPriceCents: 1000,
    });
    expect(buy.data.order.portIds).toHaveLength(2);
    const again = await api(ctx, 'POST', `${PORT}/buy`, {
      session: acmeManager,
      body: { count: 2, months: 3, orderNumber: number },
    });
    expect(again.data.order.id).toBe(buy.data.order.id);
    const list = await api(ctx, 'GET', `${PORT}/list`, { session: acmeManager });
    expect(list.data.total).toBe(2);
    expect(list.data.list.every((p: { state: string }) => p.state === 'inUse')).toBe(true);
    expect(list.data.list[0].expiresAt - ctx.deps.now()).toBeGreaterThan(88 * DAY);

    const tooMuch = await api(ctx, 'POST', `${PORT}/buy`, {
      session: acmeManager,
      body: { count: 100, months: 36, orderNumber: newOrderNumber('PB') },
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.msg).toBe('余额不足：当前余额 63.45 元，本次需要 36,000.00 元，请先充值');
    const en = await api(ctx, 'POST', `${PORT}/buy`, {
      session: acmeManager,
      body: { count: 100, months: 36, orderNumber: newOrderNumber('PB') },
      lang: 'en',
    });
    expect(en.msg).toBe('Insufficient balance: 63.45 available, 36,000.00 needed; recharge first');
    expect((await api(ctx, 'GET', `${PORT}/list`, { session: acmeManager })).data.total).toBe(2);
    expect(await balanceOf(acme.tenant.id)).toBe(6345);

    for (const body of [
      { count: 0, months: 1 },
      { count: 1.5, months: 1 },
      { count: 1, months: 37 },
      { count: 101, months: 1 },
    ]) {
      const r = await api(ctx, 'POST', `${PORT}/buy`, {
        session: acmeManager,
        body: { ...body, orderNumber: newOrderNumber('PB') },
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    for (const s of [acmeSeat, sup, seat, admin]) {
      const r = await api(ctx, 'POST', `${PORT}/buy`, {
        session: s,
        body: { count: 1, months: 1, orderNumber: newOrderNumber('PB') },
      });
      expect(r.status).toBe(403);
    }
  });

  it("renews the company's own ports from the balance; another company's are not found", async () => {
    const list = await api(ctx, 'GET', `${PORT}/list`, { session: acmeManager });
    const port = list.data.list[0] as { id: string; expiresAt: number };
    const number = newOrderNumber('PR');
    const renew = await api(ctx, 'POST', `${PORT}/pay-renew`, {
      session: acmeManager,
      body: { ids: [port.id], months: 1, orderNumber: number },
    });
    expect(renew.status).toBe(200);
    expect(renew.data.order).toMatchObject({
      type: 'portRenew',
      changeAmount: -1000,
      afterAmount: 5345,
      portIds: [port.id],
    });
    const after = await api(ctx, 'GET', `${PORT}/list`, { session: acmeManager });
    const renewed = after.data.list.find((p: { id: string }) => p.id === port.id);
    expect(renewed.expiresAt - port.expiresAt).toBeGreaterThanOrEqual(28 * DAY);
    // The retry answers the same order; the port is not extended twice.
    const retry = await api(ctx, 'POST', `${PORT}/pay-renew`, {
      session: acmeManager,
      body: { ids: [port.id], months: 1, orderNumber: number },
    });
    expect(retry.data.order.id).toBe(renew.data.order.id);
    const again = await api(ctx, 'GET', `${PORT}/list`, { session: acmeManager });
    expect(again.data.list.find((p: { id: string }) => p.id === port.id).expiresAt).toBe(
      renewed.expiresAt,
    );

    const demoPorts = await ctx.deps.db
      .select()
      .from(ports)
      .where(eq(ports.tenantId, await demoTenant(ctx)))
      .limit(1);
    const foreign = await api(ctx, 'POST', `${PORT}/pay-renew`, {
      session: acmeManager,
      body: { ids: [demoPorts[0]!.id], months: 1, orderNumber: newOrderNumber('PR') },
    });
    expect(foreign.status).toBe(404);
    const empty = await api(ctx, 'POST', `${PORT}/pay-renew`, {
      session: acmeManager,
      body: { ids: [], months: 1, orderNumber: newOrderNumber('PR') },
    });
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('请至少选择一项');
    const poor = await api(ctx, 'POST', `${PORT}/pay-renew`, {
      session: acmeManager,
      body: { ids: [port.id], months: 36, orderNumber: newOrderNumber('PR') },
    });
    expect(poor.status).toBe(409);
    expect(await balanceOf(acme.tenant.id)).toBe(5345);
  });

  it('corrects a balance only by a new adjusting order, never below zero', async () => {
    const adjust = (amountCents: number, remark?: string) =>
      api(ctx, 'POST', `${B}/adjust`, {
        session: admin,
        body: { tenantId: acme.tenant.id, amountCents, remark, orderNumber: newOrderNumber('AD') },
      });
    expect((await adjust(-100)).msg).toBe('调整余额必须填写原因');
    expect((await adjust(0, '零')).status).toBe(400);
    const below = await adjust(-999_999, '冲正');
    expect(below.status).toBe(409);
    const ok = await adjust(-345, '冲正多充的金额');
    expect(ok.data.order).toMatchObject({ type: 'adjust', changeAmount: -345, afterAmount: 5000 });
    expect(
      (
        await api(ctx, 'POST', `${B}/adjust`, {
          session: acmeManager,
          body: {
            tenantId: acme.tenant.id,
            amountCents: 1,
            remark: 'x',
            orderNumber: newOrderNumber('AD'),
          },
        })
      ).status,
    ).toBe(403);
    // The database itself refuses to edit or delete an order.
    await expect(
      ctx.deps.db.execute(
        sql`update orders set change_amount = 0 where tenant_id = ${acme.tenant.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      ctx.deps.db.execute(sql`delete from orders where tenant_id = ${acme.tenant.id}`),
    ).rejects.toThrow();
  });

  it('shows a company only its own orders, with filters; the admin sees any', async () => {
    await api(ctx, 'POST', `${B}/recharge`, {
      session: admin,
      body: {
        tenantId: await demoTenant(ctx),
        amountCents: 500,
        orderNumber: newOrderNumber('RC'),
      },
    });
    const own = await api(ctx, 'GET', `${B}/orders`, {
      session: acmeManager,
      query: { tenantId: await demoTenant(ctx) },
    });
    expect(own.status).toBe(200);
    expect(own.data.total).toBe(4);
    expect(new Set(own.data.list.map((o: { tenantId: string }) => o.tenantId))).toEqual(
      new Set([acme.tenant.id]),
    );
    // Newest first, each order starting where the one before it ended.
    const list = own.data.list as { preAmount: number; afterAmount: number }[];
    for (let i = 0; i < list.length - 1; i++)
      expect(list[i]!.preAmount).toBe(list[i + 1]!.afterAmount);
    const buys = await api(ctx, 'GET', `${B}/orders`, {
      session: acmeManager,
      query: { type: 'portBuy' },
    });
    expect(buys.data.list.map((o: { type: string }) => o.type)).toEqual(['portBuy']);
    const byNumber = await api(ctx, 'GET', `${B}/orders`, {
      session: acmeManager,
      query: { orderNumber: buys.data.list[0].orderNumber.slice(2, 12) },
    });
    expect(byNumber.data.list.length).toBeGreaterThanOrEqual(1);
    const future = await api(ctx, 'GET', `${B}/orders`, {
      session: acmeManager,
      query: { from: ctx.deps.now() + DAY },
    });
    expect(future.data.total).toBe(0);
    const demoOwn = await api(ctx, 'GET', `${B}/orders`, { session: demo });
    // The recharge, then the demo's trial ports (an order of 0 made at start-up).
    expect(demoOwn.data.list.map((o: { changeAmount: number }) => o.changeAmount)).toEqual([
      500, 0,
    ]);
    for (const s of [acmeSeat, sup, seat]) {
      expect((await api(ctx, 'GET', `${B}/orders`, { session: s })).status).toBe(403);
    }
    const all = await api(ctx, 'GET', `${B}/orders`, { session: admin });
    expect(all.data.total).toBe(6); // with the demo's trial order
    const one = await api(ctx, 'GET', `${B}/orders`, {
      session: admin,
      query: { tenantId: acme.tenant.id },
    });
    expect(one.data.total).toBe(4);
    expect(
      (await api(ctx, 'GET', `${B}/orders`, { session: admin, query: { type: 'x' } })).status,
    ).toBe(400);

    const file = await ctx.app.inject({
      method: 'GET',
      url: `${B}/orders/export?type=portBuy`,
      headers: acmeManager.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${B}/orders/export`, headers: seat.headers }))
        .statusCode,
    ).toBe(403);
    // A token in the address is not a credential on an export.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${B}/orders/export?token=${acmeManager.token}&type=portBuy`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it("lists every company's wallet for the admin and the caller's own for a company", async () => {
    const wallets = await api(ctx, 'GET', `${B}/wallets`, {
      session: admin,
      query: { keyword: '阿克米' },
    });
    expect(wallets.data.list).toEqual([
      expect.objectContaining({
        tenantId: acme.tenant.id,
        tenantName: '阿克米',
        manager: acme.manager.username,
        balanceCents: 5000,
        portCount: 2,
      }),
    ]);
    for (const s of [acmeManager, sup, seat]) {
      expect((await api(ctx, 'GET', `${B}/wallets`, { session: s })).status).toBe(403);
    }
    const own = await api(ctx, 'GET', `${B}/wallet`, { session: acmeManager });
    expect(own.data).toMatchObject({
      tenantId: acme.tenant.id,
      balanceCents: 5000,
      portPriceCents: 1000,
      warnDays: 7,
      ports: {
        total: 2,
        free: 2,
        expired: 0,
        expiredBound: 0,
        expiring: 0,
        expiringBound: 0,
        nextExpiry: null,
      },
      trialPorts: 0,
    });
    for (const s of [acmeSeat, admin, sup]) {
      expect((await api(ctx, 'GET', `${B}/wallet`, { session: s })).status).toBe(403);
    }
    // A port within the warning days shows up as expiring.
    const soon = ctx.deps.now() + 2 * DAY;
    await ctx.deps.db
      .update(ports)
      .set({ expiresAt: new Date(soon) })
      .where(eq(ports.id, (await portIds(acme.tenant.id))[0]!));
    const warned = await api(ctx, 'GET', `${B}/wallet`, { session: acmeManager });
    expect(warned.data.ports).toMatchObject({ expiring: 1, free: 2, nextExpiry: soon });
  });

  it('keeps every wallet equal to the sum of its orders', async () => {
    const rows = await ctx.deps.db
      .select({
        id: tenants.id,
        balance: tenants.balanceCents,
        sum: sql<number>`coalesce((select sum(change_amount) from orders o where o.tenant_id = "tenants"."id"), 0)::bigint`,
      })
      .from(tenants);
    for (const r of rows) expect(Number(r.sum)).toBe(Number(r.balance));
    const count = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    // Five made by this suite and the demo's trial order.
    expect(count[0]!.n).toBe(6);
  });

  async function portIds(tenantId: string) {
    const rows = await ctx.deps.db
      .select({ id: ports.id })
      .from(ports)
      .where(eq(ports.tenantId, tenantId));
    return rows.map((r) => r.id);
  }
});
