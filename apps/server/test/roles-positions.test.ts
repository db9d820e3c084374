import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT_PERMISSIONS } from '@cst/shared';
import { api } from './api.ts';
import { buildTenant, login, type Session, useTestServer } from './support.ts';
import { buildPosition, buildRole, signInAs } from './factories.ts';

const R = '/system-api/system/roles';
const P = '/system-api/system/positions';

describe('roles', () => {
  const ctx = useTestServer();
  let manager: Session;
  let sup: Session;
  let seat: Session;
  let foreignRoleId: string;
  beforeAll(async () => {
    ({ demo: manager, sup, seat1: seat } = await signInAs(ctx, 'demo', 'sup', 'seat1'));
    const other = await buildTenant(ctx);
    foreignRoleId = (await buildRole(ctx, other.tenant.id, '外部')).id;
  });

  it('lists every tenant permission with its label in the request language', async () => {
    const zh = await api(ctx, 'GET', `${R}/permissions`, { session: manager });
    expect(zh.data.map((p: { key: string }) => p.key)).toEqual(TENANT_PERMISSIONS);
    expect(zh.data).toContainEqual({ key: 'seat.manage', label: '子账号管理' });
    expect(zh.data.some((p: { key: string }) => p.key.startsWith('platform.'))).toBe(false);
    const en = await api(ctx, 'GET', `${R}/permissions`, { session: manager, lang: 'en' });
    expect(en.data).toContainEqual({ key: 'role.manage', label: 'Roles' });
  });

  it('adds, reads, edits and deletes a role', async () => {
    const add = await api(ctx, 'POST', `${R}/add`, {
      session: manager,
      body: {
        roleName: ' 质检 ',
        permissions: ['history.read', 'statistics.read', 'history.read'],
      },
    });
    expect(add).toMatchObject({ status: 200, code: 200 });
    const info = await api(ctx, 'GET', `${R}/info/${add.data.id}`, { session: manager });
    expect(info.data).toMatchObject({
      id: add.data.id,
      roleName: '质检',
      permissions: ['history.read', 'statistics.read'],
    });
    const list = await api(ctx, 'GET', `${R}/list`, {
      session: manager,
      query: { page: 1, pageSize: 20 },
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].roleName).toBe('质检');

    const edit = await api(ctx, 'POST', `${R}/edit`, {
      session: manager,
      body: { id: add.data.id, roleName: '质检员', permissions: ['history.read'] },
    });
    expect(edit.status).toBe(200);
    expect(
      (await api(ctx, 'GET', `${R}/info/${add.data.id}`, { session: manager })).data,
    ).toMatchObject({ roleName: '质检员', permissions: ['history.read'] });

    const del = await api(ctx, 'POST', `${R}/del/${add.data.id}`, { session: manager });
    expect(del.status).toBe(200);
    const after = await api(ctx, 'GET', `${R}/info/${add.data.id}`, { session: manager });
    expect(after).toMatchObject({ status: 404, msg: '角色不存在' });
  });

  it('names every missing or bad field of a role', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ permissions: ['history.read'] }, 400, '角色名称不能为空'],
      [{ roleName: '  ', permissions: ['history.read'] }, 400, '角色名称不能为空'],
      [{ roleName: 'x' }, 400, '请至少选择一个权限'],
      [{ roleName: 'x', permissions: [] }, 400, '请至少选择一个权限'],
      [{ roleName: 'x', permissions: 'history.read' }, 400, '请至少选择一个权限'],
      [{ roleName: 'x', permissions: ['nope'] }, 400, '未知权限 nope'],
      [{ roleName: 'x', permissions: ['platform.ports'] }, 400, '未知权限 platform.ports'],
      [
        { roleName: 'x', permissions: ['conversation.send', 'history.read'] },
        400,
        '权限「发送消息」需要同时授予「查看会话」',
      ],
      [
        { roleName: 'x'.repeat(33), permissions: ['history.read'] },
        400,
        'roleName 长度不能超过 32',
      ],
      [{ roleName: 12, permissions: ['history.read'] }, 400, 'roleName 类型错误'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await api(ctx, 'POST', `${R}/add`, { session: manager, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status, code: status, msg });
    }
    const en = await api(ctx, 'POST', `${R}/add`, {
      session: manager,
      body: { roleName: 'x', permissions: [] },
      lang: 'en',
    });
    expect(en.msg).toBe('Choose at least one permission');
    const needs = await api(ctx, 'POST', `${R}/add`, {
      session: manager,
      body: { roleName: 'x', permissions: ['conversation.send'] },
      lang: 'en',
    });
    expect(needs.msg).toBe('The permission "Send messages" needs "Read conversations" as well');
    await api(ctx, 'POST', `${R}/add`, {
      session: manager,
      body: { roleName: '重复', permissions: ['history.read'] },
    });
    const dup = await api(ctx, 'POST', `${R}/add`, {
      session: manager,
      body: { roleName: '重复', permissions: ['history.read'] },
    });
    expect(dup).toMatchObject({ status: 409, msg: '角色名称已存在' });
  });

  it('refuses to delete a role in use and applies edits to its users at once', async () => {
    const add = await api(ctx, 'POST', `${R}/add`, {
      session: manager,
      body: { roleName: '在用', permissions: ['conversation.read'] },
    });
    await api(ctx, 'POST', '/system-api/system/cst/user/add', {
      session: manager,
      body: {
        username: 'r.user',
        password: 'seatpass1',
        nickname: '角色用户',
        role: 'office',
        roleId: add.data.id,
      },
    });
    const s = await login(ctx, 'r.user', 'seatpass1');
    const used = await api(ctx, 'POST', `${R}/del/${add.data.id}`, { session: manager });
    expect(used).toMatchObject({ status: 409, msg: '仍有账号使用该角色，无法删除' });
    await api(ctx, 'POST', `${R}/edit`, {
      session: manager,
      body: {
        id: add.data.id,
        roleName: '在用',
        permissions: ['conversation.read', 'history.read'],
      },
    });
    const me = await api(ctx, 'GET', '/system-api/auth/me', { session: s });
    expect(me.data.permissions).toEqual(['conversation.read', 'history.read']);
  });

  it("answers 404 for another tenant's role on every route", async () => {
    const info = await api(ctx, 'GET', `${R}/info/${foreignRoleId}`, { session: manager });
    expect(info).toMatchObject({ status: 404, msg: '角色不存在' });
    const edit = await api(ctx, 'POST', `${R}/edit`, {
      session: manager,
      body: { id: foreignRoleId, roleName: 'x', permissions: ['history.read'] },
    });
    expect(edit.status).toBe(404);
    const del = await api(ctx, 'POST', `${R}/del/${foreignRoleId}`, { session: manager });
    expect(del.status).toBe(404);
    const bogus = await api(ctx, 'GET', `${R}/info/not-an-id`, { session: manager });
    expect(bogus.status).toBe(400);
    const list = await api(ctx, 'GET', `${R}/list`, {
      session: manager,
      query: { pageSize: 1000 },
    });
    expect(list.data.list.some((r: { id: string }) => r.id === foreignRoleId)).toBe(false);
  });

  it('lets a subAdmin read roles (to pick one) but not manage them; an office seat gets nothing', async () => {
    expect((await api(ctx, 'GET', `${R}/list`, { session: sup })).status).toBe(200);
    const some = await api(ctx, 'GET', `${R}/list`, { session: manager });
    const id = some.data.list[0].id;
    expect((await api(ctx, 'GET', `${R}/info/${id}`, { session: sup })).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', `${R}/permissions`, undefined],
      ['POST', `${R}/add`, { roleName: 'x', permissions: ['history.read'] }],
      ['POST', `${R}/edit`, { id, roleName: 'x', permissions: ['history.read'] }],
      ['POST', `${R}/del/${id}`, {}],
    ] as const) {
      const res = await api(ctx, method, url, { session: sup, body });
      expect(res, url).toMatchObject({ status: 403, msg: '没有权限执行此操作' });
    }
    for (const url of [`${R}/list`, `${R}/info/${id}`, `${R}/permissions`]) {
      expect((await api(ctx, 'GET', url, { session: seat })).status, url).toBe(403);
    }
  });
});

