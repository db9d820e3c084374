import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushEvents } from '../src/db/schema/index.ts';
import { api } from './api.ts';
import {
  buildTenant,
  buildUser,
  demoTenant,
  login,
  type Session,
  useTestServer,
} from './support.ts';
import { buildRole, signInAs } from './factories.ts';

const U = '/system-api/system/cst/user';

describe('platform admin: customer users', () => {
  const ctx = useTestServer();
  let admin: Session;
  beforeAll(async () => {
    admin = await login(ctx, 'admin');
  });

  const customer = (n: string) => ({
    username: `cust.${n}`,
    password: 'custpass1',
    nickname: `客户${n}`,
    tenantName: `客户公司${n}`,
  });

  it('adds a customer: a new tenant with its manager', async () => {
    const res = await api(ctx, 'POST', `${U}/add`, { session: admin, body: customer('a') });
    expect(res).toMatchObject({ status: 200, code: 200, msg: '操作成功' });
    const s = await login(ctx, 'cust.a', 'custpass1');
    expect(s.uid).toBe(res.data.uid);
    const me = await api(ctx, 'GET', '/system-api/auth/me', { session: s });
    expect(me.data).toMatchObject({ role: 'manager', tenantName: '客户公司a' });

    const list = await api(ctx, 'GET', `${U}/pageList`, {
      session: admin,
      query: { keyword: '客户公司a' },
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      uid: res.data.uid,
      username: 'cust.a',
      role: 'manager',
      tenantName: '客户公司a',
      status: 'enabled',
    });
  });

  it('names every missing or bad field of a customer', async () => {
    const good = customer('b');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, tenantName: undefined }, 400, '企业名称不能为空'],
      [{ ...good, tenantName: '   ' }, 400, '企业名称不能为空'],
      [{ ...good, username: undefined }, 400, '账号不能为空'],
      [{ ...good, password: '' }, 400, '密码不能为空'],
      [{ ...good, nickname: undefined }, 400, '姓名不能为空'],
      [{ ...good, username: 'x'.repeat(33) }, 400, 'username 长度不能超过 32'],
      [{ ...good, username: 42 }, 400, 'username 类型错误'],
      [{ ...good, tenantName: 'x'.repeat(65) }, 400, 'tenantName 长度不能超过 64'],
      [{ ...good, username: 'demo' }, 409, '账号已存在'],
      [{ ...good, username: 'DEMO' }, 409, '账号已存在'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await api(ctx, 'POST', `${U}/add`, { session: admin, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status, code: status, msg });
    }
    const en = await api(ctx, 'POST', `${U}/add`, {
      session: admin,
      body: { ...good, tenantName: '' },
      lang: 'en',
    });
    expect(en.msg).toBe('Company name cannot be empty');
  });

  it('lists only tenant managers, pages them and filters by keyword', async () => {
    const all = await api(ctx, 'GET', `${U}/pageList`, {
      session: admin,
      query: { page: 1, pageSize: 1000 },
    });
    expect(all.data.list.every((u: { role: string }) => u.role === 'manager')).toBe(true);
    expect(all.data.list.some((u: { username: string }) => u.username === 'demo')).toBe(true);
    const page = await api(ctx, 'GET', `${U}/pageList`, {
      session: admin,
      query: { page: 1, pageSize: 1 },
    });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.total).toBe(all.data.total);
    const none = await api(ctx, 'GET', `${U}/pageList`, {
      session: admin,
      query: { keyword: '100%_nothing' },
    });
    expect(none.data).toEqual({ list: [], total: 0 });
    const big = await api(ctx, 'GET', `${U}/pageList`, {
      session: admin,
      query: { pageSize: 1001 },
    });
    expect(big.status).toBe(400);
  });

  it('edits a customer and its tenant name, resets its password, lists its subordinates', async () => {
    const { data } = await api(ctx, 'POST', `${U}/add`, { session: admin, body: customer('c') });
    const old = await login(ctx, 'cust.c', 'custpass1');
    const edit = await api(ctx, 'POST', `${U}/edit`, {
      session: admin,
      body: { uid: data.uid, nickname: '新名字', tenantName: '改名公司' },
    });
    expect(edit.status).toBe(200);
    const list = await api(ctx, 'GET', `${U}/pageList`, {
      session: admin,
      query: { keyword: 'cust.c' },
    });
    expect(list.data.list[0]).toMatchObject({ nickname: '新名字', tenantName: '改名公司' });
    const empty = await api(ctx, 'POST', `${U}/edit`, {
      session: admin,
      body: { uid: data.uid, tenantName: '' },
    });
    expect(empty.msg).toBe('企业名称不能为空');

    const reset = await api(ctx, 'POST', `${U}/reset/pwd`, {
      session: admin,
      body: { uid: data.uid, password: 'resetpw1' },
    });
    expect(reset.status).toBe(200);
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: old })).status).toBe(401);
    await login(ctx, 'cust.c', 'resetpw1');

    const demoManager = (await login(ctx, 'demo')).uid;
    const subs = await api(ctx, 'GET', `${U}/sub/list`, {
      session: admin,
      query: { uid: demoManager },
    });
    expect(subs.data.list.map((u: { username: string }) => u.username)).toEqual(['demo-sup']);

    // The admin acts on managers only; a seat's id is not a customer.
    const seat = await login(ctx, 'demo-seat1');
    const notCustomer = await api(ctx, 'POST', `${U}/reset/pwd`, {
      session: admin,
      body: { uid: seat.uid, password: 'resetpw1' },
    });
    expect(notCustomer).toMatchObject({ status: 404, msg: '用户不存在' });
    const bogus = await api(ctx, 'POST', `${U}/edit`, {
      session: admin,
      body: { uid: 'not-a-uuid', nickname: 'x' },
    });
    expect(bogus).toMatchObject({ status: 400, msg: 'uid 格式不正确' });
  });

  it('disabling a customer disables its whole tenant at once', async () => {
    const { data } = await api(ctx, 'POST', `${U}/add`, { session: admin, body: customer('d') });
    const manager = await login(ctx, 'cust.d', 'custpass1');
    const seatRes = await api(ctx, 'POST', `${U}/add`, {
      session: manager,
      body: { username: 'cust.d.seat', password: 'seatpass1', nickname: '坐席', role: 'office' },
    });
    expect(seatRes.status).toBe(200);
    const seat = await login(ctx, 'cust.d.seat', 'seatpass1');
    const off = await api(ctx, 'PUT', `${U}/changeStatus`, {
      session: admin,
      body: { uid: data.uid, status: 'disabled' },
    });
    expect(off.status).toBe(200);
    for (const s of [manager, seat]) {
      expect((await api(ctx, 'GET', '/system-api/auth/me', { session: s })).status).toBe(401);
    }
    await expect(login(ctx, 'cust.d.seat', 'seatpass1')).rejects.toThrow('企业已被停用');
    const on = await api(ctx, 'PUT', `${U}/changeStatus`, {
      session: admin,
      body: { uid: data.uid, status: 'enabled' },
    });
    expect(on.status).toBe(200);
    // Tokens revoked at disable stay revoked; a new sign-in works.
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: seat })).status).toBe(401);
    await login(ctx, 'cust.d.seat', 'seatpass1');
    const bad = await api(ctx, 'PUT', `${U}/changeStatus`, {
      session: admin,
      body: { uid: data.uid, status: 'paused' },
    });
    expect(bad.status).toBe(400);
  });

  it('batch-adds customers and reports bad rows by index in the caller language', async () => {
    const res = await api(ctx, 'POST', `${U}/addBatch`, {
      session: admin,
      lang: 'en',
      body: {
        users: [
          customer('e'),
          { ...customer('f'), tenantName: '' },
          { ...customer('g'), username: 'cust.e' },
          { ...customer('h'), password: 1 },
          'not an object',
          customer('i'),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.data.created).toHaveLength(2);
    expect(res.data.errors).toEqual([
      { index: 1, message: 'Company name cannot be empty' },
      { index: 2, message: 'This account already exists' },
      { index: 3, message: 'password has the wrong type' },
      { index: 4, message: 'users.4 has the wrong type' },
    ]);
    await login(ctx, 'cust.i', 'custpass1');
    const empty = await api(ctx, 'POST', `${U}/addBatch`, { session: admin, body: { users: [] } });
    expect(empty).toMatchObject({ status: 400, msg: '请至少添加一个账号' });
    const missing = await api(ctx, 'POST', `${U}/addBatch`, { session: admin, body: {} });
    expect(missing.status).toBe(400);
  });
});

describe('inside a tenant: sub-accounts', () => {
  const ctx = useTestServer();
  let manager: Session;
  let sup: Session;
  let seat: Session;
  let tenantId: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let otherRoleId: string;
  beforeAll(async () => {
    ({ demo: manager, sup, seat1: seat } = await signInAs(ctx, 'demo', 'sup', 'seat1'));
    tenantId = await demoTenant(ctx);
    other = await buildTenant(ctx, '别家公司');
    otherRoleId = (await buildRole(ctx, other.tenant.id, '别家角色')).id;
  });

  const sub = (name: string, extra: Record<string, unknown> = {}) => ({
    username: name,
    password: 'seatpass1',
    nickname: `坐席${name}`,
    role: 'office',
    ...extra,
  });

  it('adds a sub-account under the caller with role, position and seat prefix', async () => {
    const role = await api(ctx, 'POST', '/system-api/system/roles/add', {
      session: manager,
      body: { roleName: '只看会话', permissions: ['conversation.read'] },
    });
    const position = await api(ctx, 'POST', '/system-api/system/positions/add', {
      session: manager,
      body: { name: '客服专员' },
    });
    const res = await api(ctx, 'POST', `${U}/add`, {
      session: manager,
      body: sub('t.one', {
        roleId: role.data.id,
        positionId: position.data.id,
        seatPrefix: 'A1',
        tenantName: 'ignored inside a tenant',
      }),
    });
    expect(res.status).toBe(200);
    const list = await api(ctx, 'GET', `${U}/pageList`, {
      session: manager,
      query: { keyword: 't.one' },
    });
    expect(list.data.list[0]).toMatchObject({
      uid: res.data.uid,
      role: 'office',
      roleName: '只看会话',
      positionName: '客服专员',
      superiorId: manager.uid,
      superiorName: '演示管理员',
      seatPrefix: 'A1',
      tenantId,
      tenantName: '演示企业',
    });
    const s = await login(ctx, 't.one', 'seatpass1');
    const me = await api(ctx, 'GET', '/system-api/auth/me', { session: s });
    expect(me.data.permissions).toEqual(['conversation.read']);
  });

  it('tells a seat renamed by its manager (userInfo), only on a real change', async () => {
    const pushesTo = async (uid: string) =>
      (
        await ctx.deps.db
          .select()
          .from(pushEvents)
          .where(eq(pushEvents.event, 'userInfo'))
          .orderBy(asc(pushEvents.id))
      )
        .filter((p) => p.userIds?.includes(uid))
        .map((p) => p.data);
    const renamed = await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: seat.uid, nickname: '改名坐席' },
    });
    expect(renamed.status).toBe(200);
    await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: seat.uid, nickname: '改名坐席', seatPrefix: 'B2' },
    });
    expect(await pushesTo(seat.uid)).toEqual([
      { uid: seat.uid, nickname: '改名坐席', avatar: null },
    ]);
    expect(await pushesTo(manager.uid)).toEqual([]);
  });

  it('names every missing or bad field of a sub-account', async () => {
    const good = sub('t.fields');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, username: '' }, 400, '账号不能为空'],
      [{ ...good, password: undefined }, 400, '密码不能为空'],
      [{ ...good, nickname: ' ' }, 400, '姓名不能为空'],
      [{ ...good, role: undefined }, 400, '请选择角色'],
      [{ ...good, role: 'manager' }, 400, '请选择角色'],
      [{ ...good, seatPrefix: 'x'.repeat(17) }, 400, 'seatPrefix 长度不能超过 16'],
      [{ ...good, nickname: 'x'.repeat(33) }, 400, 'nickname 长度不能超过 32'],
      [{ ...good, positionId: 7 }, 400, 'positionId 取值无效'],
      [{ ...good, roleId: otherRoleId }, 404, '角色不存在'],
      [{ ...good, positionId: other.tenant.id }, 404, '职位不存在'],
      [{ ...good, superiorId: other.manager.id }, 404, '上级账号不存在'],
      [{ ...good, superiorId: 'nope' }, 400, 'superiorId 格式不正确'],
      [{ ...good, username: 'demo-seat2' }, 409, '账号已存在'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await api(ctx, 'POST', `${U}/add`, { session: manager, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status, code: status, msg });
    }
  });

  it('keeps a subAdmin inside its own subtree and its own permissions', async () => {
    const mine = await api(ctx, 'POST', `${U}/add`, { session: sup, body: sub('t.sup1') });
    expect(mine.status).toBe(200);
    const list = await api(ctx, 'GET', `${U}/pageList`, {
      session: sup,
      query: { pageSize: 1000 },
    });
    const names = list.data.list.map((u: { username: string }) => u.username).sort();
    expect(names).toEqual(['demo-seat1', 'demo-seat2', 'demo-sup', 't.sup1']);
    expect(list.data.list.find((u: { uid: string }) => u.uid === mine.data.uid).superiorId).toBe(
      sup.uid,
    );

    const managerRow = await api(ctx, 'POST', `${U}/edit`, {
      session: sup,
      body: { uid: manager.uid, nickname: 'x' },
    });
    expect(managerRow).toMatchObject({ status: 403, msg: '只有平台管理员可以修改企业管理员' });
    const peer = await api(ctx, 'POST', `${U}/add`, { session: manager, body: sub('t.peer') });
    for (const [method, url, body] of [
      ['POST', `${U}/edit`, { uid: peer.data.uid, nickname: 'x' }],
      ['PUT', `${U}/changeStatus`, { uid: peer.data.uid, status: 'disabled' }],
      ['POST', `${U}/reset/pwd`, { uid: peer.data.uid, password: 'whatever1' }],
      ['POST', `${U}/add`, sub('t.sup2', { superiorId: peer.data.uid })],
    ] as const) {
      const res = await api(ctx, method, url, { session: sup, body });
      expect(res, url).toMatchObject({ status: 403, msg: '只能管理自己下级的账号' });
    }
    const peerSubs = await api(ctx, 'GET', `${U}/sub/list`, {
      session: sup,
      query: { uid: peer.data.uid },
    });
    expect(peerSubs.status).toBe(403);

    const admins = await api(ctx, 'POST', '/system-api/system/roles/add', {
      session: manager,
      body: { roleName: '能管角色', permissions: ['role.manage', 'conversation.read'] },
    });
    const more = await api(ctx, 'POST', `${U}/add`, {
      session: sup,
      body: sub('t.sup3', { roleId: admins.data.id }),
    });
    expect(more).toMatchObject({ status: 403, msg: '不能授予超出自己拥有的权限' });
    const raise = await api(ctx, 'POST', `${U}/edit`, {
      session: sup,
      body: { uid: mine.data.uid, roleId: admins.data.id },
    });
    expect(raise.status).toBe(403);
    const ok = await api(ctx, 'POST', `${U}/edit`, {
      session: sup,
      body: { uid: mine.data.uid, role: 'subAdmin', nickname: '升职' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses superiors that would make a cycle', async () => {
    const seatUid = seat.uid;
    const below = await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: sup.uid, superiorId: seatUid },
    });
    expect(below).toMatchObject({ status: 400, msg: '上级账号不能是自己或自己的下级' });
    const self = await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: sup.uid, superiorId: sup.uid },
    });
    expect(self.status).toBe(400);
    const move = await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: seatUid, superiorId: manager.uid, positionId: '', seatPrefix: '' },
    });
    expect(move.status).toBe(200);
    const subs = await api(ctx, 'GET', `${U}/sub/list`, {
      session: manager,
      query: { uid: manager.uid },
    });
    expect(subs.data.list.map((u: { uid: string }) => u.uid)).toContain(seatUid);
    // Put it back for the other tests.
    await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: seatUid, superiorId: sup.uid },
    });
  });

  it('disables, enables and resets sub-accounts; a disabled user is signed out at once', async () => {
    const res = await api(ctx, 'POST', `${U}/add`, { session: manager, body: sub('t.off') });
    const s = await login(ctx, 't.off', 'seatpass1');
    const off = await api(ctx, 'PUT', `${U}/changeStatus`, {
      session: manager,
      body: { uid: res.data.uid, status: 'disabled' },
    });
    expect(off.status).toBe(200);
    const gone = await api(ctx, 'GET', '/system-api/auth/me', { session: s });
    expect(gone).toMatchObject({ status: 401, msg: '登录已过期，请重新登录' });
    await expect(login(ctx, 't.off', 'seatpass1')).rejects.toThrow('账号已被停用');
    await api(ctx, 'PUT', `${U}/changeStatus`, {
      session: manager,
      body: { uid: res.data.uid, status: 'enabled' },
    });
    const s2 = await login(ctx, 't.off', 'seatpass1');
    const reset = await api(ctx, 'POST', `${U}/reset/pwd`, {
      session: manager,
      body: { uid: res.data.uid, password: 'fresh-pass1' },
    });
    expect(reset.status).toBe(200);
    expect((await api(ctx, 'GET', '/system-api/auth/me', { session: s2 })).status).toBe(401);
    await login(ctx, 't.off', 'fresh-pass1');
    const short = await api(ctx, 'POST', `${U}/reset/pwd`, {
      session: manager,
      body: { uid: res.data.uid, password: '1' },
    });
    expect(short.msg).toBe('密码长度为 6 到 64 位');

    const selfOff = await api(ctx, 'PUT', `${U}/changeStatus`, {
      session: sup,
      body: { uid: sup.uid, status: 'disabled' },
    });
    expect(selfOff).toMatchObject({ status: 403, msg: '不能停用自己的账号' });
  });

  it('never reaches another tenant: its ids are 404', async () => {
    const theirs = await buildUser(ctx, {
      tenantId: other.tenant.id,
      role: 'office',
      superiorId: other.manager.id,
    });
    for (const [method, url, body] of [
      ['POST', `${U}/edit`, { uid: theirs.id, nickname: 'x' }],
      ['PUT', `${U}/changeStatus`, { uid: theirs.id, status: 'disabled' }],
      ['POST', `${U}/reset/pwd`, { uid: theirs.id, password: 'whatever1' }],
    ] as const) {
      const res = await api(ctx, method, url, { session: manager, body });
      expect(res, url).toMatchObject({ status: 404, msg: '用户不存在' });
    }
    const subs = await api(ctx, 'GET', `${U}/sub/list`, {
      session: manager,
      query: { uid: other.manager.id },
    });
    expect(subs.status).toBe(404);
    const list = await api(ctx, 'GET', `${U}/pageList`, {
      session: manager,
      query: { pageSize: 1000 },
    });
    expect(list.data.list.every((u: { tenantId: string }) => u.tenantId === tenantId)).toBe(true);
    const moveAway = await api(ctx, 'POST', `${U}/edit`, {
      session: manager,
      body: { uid: seat.uid, superiorId: other.manager.id },
    });
    expect(moveAway).toMatchObject({ status: 404, msg: '上级账号不存在' });
  });

  it('lets only seat managers in: an office seat gets 403 everywhere', async () => {
    for (const [method, url, extra] of [
      ['GET', `${U}/pageList`, {}],
      ['GET', `${U}/sub/list`, { query: { uid: seat.uid } }],
      ['POST', `${U}/add`, { body: sub('t.nope') }],
      ['POST', `${U}/addBatch`, { body: { users: [sub('t.nope')] } }],
      ['POST', `${U}/edit`, { body: { uid: seat.uid, nickname: 'x' } }],
      ['PUT', `${U}/changeStatus`, { body: { uid: seat.uid, status: 'enabled' } }],
      ['POST', `${U}/reset/pwd`, { body: { uid: seat.uid, password: 'whatever1' } }],
    ] as const) {
      const res = await api(ctx, method, url, { session: seat, ...extra });
      expect(res, url).toMatchObject({ status: 403, msg: '没有权限执行此操作' });
    }
  });

  it('batch-adds sub-accounts with a per-row error report', async () => {
    const res = await api(ctx, 'POST', `${U}/addBatch`, {
      session: manager,
      body: {
        users: [
          sub('t.b1'),
          sub('t.b2', { role: undefined }),
          sub('t.b1'),
          sub('t.b3', { superiorId: other.manager.id }),
          sub('t.b4', { role: 'subAdmin' }),
        ],
      },
    });
    expect(res.data.created).toHaveLength(2);
    expect(res.data.errors).toEqual([
      { index: 1, message: '请选择角色' },
      { index: 2, message: '账号已存在' },
      { index: 3, message: '上级账号不存在' },
    ]);
  });
});
