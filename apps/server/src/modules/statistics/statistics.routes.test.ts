import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatResult } from '@cst/shared';
import { eq } from 'drizzle-orm';
import { contacts, friendRequests, ports, roles, workAccounts } from '../../db/schema/index.ts';
import { startServer, type Server } from '../../server.ts';
import { buildTenant, buildUser, testConfig, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

// Issue 20: the statistics routes over HTTP — figures from events written by the features,
// visibility per role and tenant, bad input, the xlsx export.

let server: Server;
let manager: Session;
let sup: Session;
let seatA: Session;
let seatB: Session;
let plainSeat: Session;
let other: Session;
let accA: ListedAccount;
let accB: ListedAccount;
let otherAcc: ListedAccount;
let tenantId: string;

const api = (s: Session, lang?: string) => apiAs(server, s, lang);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const weekAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
  new Date(Date.now() - 6 * 86_400_000),
);

async function report(s: Session, name: string, body: Record<string, unknown> = {}) {
  return api(s).post<StatResult>(`/main-api/statistics/${name}`, {
    from: weekAgo,
    to: today,
    ...body,
  });
}

async function inbound(acc: ListedAccount, fromWxid: string, content: string) {
  const r = await api(manager).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status).toBe(200);
}

async function ownTenant(name: string) {
  const t = await buildTenant(server, name);
  // A fresh tenant has no ports: one per work account it adds.
  await server.deps.db.insert(ports).values(
    [1, 2].map((i) => ({
      tenantId: t.tenant.id,
      code: `P-stat${i}-${t.tenant.id.slice(0, 8)}`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })),
  );
  return t;
}

