import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { login, useTestServer } from './support.ts';

describe("a platform admin's new customer sees nothing of the demo tenant", () => {
  const ctx = useTestServer();

  it('starts empty and cannot reach any demo row by id', async () => {
    const demo = await login(ctx, 'demo');
    const role = await api(ctx, 'POST', '/system-api/system/roles/add', {
      session: demo,
      body: { roleName: '演示角色', permissions: ['history.read'] },
    });
    const position = await api(ctx, 'POST', '/system-api/system/positions/add', {
      session: demo,
      body: { name: '演示职位' },
    });
    const demoSeat = await login(ctx, 'demo-seat1');
    const demoPorts = await api(ctx, 'GET', '/system-api/system/user/port/list', {
      session: demo,
    });
    const demoPortId = demoPorts.data.list[0].id;

    const admin = await login(ctx, 'admin');
    const created = await api(ctx, 'POST', '/system-api/system/cst/user/add', {
      session: admin,
      body: {
        username: 'fresh.boss',
        password: 'freshpass1',
        nickname: '新客户',
        tenantName: '新客户公司',
      },
    });
    expect(created.status).toBe(200);
    const boss = await login(ctx, 'fresh.boss', 'freshpass1');
    expect(boss.tenantId).not.toBe(demo.tenantId);

    const get = (url: string, query?: Record<string, string>) =>
      api(ctx, 'GET', url, { session: boss, query });
    const users = await get('/system-api/system/cst/user/pageList', { pageSize: '1000' });
    expect(users.data.list.map((u: { username: string }) => u.username)).toEqual(['fresh.boss']);
    expect((await get('/system-api/system/roles/list')).data).toEqual({ list: [], total: 0 });
    expect((await get('/system-api/system/positions/list')).data).toEqual({ list: [], total: 0 });
    expect((await get('/system-api/system/user/port/list')).data).toEqual({ list: [], total: 0 });
    const tree = await get('/account/account-tree');
    expect(tree.data.map((n: { username: string }) => n.username)).toEqual(['fresh.boss']);
    expect(tree.data[0].children).toEqual([]);

    expect((await get(`/system-api/system/roles/info/${role.data.id}`)).status).toBe(404);
    expect((await get('/system-api/system/cst/user/sub/list', { uid: demo.uid })).status).toBe(404);
    for (const [method, url, body, status] of [
      ['POST', '/system-api/system/cst/user/edit', { uid: demoSeat.uid, nickname: 'x' }, 404],
      [
        'PUT',
        '/system-api/system/cst/user/changeStatus',
        { uid: demoSeat.uid, status: 'disabled' },
        404,
      ],
      [
        'POST',
        '/system-api/system/cst/user/reset/pwd',
        { uid: demoSeat.uid, password: 'hacked11' },
        404,
      ],
      [
        'POST',
        '/system-api/system/roles/edit',
        { id: role.data.id, roleName: 'x', permissions: ['history.read'] },
        404,
      ],
      ['POST', `/system-api/system/roles/del/${role.data.id}`, {}, 404],
      ['POST', '/system-api/system/positions/edit', { id: position.data.id, name: 'x' }, 404],
      ['POST', `/system-api/system/positions/del/${position.data.id}`, {}, 404],
      [
        'POST',
        '/system-api/system/cst/user/add',
        {
          username: 'fresh.seat',
          password: 'freshpass1',
          nickname: 'x',
          role: 'office',
          roleId: role.data.id,
        },
        404,
      ],
      [
        'POST',
        '/system-api/system/cst/user/add',
        {
          username: 'fresh.seat',
          password: 'freshpass1',
          nickname: 'x',
          role: 'office',
          positionId: position.data.id,
        },
        404,
      ],
      [
        'POST',
        '/system-api/system/cst/user/add',
        {
          username: 'fresh.seat',
          password: 'freshpass1',
          nickname: 'x',
          role: 'office',
          superiorId: demoSeat.uid,
        },
        404,
      ],
      ['POST', '/system-api/system/user/port/renew', { ids: [demoPortId], days: 1 }, 403],
    ] as const) {
      const res = await api(ctx, method, url, { session: boss, body });
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(status);
    }
    // Nothing of the demo tenant changed.
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: demoSeat })).status).toBe(200);
    const info = await api(ctx, 'GET', `/system-api/system/roles/info/${role.data.id}`, {
      session: demo,
    });
    expect(info.data.roleName).toBe('演示角色');
  });
});
