import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PORTS } from '../src/modules/bootstrap/seed.ts';
import { hasColumns } from '../src/modules/seats/seats.repository.ts';
import { api } from './api.ts';
import { buildTenant, demoTenant, login, type Session, useTestServer } from './support.ts';
import { signInAs } from './factories.ts';

const PORT = '/system-api/system/user/port';
const DAY = 86400_000;

describe('ports', () => {
  const ctx = useTestServer();
  let admin: Session;
  let manager: Session;
  let seat: Session;
  let tenantId: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  beforeAll(async () => {
    ({ admin, demo: manager, seat1: seat } = await signInAs(ctx, 'admin', 'demo', 'seat1'));
    tenantId = await demoTenant(ctx);
    other = await buildTenant(ctx, '端口客户');
  });

  it('lets the admin grant ports and see their states derived from expiry', async () => {
    for (const days of [1, 10, 30]) {
      const add = await api(ctx, 'POST', `${PORT}/add`, {
        session: admin,
        body: { tenantId: other.tenant.id, count: 2, days },
      });
      expect(add.status).toBe(200);
      expect(add.data.ids).toHaveLength(2);
    }
    const list = await api(ctx, 'GET', `${PORT}/list`, {
      session: admin,
      query: { tenantId: other.tenant.id },
    });
    expect(list.data.total).toBe(6);
    expect(list.data.list.map((p: { state: string }) => p.state)).toEqual([
      'dueSoon',
      'dueSoon',
      'toBeRenewed',
      'toBeRenewed',
      'inUse',
      'inUse',
    ]);
    const codes = list.data.list.map((p: { code: string }) => p.code).sort();
    expect(new Set(codes).size).toBe(6);
    expect(list.data.list[0]).toMatchObject({
      tenantId: other.tenant.id,
      tenantName: '端口客户',
      workWxid: null,
    });

    const state = (s: string) =>
      api(ctx, 'GET', `${PORT}/list`, {
        session: admin,
        query: { tenantId: other.tenant.id, state: s },
      });
    expect((await state('toBeRenewed')).data.total).toBe(2);
    ctx.clock.offset += 2 * DAY;
    try {
      const expired = await state('expired');
      expect(expired.data.total).toBe(2);
      expect(expired.data.list.every((p: { state: string }) => p.state === 'expired')).toBe(true);
      expect((await state('dueSoon')).data.total).toBe(0);
      const renew = await api(ctx, 'POST', `${PORT}/renew`, {
        session: admin,
        body: { ids: expired.data.list.map((p: { id: string }) => p.id), days: 30 },
      });
      expect(renew.data).toEqual({ count: 2 });
      expect((await state('expired')).data.total).toBe(0);
      expect((await state('inUse')).data.total).toBe(4);
    } finally {
      ctx.clock.offset -= 2 * DAY;
    }
    const all = await api(ctx, 'GET', `${PORT}/list`, {
      session: admin,
      query: { pageSize: 1000 },
    });
    expect(all.data.total).toBe(DEMO_PORTS + 6);

    // Every grant and free renewal is an order of 0 holding its ports, as the demo's trial is.
    const orders = async (tid: string) =>
      (
        await api(ctx, 'GET', '/system-api/system/billing/orders', {
          session: admin,
          query: { tenantId: tid, pageSize: 50 },
        })
      ).data.list as {
        type: string;
        changeAmount: number;
        portCount: number;
        portIds: string[];
      }[];
    const granted = await orders(other.tenant.id);
    expect(granted.map((o) => o.type).sort()).toEqual([
      'portGrant',
      'portGrant',
      'portGrant',
      'portGrantRenew',
    ]);
    expect(granted.every((o) => o.changeAmount === 0)).toBe(true);
    expect(granted.filter((o) => o.type === 'portGrant').flatMap((o) => o.portIds)).toHaveLength(6);
    expect(granted.find((o) => o.type === 'portGrantRenew')).toMatchObject({ portCount: 2 });
    const demoOrders = await orders(tenantId);
    expect(demoOrders).toEqual([
      expect.objectContaining({ type: 'trial', changeAmount: 0, portCount: DEMO_PORTS }),
    ]);
  });

  it('checks port grants and renewals', async () => {
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ['add', { tenantId: other.tenant.id, count: 0, days: 1 }, 400, 'count 不能小于 1'],
      ['add', { tenantId: other.tenant.id, count: 1001, days: 1 }, 400, 'count 不能大于 1000'],
      ['add', { tenantId: other.tenant.id, count: 1 }, 400],
      ['add', { tenantId: other.tenant.id, count: 'many', days: 1 }, 400],
      [
        'add',
        { tenantId: '00000000-0000-0000-0000-000000000000', count: 1, days: 1 },
        404,
        '企业不存在',
      ],
      ['renew', { ids: [], days: 1 }, 400, '请至少选择一项'],
      ['renew', { ids: ['00000000-0000-0000-0000-000000000000'], days: 1 }, 404, '端口不存在'],
      ['renew', { ids: ['nope'], days: 1 }, 400, 'ids.0 格式不正确'],
    ];
    for (const [op, body, status, msg] of cases) {
      const res = await api(ctx, 'POST', `${PORT}/${op}`, { session: admin, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status });
      if (msg) expect(res.msg).toBe(msg);
    }
  });

  it('shows a manager only its own tenant, read-only; an office seat sees none', async () => {
    const mine = await api(ctx, 'GET', `${PORT}/list`, {
      session: manager,
      query: { tenantId: other.tenant.id, pageSize: 1000 },
    });
    expect(mine.data.total).toBe(DEMO_PORTS);
    expect(mine.data.list.every((p: { tenantId: string }) => p.tenantId === tenantId)).toBe(true);
    const add = await api(ctx, 'POST', `${PORT}/add`, {
      session: manager,
      body: { tenantId, count: 1, days: 1 },
    });
    expect(add.status).toBe(403);
    const renew = await api(ctx, 'POST', `${PORT}/renew`, {
      session: manager,
      body: { ids: [mine.data.list[0].id], days: 1 },
    });
    expect(renew.status).toBe(403);
    expect((await api(ctx, 'GET', `${PORT}/list`, { session: seat })).status).toBe(403);
  });
});