beforeAll(async () => {
  server = await startServer(testConfig({ port: 0 }), {
    accounts: { simulator: { loginDelayMs: 20 } },
  });
  const t = await ownTenant('统计路由');
  tenantId = t.tenant.id;
  manager = await signIn(server, t.manager.username);
  const supUser = await buildUser(server, {
    tenantId,
    role: 'subAdmin',
    superiorId: t.manager.id,
  });
  const [statRole] = await server.deps.db
    .insert(roles)
    .values({ tenantId, name: '统计坐席', permissions: ['conversation.read', 'statistics.read'] })
    .returning();
  const a = await buildUser(server, {
    tenantId,
    role: 'office',
    superiorId: supUser.id,
    roleId: statRole!.id,
  });
  const b = await buildUser(server, {
    tenantId,
    role: 'office',
    superiorId: t.manager.id,
    roleId: statRole!.id,
  });
  const plain = await buildUser(server, { tenantId, role: 'office', superiorId: t.manager.id });
  sup = await signIn(server, supUser.username);
  seatA = await signIn(server, a.username);
  seatB = await signIn(server, b.username);
  plainSeat = await signIn(server, plain.username);
  const o = await ownTenant('统计他人');
  other = await signIn(server, o.manager.username);
  otherAcc = await addAccount(server, other, { nickname: '他人号' });
  accA = await addAccount(server, manager, { nickname: '统计甲' });
  accB = await addAccount(server, manager, { nickname: '统计乙' });
  for (const [acc, uid] of [
    [accA, seatA.uid],
    [accB, seatB.uid],
  ] as const) {
    const d = await api(manager).post('/main-api/acc/distribute', { wxids: [acc.wxid], uid });
    expect(d.status).toBe(200);
  }
  await inbound(accA, 'wxid_stat_peer_1', '你好');
  await inbound(accA, 'wxid_stat_peer_2', '在吗');
  await inbound(accB, 'wxid_stat_peer_3', 'hello');
  await eventually(async () => {
    const r = await report(manager, 'message');
    return r.data.summary.received === 3 || undefined;
  });
  // Friends and requests as the friend and request features store them.
  const now = new Date();
  const idOf = async (acc: ListedAccount) =>
    (await server.deps.db.select().from(workAccounts).where(eq(workAccounts.wxid, acc.wxid)))[0]!
      .id;
  const a1 = await idOf(accA);
  const b1 = await idOf(accB);
  await server.deps.db.insert(contacts).values([
    { tenantId, workAccountId: a1, wxid: 'f_task_1', source: 'task', addedAt: now },
    { tenantId, workAccountId: a1, wxid: 'f_auto_1', source: 'autoAccept', addedAt: now },
    { tenantId, workAccountId: a1, wxid: 'f_manual_1', source: 'manual', addedAt: now },
    { tenantId, workAccountId: b1, wxid: 'f_phone_1', source: 'phone', addedAt: now },
  ]);
  await server.deps.db.insert(friendRequests).values([
    { tenantId, workAccountId: a1, direction: 'out', wxid: 'q1', status: 3, origin: 'manual' },
    { tenantId, workAccountId: a1, direction: 'out', wxid: 'q2', status: 1, origin: 'task' },
    { tenantId, workAccountId: a1, direction: 'out', wxid: 'q3', status: 2, origin: 'task' },
    { tenantId, workAccountId: b1, direction: 'in', wxid: 'q4', status: 3 },
  ]);
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const byWxid = (r: StatResult) => Object.fromEntries(r.accounts.map((a) => [a.workWxid, a.values]));

describe('the reports', () => {
  it('count messages of the day by direction, per account and day', async () => {
    const r = await report(manager, 'message');
    expect(r.status).toBe(200);
    expect(r.data.timeZone).toBe('Asia/Shanghai');
    expect(r.data.days).toHaveLength(7);
    expect(r.data.days.at(-1)).toEqual({
      day: today,
      values: expect.objectContaining({ received: 3 }) as unknown,
    });
    expect(byWxid(r.data)[accA.wxid]).toMatchObject({ received: 2 });
    expect(byWxid(r.data)[accB.wxid]).toMatchObject({ received: 1 });
  });

  it('split new friends by source: system (task, auto-accept) and not', async () => {
    // The simulated accounts came with friends of their own (source phone) at their login.
    const all = await report(manager, 'newfriend');
    const s = all.data.summary;
    expect(s).toMatchObject({ task: 1, autoAccept: 1, manual: 1 });
    expect(s.phone).toBeGreaterThanOrEqual(1);
    expect(s.total).toBe(3 + s.phone!);
    const sys = await report(manager, 'sysadd');
    expect(sys.data.summary).toEqual({ total: 2, task: 1, autoAccept: 1 });
    expect(byWxid(sys.data)[accB.wxid]).toEqual({ total: 0, task: 0, autoAccept: 0 });
    const nosys = await report(manager, 'nosysadd');
    expect(nosys.data.summary).toEqual({ total: 1 + s.phone!, manual: 1, phone: s.phone });
  });

  it('count friends lost, and friends at the end of each day', async () => {
    const before = await report(manager, 'wxfriend', { workWxids: [accA.wxid] });
    expect(before.status, before.message).toBe(200);
    const friendsBefore = before.data.summary.friends!;
    expect(friendsBefore).toBeGreaterThanOrEqual(3);
    // One of the friends the simulated account came with, deleted on the friends page.
    const list = await api(manager).post<{ list: { friendWxid: string }[] }>(
      '/main-api/acc/friends-list',
      { page: 1, pageSize: 1, workWxid: accA.wxid, source: 'phone' },
    );
    const friendWxid = list.data.list[0]!.friendWxid;
    const del = await api(manager).post('/main-api/acc/delete-friend', {
      workWxid: accA.wxid,
      friendWxid,
    });
    expect(del.status, del.message).toBe(200);
    const lost = 1;
    const gone = await report(manager, 'deletefriend', { workWxids: [accA.wxid] });
    expect(gone.data.summary).toMatchObject({ total: lost, phone: lost });
    const after = await report(manager, 'wxfriend', { workWxids: [accA.wxid] });
    expect(after.data.summary.friends).toBe(friendsBefore - lost);
    expect(after.data.days.at(-1)!.values.friends).toBe(friendsBefore - lost);
  });

  it('count sent friend requests by outcome, with the pass rate', async () => {
    const r = await report(manager, 'addfriend');
    expect(r.data.summary).toEqual({
      sent: 3,
      requested: 1,
      failed: 1,
      added: 1,
      already: 0,
      passRate: 33.3,
    });
  });
});

describe('the range', () => {
  it('defaults to the last seven days of the tenant’s calendar', async () => {
    const r = await api(manager).post<StatResult>('/main-api/statistics/message', {});
    expect(r.status).toBe(200);
    expect([r.data.from, r.data.to]).toEqual([weekAgo, today]);
    expect(r.data.days.map((d) => d.day)).toHaveLength(7);
    const one = await api(manager).post<StatResult>('/main-api/statistics/message', {
      to: weekAgo,
    });
    expect(one.data.to).toBe(weekAgo);
    expect(one.data.days).toHaveLength(7);
    const far = await api(manager, 'en').post('/main-api/statistics/message', {
      from: '2020-01-01',
    });
    expect(far.status).toBe(400);
    expect(far.message).toContain('at most 366 days');
  });
});

describe('who sees what', () => {
  it('a seat sees only its own accounts; its superior those below it', async () => {
    const a = await report(seatA, 'message');
    expect(a.data.accounts.map((x) => x.workWxid)).toEqual([accA.wxid]);
    expect(a.data.summary.received).toBe(2);
    const s = await report(sup, 'message');
    expect(s.data.accounts.map((x) => x.workWxid)).toEqual([accA.wxid]);
    const m = await report(manager, 'message');
    expect(m.data.accounts.map((x) => x.workWxid).sort()).toEqual([accA.wxid, accB.wxid].sort());
  });

  it('a seat without the statistics permission is refused (403)', async () => {
    const r = await report(plainSeat, 'message');
    expect(r.status).toBe(403);
  });

  it('an account the caller does not see, another tenant’s included, is not found (404)', async () => {
    const r1 = await report(seatA, 'message', { workWxids: [accB.wxid] });
    expect(r1.status).toBe(404);
    const r2 = await report(manager, 'newfriend', { workWxids: [otherAcc.wxid] });
    expect(r2.status).toBe(404);
    const r3 = await report(other, 'message');
    expect(r3.status).toBe(200);
    expect(r3.data.accounts.map((x) => x.workWxid)).toEqual([otherAcc.wxid]);
    expect(r3.data.summary.received).toBe(0);
  });

  it('filters by seat', async () => {
    const r = await report(manager, 'message', { seatIds: [seatB.uid] });
    expect(r.data.accounts.map((x) => x.workWxid)).toEqual([accB.wxid]);
    expect(r.data.summary.received).toBe(1);
  });
});

describe('bad input', () => {
  it('answers 400 in the caller’s language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { from: '2026-13-01', to: today },
        '日期格式应为 YYYY-MM-DD',
        'Dates are written YYYY-MM-DD',
      ],
      [
        { from: today, to: weekAgo },
        '开始日期不能晚于结束日期，且跨度不超过 366 天',
        'The start date must not be after the end date, and the range is at most 366 days',
      ],
      [
        { from: '2024-01-01', to: '2025-06-01' },
        '开始日期不能晚于结束日期，且跨度不超过 366 天',
        'The start date must not be after the end date, and the range is at most 366 days',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const z = await api(manager).post('/main-api/statistics/message', body);
      expect(z.status).toBe(400);
      expect(z.message).toContain(zh);
      const e = await api(manager, 'en').post('/main-api/statistics/message', body);
      expect(e.status).toBe(400);
      expect(e.message).toContain(en);
    }
    const ids = await api(manager).post('/main-api/statistics/message', {
      from: weekAgo,
      to: today,
      seatIds: ['not-a-uuid'],
    });
    expect(ids.status).toBe(400);
  });
});

