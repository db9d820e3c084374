import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEAT_MAX_WORK_ACCOUNTS } from '@cst/shared';
import { contacts, ports, users, workAccounts } from '../../db/schema/index.ts';
import {
  buildTenant,
  buildUser,
  login,
  useTestServer,
  type Session,
} from '../../../test/support.ts';
import { buildOtherTenant, signInAs } from '../../../test/factories.ts';
import { openTestSocket } from '../../realtime/test-socket.ts';
import {
  accountOf,
  addAccount,
  apiAs,
  eventually,
  waitStatus,
  type ListedAccount,
} from './account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let sup: Session;
let other: Session;
let otherTenantId: string;

beforeAll(async () => {
  ({ demo, sup, seat1, seat2 } = await signInAs(ctx, 'demo', 'sup', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  otherTenantId = other.tenantId!;
});

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

describe('QR login', () => {
  it('adds an account: qr, scanned, confirmed, loggingIn → online, contacts counted, a port taken', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = await openTestSocket(base, { account: 'demo', token: demo.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');

    const code = await api().post<{ loginId: string; qrImage: string; expiresAt: number }>(
      '/main-api/acc/qr-login-code',
    );
    expect(code.status).toBe(200);
    expect(code.data.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(code.data.expiresAt).toBeGreaterThan(Date.now());
    const { loginId } = code.data;
    await ws.waitFor(
      (f) => f.event === 'qr' && (f.data as { loginId: string }).loginId === loginId,
    );

    const pending = await api().get<{ loginId: string }[]>('/sim-api/pending-qr');
    expect(pending.data.map((p) => p.loginId)).toContain(loginId);

    expect((await api().post('/sim-api/qr/scan-only', { loginId })).status).toBe(200);
    await ws.waitFor((f) => f.event === 'qrAckUpdate');
    expect(ws.frames.find((f) => f.event === 'qrAckUpdate')!.data).toEqual({ loginId, status: 1 });

    const scan = await api().post<{ wxid: string }>('/sim-api/qr/scan', {
      loginId,
      confirm: true,
      nickname: '客服小号',
    });
    expect(scan.status).toBe(200);
    const wxid = scan.data.wxid;
    await ws.waitFor((f) => f.event === 'qrAckSucceed');
    expect(ws.frames.find((f) => f.event === 'qrAckSucceed')!.data).toEqual({
      loginId,
      status: 2,
      wxid,
    });
    await ws.waitFor(
      (f) => f.event === 'userStatusChanged' && (f.data as { status: string }).status === 'online',
    );
    const statuses = ws
      .pushes('userStatusChanged')
      .map((f) => (f.data as { status: string }).status);
    expect(statuses).toEqual(['loggingIn', 'online']);
    await ws.waitFor((f) => f.event === 'flushContactor');

    const item = (await accountOf(ctx, demo, wxid))!;
    expect(item).toMatchObject({ status: 'online', nickname: '客服小号' });
    expect(item.contactCount).toBeGreaterThanOrEqual(50);
    expect(item.groupCount).toBeGreaterThanOrEqual(5);
    expect(item.portCode).toMatch(/^P-/);
    // First login: the keep-idle badge runs 8 hours from it.
    expect(item.keepIdleUntil! - item.firstLoginAt!).toBe(8 * 3600_000);
    const state = await api().post<{ status: string; wxid: string }>(
      '/main-api/acc/qr-login-status',
      { loginId },
    );
    expect(state.data).toMatchObject({ status: 'confirmed', wxid });
    expect((await api().get<unknown[]>('/sim-api/pending-qr')).data).toEqual([]);
    await ws.close();
  });

  it('reports a declined scan as qrAckFailed with the message', async () => {
    const code = await api().post<{ loginId: string }>('/main-api/acc/qr-login-code');
    const loginId = code.data.loginId;
    const scan = await api().post('/sim-api/qr/scan', { loginId, confirm: false });
    expect(scan.status).toBe(200);
    const state = await eventually(async () => {
      const r = await api().post<{ status: string; message: string }>(
        '/main-api/acc/qr-login-status',
        { loginId },
      );
      return r.data.status === 'failed' ? r.data : undefined;
    });
    expect(state.message).not.toBe('');
    // A finished login cannot be scanned again.
    expect((await api().post('/sim-api/qr/scan', { loginId, confirm: true })).status).toBe(409);
  });

  it('expires an unscanned code', async () => {
    const code = await api().post<{ loginId: string; expiresAt: number }>(
      '/main-api/acc/qr-login-code',
    );
    ctx.clock.offset = code.data.expiresAt - Date.now() + 1000;
    try {
      const state = await eventually(async () => {
        const r = await api().post<{ status: string; message: string }>(
          '/main-api/acc/qr-login-status',
          { loginId: code.data.loginId },
        );
        return r.data.status === 'expired' ? r.data : undefined;
      });
      expect(state.message).toBe('二维码已过期，请刷新');
    } finally {
      ctx.clock.offset = 0;
    }
  });

  it('refuses unknown groups and proxies, and logins of another tenant', async () => {
    const malformed = await api().post('/main-api/acc/qr-login-code', { groupId: 'nope' });
    expect(malformed.status).toBe(400);
    const bad = await api().post('/main-api/acc/qr-login-code', { groupId: randomUUID() });
    expect(bad.status).toBe(404);
    expect(bad.message).toBe('分组不存在');
    const noProxy = await api().post('/main-api/acc/qr-login-code', { proxyId: randomUUID() });
    expect(noProxy.status).toBe(404);
    const code = await api().post<{ loginId: string }>('/main-api/acc/qr-login-code');
    const theirs = await api(other).post('/sim-api/qr/scan', {
      loginId: code.data.loginId,
      confirm: true,
    });
    expect(theirs.status).toBe(404);
    expect(
      (await api(other).post('/main-api/acc/qr-login-status', { loginId: code.data.loginId }))
        .status,
    ).toBe(404);
    expect((await api(other).get<unknown[]>('/sim-api/pending-qr')).data).toEqual([]);
  });
});

describe('ports', () => {
  it('needs a free, unexpired port of the tenant; deleting an account frees it', async () => {
    const t = await buildTenant(ctx);
    const s = await login(ctx, t.manager.username);
    const none = await api(s).post('/main-api/acc/qr-login-code');
    expect(none.status).toBe(409);
    expect(none.message).toBe('没有可用的端口，请先购买或续费端口');
    const en = await api(s, 'en').post('/main-api/acc/qr-login-code');
    expect(en.message).toBe('No free port left: buy or renew ports first');

    // An expired port does not count.
    await ctx.deps.db.insert(ports).values({
      tenantId: t.tenant.id,
      code: `EXP-${randomUUID()}`,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await api(s).post('/main-api/acc/qr-login-code')).status).toBe(409);

    await ctx.deps.db.insert(ports).values({
      tenantId: t.tenant.id,
      code: `OK-${randomUUID()}`,
      expiresAt: new Date(Date.now() + 86400_000),
    });
    // Two codes issued while one port is free: the second confirmation is refused.
    const a = await api(s).post<{ loginId: string }>('/main-api/acc/qr-login-code');
    const b = await api(s).post<{ loginId: string }>('/main-api/acc/qr-login-code');
    const first = await api(s).post<{ wxid: string }>('/sim-api/qr/scan', {
      loginId: a.data.loginId,
      confirm: true,
    });
    expect(first.status).toBe(200);
    await api(s).post('/sim-api/qr/scan', { loginId: b.data.loginId, confirm: true });
    const refused = await eventually(async () => {
      const r = await api(s).post<{ status: string; message: string }>(
        '/main-api/acc/qr-login-status',
        { loginId: b.data.loginId },
      );
      return r.data.status === 'failed' ? r.data : undefined;
    });
    expect(refused.message).toBe('没有可用的端口，请先购买或续费端口');
    const listed = await api(s).post<{ list: ListedAccount[] }>('/main-api/acc/all');
    expect(listed.data.list.map((x) => x.wxid)).toEqual([first.data.wxid]);
    expect((await api(s).post('/main-api/acc/qr-login-code')).status).toBe(409);

    await waitStatus(ctx, s, first.data.wxid, 'online');
    // The port lists name the account a port is bound to, not only its wxid.
    const bound = await api(s).get<{
      list: { workWxid: string | null; workAccountName?: string | null }[];
    }>('/system-api/system/user/port/list');
    expect(bound.data.list.filter((p) => p.workWxid)).toEqual([
      expect.objectContaining({
        workWxid: first.data.wxid,
        workAccountName: listed.data.list[0]!.nickname,
      }),
    ]);
    const del = await api(s).post('/main-api/acc/delete', {
      wxids: [first.data.wxid],
      confirm: 'del',
    });
    expect(del.status).toBe(200);
    expect((await api(s).post('/main-api/acc/qr-login-code')).status).toBe(200);
  });
});

describe('account operations and their states (SPEC §5)', () => {
  let acc: ListedAccount;
  beforeAll(async () => {
    acc = await addAccount(ctx, demo, { nickname: '状态测试' });
  });

  // addAccount has waited for the login's own events, so none finishes the login faked here.
  const setStatus = async (wxid: string, status: 'loggingIn' | 'online') => {
    await ctx.deps.db.update(workAccounts).set({ status }).where(eq(workAccounts.wxid, wxid));
  };

  it('logs out only accounts that are logging in', async () => {
    const refused = await api().post('/main-api/acc/logout', { wxids: [acc.wxid] });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('只有登录中的工作号可以退出登录：状态测试');
    const x = await addAccount(ctx, demo, { nickname: '待退出' });
    await setStatus(x.wxid, 'loggingIn');
    const ok = await api().post('/main-api/acc/logout', { wxids: [x.wxid] });
    expect(ok.status).toBe(200);
    expect((await accountOf(ctx, demo, x.wxid))!.status).toBe('notLoggedIn');
  });

  it('multi-logs-in only offline, proxy-failed or relogin accounts', async () => {
    const refused = await api().post('/main-api/acc/multi-login', { wxids: [acc.wxid] });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('状态测试');

    const p = await addAccount(ctx, demo, { nickname: '代理失效' });
    expect(
      (await api().post('/sim-api/fault', { workWxid: p.wxid, kind: 'proxyFail' })).status,
    ).toBe(200);
    await waitStatus(ctx, demo, p.wxid, 'proxyFailed');
    const ok = await api().post<{ results: { ok: boolean }[] }>('/main-api/acc/multi-login', {
      wxids: [p.wxid],
    });
    expect(ok.status).toBe(200);
    expect(ok.data.results).toEqual([{ wxid: p.wxid, ok: true }]);
    await waitStatus(ctx, demo, p.wxid, 'online');

    // Kicked out: the session is gone, so it needs a QR code again.
    const k = await addAccount(ctx, demo, { nickname: '被踢下线' });
    await api().post('/sim-api/fault', { workWxid: k.wxid, kind: 'kickOut' });
    await waitStatus(ctx, demo, k.wxid, 'kickedOut');
    const again = await api().post<{ results: { ok: boolean; message?: string }[] }>(
      '/main-api/acc/multi-login',
      { wxids: [k.wxid] },
    );
    expect(again.data.results[0]).toMatchObject({
      ok: false,
      message: '登录信息已失效，请重新扫码登录',
    });
    expect((await accountOf(ctx, demo, k.wxid))!.status).toBe('loginFailed');
  });

  it('batch-edits only logged-in accounts', async () => {
    const g = await api().post<{ id: string }>('/main-api/acc/group/add', { name: '批量组' });
    const ok = await api().post('/main-api/acc/batch-edit', {
      wxids: [acc.wxid],
      remark: '批量备注',
      groupId: g.data.id,
    });
    expect(ok.status).toBe(200);
    expect(await accountOf(ctx, demo, acc.wxid)).toMatchObject({
      remark: '批量备注',
      groupId: g.data.id,
    });
    const b = await addAccount(ctx, demo, { nickname: '封号甲' });
    await api().post('/sim-api/fault', { workWxid: b.wxid, kind: 'ban' });
    await waitStatus(ctx, demo, b.wxid, 'banned');
    // A banned account has no keep-idle period left to show.
    expect((await accountOf(ctx, demo, b.wxid))!.keepIdleUntil).toBeNull();
    const refused = await api().post('/main-api/acc/batch-edit', {
      wxids: [acc.wxid, b.wxid],
      remark: 'x',
    });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('只有已登录的工作号可以批量编辑：封号甲');
    expect((await accountOf(ctx, demo, acc.wxid))!.remark).toBe('批量备注');
  });

  it('deletes with "del" typed; banned-only and non-online-only deletes keep to their state', async () => {
    const b = await addAccount(ctx, demo, { nickname: '封号乙' });
    await api().post('/sim-api/fault', { workWxid: b.wxid, kind: 'ban' });
    await waitStatus(ctx, demo, b.wxid, 'banned');

    const noConfirm = await api().post('/main-api/acc/delete', { wxids: [b.wxid] });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.message).toBe('请输入 del 确认删除');
    const wrong = await api().post('/main-api/acc/delete', { wxids: [b.wxid], confirm: 'yes' });
    expect(wrong.status).toBe(400);

    const onlineBanned = await api().post('/main-api/acc/delete-banned', {
      wxids: [acc.wxid, b.wxid],
      confirm: 'del',
    });
    expect(onlineBanned.status).toBe(409);
    expect(onlineBanned.message).toBe('只能删除已封号的工作号：状态测试');
    const nonOnline = await api().post('/main-api/acc/delete-non-online', {
      wxids: [acc.wxid],
      confirm: 'del',
    });
    expect(nonOnline.status).toBe(409);

    const bannedRow = (
      await ctx.deps.db.select().from(workAccounts).where(eq(workAccounts.wxid, b.wxid))
    )[0]!;
    const all = await api().post<{ wxids: string[] }>('/main-api/acc/delete-banned', {
      confirm: 'del',
    });
    expect(all.status).toBe(200);
    expect(all.data.wxids).toContain(b.wxid);
    expect(await accountOf(ctx, demo, b.wxid)).toBeUndefined();
    // Its port is free again and its contacts are gone.
    const held = await ctx.deps.db
      .select()
      .from(ports)
      .where(eq(ports.workAccountId, bannedRow.id));
    expect(held).toEqual([]);
    const left = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.workAccountId, bannedRow.id));
    expect(left).toEqual([]);

    const none = await api().post('/main-api/acc/delete-banned', { confirm: 'del' });
    expect(none.status).toBe(409);
    expect(none.message).toBe('没有已封号的工作号');

    const d = await addAccount(ctx, demo, { nickname: '掉线' });
    await api().post('/sim-api/fault', { workWxid: d.wxid, kind: 'proxyFail' });
    await waitStatus(ctx, demo, d.wxid, 'proxyFailed');
    const ok = await api().post<{ wxids: string[] }>('/main-api/acc/delete-non-online', {
      wxids: [d.wxid],
      confirm: 'del',
    });
    expect(ok.status).toBe(200);
    expect(ok.data.wxids).toEqual([d.wxid]);
  });

  it('changes the pool with "yes" typed, and the remark', async () => {
    const no = await api().post('/main-api/acc/pool-change', {
      wxids: [acc.wxid],
      pool: 'feeding',
    });
    expect(no.status).toBe(400);
    expect(no.message).toBe('请输入 yes 确认');
    const ok = await api().post('/main-api/acc/pool-change', {
      wxids: [acc.wxid],
      pool: 'feeding',
      confirm: 'yes',
    });
    expect(ok.status).toBe(200);
    expect((await accountOf(ctx, demo, acc.wxid))!.pool).toBe('feeding');
    const filtered = await api().post<{ list: ListedAccount[] }>('/main-api/acc/all', {
      pool: 'feeding',
    });
    expect(filtered.data.list.map((a) => a.wxid)).toEqual([acc.wxid]);

    const empty = await api().post('/main-api/acc/update-remark', { wxid: acc.wxid, remark: '' });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('备注名不能为空');
    expect(
      (await api().post('/main-api/acc/update-remark', { wxid: acc.wxid, remark: '新备注' }))
        .status,
    ).toBe(200);
    expect((await accountOf(ctx, demo, acc.wxid))!.remark).toBe('新备注');
  });

  it('answers 404 for unknown accounts and another tenant’s, and 400 for bad input', async () => {
    for (const [url, body] of [
      ['/main-api/acc/delete', { wxids: ['wxid_nobody'], confirm: 'del' }],
      ['/main-api/acc/update-remark', { wxid: 'wxid_nobody', remark: 'x' }],
      ['/main-api/acc/logout', { wxids: ['wxid_nobody'] }],
    ] as const) {
      expect((await api().post(url, body)).status).toBe(404);
    }
    for (const [url, body] of [
      ['/main-api/acc/delete', { wxids: [acc.wxid], confirm: 'del' }],
      ['/main-api/acc/update-remark', { wxid: acc.wxid, remark: 'x' }],
      ['/main-api/acc/pool-change', { wxids: [acc.wxid], pool: 'service', confirm: 'yes' }],
      ['/main-api/acc/batch-edit', { wxids: [acc.wxid], remark: 'x' }],
      ['/main-api/acc/multi-login', { wxids: [acc.wxid] }],
      ['/main-api/acc/restitute', { wxids: [acc.wxid] }],
      ['/main-api/acc/proxy-assign', { wxids: [acc.wxid], proxyId: null }],
      ['/main-api/acc/qr-login-code', { wxid: acc.wxid }],
      ['/sim-api/fault', { workWxid: acc.wxid, kind: 'ban' }],
      [
        '/sim-api/inbound',
        { workWxid: acc.wxid, fromWxid: 'wxid_x', talkType: 1, msgType: 1, content: 'hi' },
      ],
    ] as const) {
      const r = await api(other).post(url, body);
      expect(r.status, url).toBe(404);
    }
    expect((await api(other).get(`/sim-api/contacts?workWxid=${acc.wxid}`)).status).toBe(404);
    const theirs = await api(other).post<{ list: unknown[]; total: number }>('/main-api/acc/all');
    expect(theirs.data).toMatchObject({ list: [], total: 0 });
    expect((await accountOf(ctx, demo, acc.wxid))!.status).toBe('online');

    for (const body of [{ pageSize: 501 }, { status: 'bogus' }, { page: 0 }]) {
      expect((await api().post('/main-api/acc/all', body)).status).toBe(400);
    }
    const noIds = await api().post('/main-api/acc/delete', { wxids: [], confirm: 'del' });
    expect(noIds.status).toBe(400);
    expect(noIds.message).toBe('请选择工作号');
  });

  it('lists with filters and counts per status', async () => {
    const all = await api().post<{
      list: ListedAccount[];
      total: number;
      counts: Record<string, number>;
    }>('/main-api/acc/all');
    expect(all.data.total).toBe(all.data.list.length);
    const online = all.data.list.filter((a) => a.status === 'online').length;
    expect(all.data.counts.online).toBe(online);
    const byStatus = await api().post<{ list: ListedAccount[]; counts: Record<string, number> }>(
      '/main-api/acc/all',
      { status: 'online' },
    );
    expect(byStatus.data.list.every((a) => a.status === 'online')).toBe(true);
    // Counts ignore the status filter so the tabs keep their numbers.
    expect(byStatus.data.counts).toEqual(all.data.counts);
    const byName = await api().post<{ list: ListedAccount[] }>('/main-api/acc/all', {
      keyword: '状态',
    });
    expect(byName.data.list.map((a) => a.wxid)).toEqual([acc.wxid]);
    const page = await api().post<{ list: ListedAccount[]; total: number }>('/main-api/acc/all', {
      page: 2,
      pageSize: 1,
    });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.total).toBe(all.data.total);
  });
});