describe('account tree', () => {
  const ctx = useTestServer();

  type Node = { username: string; workAccountCount: number; children: Node[] };
  const shape = (n: Node): unknown => [n.username, n.children.map(shape)];

  it('shows a manager the whole tenant and anyone else itself and below', async () => {
    const manager = await login(ctx, 'demo');
    const tree = await api(ctx, 'GET', '/account/account-tree', { session: manager });
    expect(tree.status).toBe(200);
    expect(tree.data.map(shape)).toEqual([
      [
        'demo',
        [
          [
            'demo-sup',
            [
              ['demo-seat1', []],
              ['demo-seat2', []],
            ],
          ],
        ],
      ],
    ]);
    const sup = await login(ctx, 'demo-sup');
    const supTree = await api(ctx, 'GET', '/account/account-tree', { session: sup });
    expect(supTree.data.map(shape)).toEqual([
      [
        'demo-sup',
        [
          ['demo-seat1', []],
          ['demo-seat2', []],
        ],
      ],
    ]);
    const seat = await login(ctx, 'demo-seat2');
    const seatTree = await api(ctx, 'GET', '/account/account-tree', { session: seat });
    expect(seatTree.data.map(shape)).toEqual([['demo-seat2', []]]);
    const admin = await login(ctx, 'admin');
    expect((await api(ctx, 'GET', '/account/account-tree', { session: admin })).data).toEqual([]);
    const bad = await api(ctx, 'GET', '/account/account-tree', {
      session: manager,
      query: { onlyWithAccounts: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('counts work accounts per seat and keeps only branches with accounts on request', async () => {
    const manager = await login(ctx, 'demo');
    const none = await api(ctx, 'GET', '/account/account-tree', {
      session: manager,
      query: { onlyWithAccounts: 1 },
    });
    expect(none.data).toEqual([]);
    if (!(await hasColumns(ctx.deps.db, 'work_accounts', ['tenant_id', 'distributed_to']))) return;
    const tenantId = await demoTenant(ctx);
    const seat = await login(ctx, 'demo-seat1');
    await ctx.deps.db.execute(sql`
      insert into work_accounts (tenant_id, wxid, status, distributed_to)
      values (${tenantId}, 'wxid_tree_1', 'offline', ${seat.uid}),
             (${tenantId}, 'wxid_tree_2', 'offline', ${seat.uid})`);
    const some = await api(ctx, 'GET', '/account/account-tree', {
      session: manager,
      query: { onlyWithAccounts: 'true' },
    });
    expect(some.data.map(shape)).toEqual([['demo', [['demo-sup', [['demo-seat1', []]]]]]]);
    expect(some.data[0].children[0].children[0].workAccountCount).toBe(2);
    const other = await buildTenant(ctx);
    const outsider = await login(ctx, other.manager.username);
    const theirs = await api(ctx, 'GET', '/account/account-tree', {
      session: outsider,
      query: { onlyWithAccounts: 1 },
    });
    expect(theirs.data).toEqual([]);
  });
});