describe('the time zone', () => {
  it('the manager changes it and the reports count in it; others may not', async () => {
    const bad = await api(manager, 'en').post('/main-api/statistics/time-zone', {
      timeZone: 'Mars/Olympus',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('Unknown time zone');
    const denied = await api(sup).post('/main-api/statistics/time-zone', { timeZone: 'UTC' });
    expect(denied.status).toBe(403);
    expect(denied.message).toBe('只有企业管理员可以修改统计时区');
    const set = await api(manager).post('/main-api/statistics/time-zone', {
      timeZone: 'America/Los_Angeles',
    });
    expect(set.status).toBe(200);
    const r = await report(manager, 'message', { from: undefined, to: undefined });
    expect(r.data.timeZone).toBe('America/Los_Angeles');
    expect(r.data.to).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()),
    );
    // Rebuilt in the new zone: the three messages are still all counted.
    expect(r.data.summary.received).toBe(3);
    const back = await api(manager).post('/main-api/statistics/time-zone', {
      timeZone: 'Asia/Shanghai',
    });
    expect(back.status).toBe(200);
  });
});

describe('the xlsx export', () => {
  it('writes every day, the total and every account', async () => {
    const search = new URLSearchParams({
      from: weekAgo,
      to: today,
      workWxids: accA.wxid,
      token: manager.token,
    });
    const res = await server.app.inject({
      method: 'GET',
      url: `/main-api/statistics/addfriend/export?${search.toString()}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Day / work account',
      'Sent',
      'Waiting',
      'Failed',
      'Added',
      'Already friends',
      'Pass rate (%)',
    ]);
    expect(rows).toHaveLength(1 + 7 + 1 + 1);
    expect(rows[8]).toEqual(['Total', 3, 1, 1, 1, 0, 33.3]);
    expect(String(rows[9]![0])).toContain(accA.wxid);
    const denied = await server.app.inject({
      method: 'GET',
      url: `/main-api/statistics/addfriend/export?${new URLSearchParams({ from: weekAgo, to: today, workWxids: accB.wxid, token: seatA.token }).toString()}`,
    });
    expect(denied.statusCode).toBe(404);
  });
});