describe('distribution and visibility', () => {
  it('distributes to a seat, which then sees it (and nobody beside or below sees it)', async () => {
    const a = await addAccount(ctx, demo, { nickname: '分配号' });
    const seat1Id = seat1.uid;
    const r = await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: seat1Id });
    expect(r.status).toBe(200);
    const sw1 = await api(seat1).get<{ wxAccount: { wxid: string }[]; sessionWsList: unknown[] }>(
      '/main-api/acc/switcher',
    );
    expect(sw1.data.wxAccount.map((x) => x.wxid)).toEqual([a.wxid]);
    expect(sw1.data.sessionWsList).toEqual([{ wxid: a.wxid, unRead: 0 }]);
    const sw2 = await api(seat2).get<{ wxAccount: unknown[] }>('/main-api/acc/switcher');
    expect(sw2.data.wxAccount).toEqual([]);
    // The supervisor above the seat sees it and may manage it.
    expect(await accountOf(ctx, sup, a.wxid)).toBeDefined();
    // Seats do not manage accounts.
    expect((await api(seat1).post('/main-api/acc/all')).status).toBe(403);

    // Restitute by the supervisor keeps it in the supervisor's hands; by the manager, to the pool.
    expect((await api(sup).post('/main-api/acc/restitute', { wxids: [a.wxid] })).status).toBe(200);
    expect((await accountOf(ctx, sup, a.wxid))!.distributedTo).toBe(sup.uid);
    expect(
      (await api(seat1).get<{ wxAccount: unknown[] }>('/main-api/acc/switcher')).data.wxAccount,
    ).toEqual([]);
    expect((await api().post('/main-api/acc/restitute', { wxids: [a.wxid] })).status).toBe(200);
    expect((await accountOf(ctx, demo, a.wxid))!.distributedTo).toBeNull();
    expect(await accountOf(ctx, sup, a.wxid)).toBeUndefined();
  });

  it('refuses a 51st account for a seat, unknown seats and seats outside the caller’s tree', async () => {
    const tenantId = demo.tenantId!;
    const seat = await buildUser(ctx, { tenantId, role: 'office', superiorId: sup.uid });
    await ctx.deps.db.insert(workAccounts).values(
      Array.from({ length: SEAT_MAX_WORK_ACCOUNTS }, (_, i) => ({
        tenantId,
        wxid: `wxid_full_${i}_${randomUUID().slice(0, 6)}`,
        nickname: `满${i}`,
        status: 'offline' as const,
        distributedTo: seat.id,
      })),
    );
    const a = await addAccount(ctx, demo, { nickname: '第五十一个' });
    const full = await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: seat.id });
    expect(full.status).toBe(409);
    expect(full.message).toBe(`每个坐席最多分配 50 个工作号，${seat.username} 已有 50 个`);

    expect(
      (await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: randomUUID() })).status,
    ).toBe(404);
    expect(
      (await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: 'x' })).status,
    ).toBe(404);
    const [otherUser] = await ctx.deps.db
      .select()
      .from(users)
      .where(eq(users.tenantId, otherTenantId));
    expect(
      (await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: otherUser!.id }))
        .status,
    ).toBe(404);

    // A supervisor distributes only inside its own part of the tree.
    const outsider = await buildUser(ctx, { tenantId, role: 'office', superiorId: demo.uid });
    await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: sup.uid });
    const outside = await api(sup).post('/main-api/acc/distribute', {
      wxids: [a.wxid],
      uid: outsider.id,
    });
    expect(outside.status).toBe(403);
    expect(outside.message).toBe('只能分配给自己下级的坐席');
    expect(
      (await api(sup).post('/main-api/acc/distribute', { wxids: [a.wxid], uid: seat2.uid })).status,
    ).toBe(200);
  });

  it('pushes status changes only to users who may see the account', async () => {
    const base = ctx.app.server.listening
      ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await addAccount(ctx, demo, { nickname: '推送号' });
    await api().post('/main-api/acc/distribute', { wxids: [a.wxid], uid: seat2.uid });
    const socks = {
      demo: await openTestSocket(base, { token: demo.token }),
      seat1: await openTestSocket(base, { token: seat1.token }),
      seat2: await openTestSocket(base, { token: seat2.token }),
      other: await openTestSocket(base, { token: other.token }),
    };
    for (const s of Object.values(socks)) {
      s.send('ping');
      await s.waitFor((f) => f.event === 'hello');
    }
    await api().post('/sim-api/fault', { workWxid: a.wxid, kind: 'ban' });
    const banned = (f: { event: string; data?: unknown }) =>
      f.event === 'userStatusChanged' && (f.data as { wxid: string }).wxid === a.wxid;
    await socks.demo.waitFor(banned);
    await socks.seat2.waitFor(banned);
    // A later push every user of the tenant gets marks the end of delivery.
    await api().post('/main-api/acc/group/add', { name: `标记${randomUUID().slice(0, 4)}` });
    await socks.seat1.waitFor((f) => f.event === 'accountGroupsChanged');
    expect(socks.seat1.frames.some(banned)).toBe(false);
    expect(socks.other.frames.some(banned)).toBe(false);
    expect(socks.other.frames.some((f) => f.event === 'accountGroupsChanged')).toBe(false);
    for (const s of Object.values(socks)) await s.close();
  });
});