describe('positions', () => {
  const ctx = useTestServer();
  let manager: Session;
  let seat: Session;
  let foreignId: string;
  beforeAll(async () => {
    ({ demo: manager, seat1: seat } = await signInAs(ctx, 'demo', 'seat1'));
    const other = await buildTenant(ctx);
    foreignId = (await buildPosition(ctx, other.tenant.id, '外部职位')).id;
  });

  it('adds, lists, renames and deletes positions, unique per tenant', async () => {
    const add = await api(ctx, 'POST', `${P}/add`, { session: manager, body: { name: '组长' } });
    expect(add.status).toBe(200);
    const list = await api(ctx, 'GET', `${P}/list`, { session: manager });
    expect(list.data).toMatchObject({ total: 1, list: [{ id: add.data.id, name: '组长' }] });
    const dup = await api(ctx, 'POST', `${P}/add`, { session: manager, body: { name: '组长' } });
    expect(dup).toMatchObject({ status: 409, msg: '职位名称已存在' });
    const other = await api(ctx, 'POST', `${P}/add`, { session: manager, body: { name: '主管' } });
    const clash = await api(ctx, 'POST', `${P}/edit`, {
      session: manager,
      body: { id: other.data.id, name: '组长' },
    });
    expect(clash.status).toBe(409);
    const edit = await api(ctx, 'POST', `${P}/edit`, {
      session: manager,
      body: { id: add.data.id, name: '高级组长' },
    });
    expect(edit.status).toBe(200);
    const keyword = await api(ctx, 'GET', `${P}/list`, {
      session: manager,
      query: { keyword: '高级' },
    });
    expect(keyword.data.list.map((p: { name: string }) => p.name)).toEqual(['高级组长']);
    expect((await api(ctx, 'POST', `${P}/del/${other.data.id}`, { session: manager })).status).toBe(
      200,
    );
  });

  it('names the missing or bad name, and refuses to delete a position in use', async () => {
    for (const [body, msg] of [
      [{}, '职位名称不能为空'],
      [{ name: '   ' }, '职位名称不能为空'],
      [{ name: 'x'.repeat(33) }, 'name 长度不能超过 32'],
      [{ name: ['a'] }, 'name 类型错误'],
    ] as const) {
      const res = await api(ctx, 'POST', `${P}/add`, { session: manager, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, msg });
    }
    const en = await api(ctx, 'POST', `${P}/add`, { session: manager, body: {}, lang: 'en' });
    expect(en.msg).toBe('Position name cannot be empty');
    const pos = await api(ctx, 'POST', `${P}/add`, { session: manager, body: { name: '在岗' } });
    await api(ctx, 'POST', '/system-api/system/cst/user/add', {
      session: manager,
      body: {
        username: 'p.user',
        password: 'seatpass1',
        nickname: '在岗用户',
        role: 'office',
        positionId: pos.data.id,
      },
    });
    const del = await api(ctx, 'POST', `${P}/del/${pos.data.id}`, { session: manager });
    expect(del).toMatchObject({ status: 409, msg: '仍有账号使用该职位，无法删除' });
  });

  it("answers 404 for another tenant's position and 403 to an office seat", async () => {
    const edit = await api(ctx, 'POST', `${P}/edit`, {
      session: manager,
      body: { id: foreignId, name: 'x' },
    });
    expect(edit).toMatchObject({ status: 404, msg: '职位不存在' });
    expect((await api(ctx, 'POST', `${P}/del/${foreignId}`, { session: manager })).status).toBe(
      404,
    );
    const list = await api(ctx, 'GET', `${P}/list`, { session: manager });
    expect(list.data.list.some((p: { id: string }) => p.id === foreignId)).toBe(false);
    for (const [method, url, body] of [
      ['GET', `${P}/list`, undefined],
      ['POST', `${P}/add`, { name: 'x' }],
      ['POST', `${P}/edit`, { id: foreignId, name: 'x' }],
      ['POST', `${P}/del/${foreignId}`, {}],
    ] as const) {
      expect((await api(ctx, method, url, { session: seat, body })).status, url).toBe(403);
    }
  });
});