describe('account groups', () => {
  it('adds, renames, refuses duplicates, and refuses to delete a group holding accounts', async () => {
    const g = await api().post<{ id: string }>('/main-api/acc/group/add', { name: '华南' });
    expect(g.status).toBe(200);
    const child = await api().post<{ id: string }>('/main-api/acc/group/add', {
      name: '广州',
      parentId: g.data.id,
    });
    expect(child.status).toBe(200);
    const dup = await api().post('/main-api/acc/group/add', { name: '华南' });
    expect(dup.status).toBe(409);
    expect((await api().post('/main-api/acc/group/add', { name: '' })).message).toBe(
      '分组名称不能为空',
    );
    expect(
      (await api().post('/main-api/acc/group/add', { name: 'x', parentId: randomUUID() })).status,
    ).toBe(404);
    expect(
      (await api().post('/main-api/acc/group/rename', { id: child.data.id, name: '深圳' })).status,
    ).toBe(200);

    const a = await addAccount(ctx, demo, { nickname: '分组号', groupId: child.data.id });
    const tree = await api().post<
      { id: string; children: { name: string; accountCount: number }[] }[]
    >('/main-api/acc/group/list');
    const node = tree.data.find((n) => n.id === g.data.id)!;
    expect(node.children).toEqual([expect.objectContaining({ name: '深圳', accountCount: 1 })]);
    // The parent filter includes its sub-groups.
    const inParent = await api().post<{ list: ListedAccount[] }>('/main-api/acc/all', {
      groupId: g.data.id,
    });
    expect(inParent.data.list.map((x) => x.wxid)).toEqual([a.wxid]);
    const sw = await api().get<{ wxTreeData: { id: string; children: { wxids: string[] }[] }[] }>(
      '/main-api/acc/switcher',
    );
    expect(sw.data.wxTreeData.find((n) => n.id === g.data.id)!.children[0]!.wxids).toEqual([
      a.wxid,
    ]);

    const refused = await api().post('/main-api/acc/group/del', { id: g.data.id });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('分组下还有工作号，无法删除');
    await api().post('/main-api/acc/move-group', { wxids: [a.wxid], groupId: null });
    expect((await api().post('/main-api/acc/group/del', { id: g.data.id })).status).toBe(200);
    expect((await accountOf(ctx, demo, a.wxid))!.groupId).toBeNull();

    expect(
      (await api(other).post('/main-api/acc/group/rename', { id: child.data.id, name: 'x' }))
        .status,
    ).toBe(404);
    expect((await api().post('/main-api/acc/group/del', { id: 'nope' })).status).toBe(400);
    expect((await api().post('/main-api/acc/group/del', { id: randomUUID() })).status).toBe(404);
  });
});

describe('proxies', () => {
  it('adds from text lines with a per-line error report, assigns, and deletes unused ones', async () => {
    const text = [
      '1.2.3.4:1080:user:pass',
      '',
      'bad line',
      '1.2.3.4:99999:user:pass',
      '300.1.1.1:1080:u:p',
      '1.2.3.4:1080:user:pass',
      'proxy.example.com:1081:u2:p:with:colons',
    ].join('\n');
    const r = await api().post<{ added: number; errors: { line: number; message: string }[] }>(
      '/main-api/acc/proxy-add',
      { text },
    );
    expect(r.status).toBe(200);
    expect(r.data.added).toBe(2);
    expect(r.data.errors).toEqual([
      expect.objectContaining({ line: 3, message: '格式应为 ip:端口:账号:密码' }),
      expect.objectContaining({ line: 4, message: '端口应为 1 到 65535 的整数' }),
      expect.objectContaining({ line: 5, message: 'IP 地址不正确' }),
      expect.objectContaining({ line: 6, message: '代理已存在' }),
    ]);
    const again = await api().post<{ added: number; errors: unknown[] }>(
      '/main-api/acc/proxy-add',
      {
        text: '1.2.3.4:1080:user:pass',
      },
    );
    expect(again.data).toMatchObject({ added: 0, errors: [expect.objectContaining({ line: 1 })] });
    expect((await api().post('/main-api/acc/proxy-add', { text: '  ' })).status).toBe(400);

    const list = await api().post<{
      list: { id: string; label: string; type: string }[];
      total: number;
    }>('/main-api/acc/proxy-list');
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((p) => p.label).sort()).toEqual([
      '1.2.3.4:1080',
      'proxy.example.com:1081',
    ]);
    expect(list.data.list.every((p) => p.type === 'socks5')).toBe(true);
    expect(JSON.stringify(list.data)).not.toContain('pass');

    const proxyId = list.data.list[0]!.id;
    const a = await addAccount(ctx, demo, { nickname: '代理号', proxyId });
    expect((await accountOf(ctx, demo, a.wxid))!.proxyId).toBe(proxyId);
    const inUse = await api().post('/main-api/acc/proxy-del', { ids: [proxyId] });
    expect(inUse.status).toBe(409);
    expect((await api(other).post('/main-api/acc/proxy-del', { ids: [proxyId] })).status).toBe(404);
    expect(
      (await api().post('/main-api/acc/proxy-assign', { wxids: [a.wxid], proxyId: null })).status,
    ).toBe(200);
    expect(
      (await api().post('/main-api/acc/proxy-assign', { wxids: [a.wxid], proxyId: randomUUID() }))
        .status,
    ).toBe(404);
    expect((await api().post('/main-api/acc/proxy-del', { ids: [proxyId] })).status).toBe(200);
    expect((await api(other).post<{ total: number }>('/main-api/acc/proxy-list')).data.total).toBe(
      0,
    );
  });
});
