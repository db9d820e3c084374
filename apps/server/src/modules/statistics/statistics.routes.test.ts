import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatResult } from '@cst/shared';
import { eq } from 'drizzle-orm';
import {
  contacts,
  conversationFlowLog,
  conversations,
  friendRequests,
  messages,
  ports,
  roles,
  workAccounts,
} from '../../db/schema/index.ts';
import { accountStatusLog } from '../../db/schema/index.ts';
import { buildTenant, buildUser, useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

// Issue 20: the statistics routes over HTTP — figures from events written by the features,
// visibility per role and tenant, bad input, the xlsx export.

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

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
});

beforeAll(async () => {
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

const row = (r: StatResult, id: string) => r.rows?.find((x) => x.id === id)?.values;
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
    });
    const res = await server.app.inject({
      method: 'GET',
      url: `/main-api/statistics/addfriend/export?${search.toString()}`,
      headers: { ...manager.headers, 'accept-language': 'en' },
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
      url: `/main-api/statistics/addfriend/export?${new URLSearchParams({ from: weekAgo, to: today, workWxids: accB.wxid }).toString()}`,
      headers: seatA.headers,
    });
    expect(denied.statusCode).toBe(404);
  });
});

// The service, tag, transfer, red-packet and login reports (docs/statistics.md).
describe('the service, tag, money and login reports', () => {
  let accC: ListedAccount;
  let vipId: string;
  beforeAll(async () => {
    const db = server.deps.db;
    // The seats may answer; one more port for an account of the login report.
    await db
      .update(roles)
      .set({ permissions: ['conversation.read', 'conversation.send', 'statistics.read'] })
      .where(eq(roles.tenantId, tenantId));
    await db.insert(ports).values({
      tenantId,
      code: `P-stat3-${tenantId.slice(0, 8)}`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    accC = await addAccount(server, manager, { nickname: '统计丙' });
    // Seat A answers peer 1 (peer 2 stays unanswered); accB's peer 3 is unanswered too.
    const sent = await api(seatA).post('/main-api/conv/send-text', {
      workWxid: accA.wxid,
      receiver_id: 'wxid_stat_peer_1',
      talkType: 1,
      content: '您好，请问有什么可以帮您',
      sendingUUid: 'stat-service-1',
    });
    expect(sent.status, sent.message).toBe(200);
    // Two transfers (accepted 88.00, returned 1.50), a red packet with and one without amount.
    const money: [number, unknown][] = [
      [17, { money: '88.00', paySubType: 3, transferId: 't1' }],
      [17, { money: '1.50', paySubType: 4, transferId: 't2' }],
      [16, { title: '恭喜发财', amountCents: 666 }],
      [16, { title: '大吉大利', amountCents: null }],
    ];
    for (const [msgType, content] of money) {
      const r = await api(manager).post('/sim-api/inbound', {
        workWxid: accC.wxid,
        fromWxid: 'wxid_stat_payer',
        talkType: 1,
        msgType,
        content: JSON.stringify(content),
      });
      expect(r.status, r.message).toBe(200);
    }
    const tag = await api(manager).post<{ id: string }>('/main-api/tags/add', { name: '统计VIP' });
    expect(tag.status, tag.message).toBe(200);
    vipId = tag.data.id;
    const link = await api(manager).post('/main-api/acc/add-friend-tag', {
      targets: ['f_task_1', 'f_auto_1'].map((friendWxid) => ({ workWxid: accA.wxid, friendWxid })),
      tagIds: [vipId],
      op: 'add',
    });
    expect(link.status, link.message).toBe(200);
    await eventually(async () => {
      const r = await report(manager, 'eft', { workWxids: [accC.wxid] });
      return r.data.summary.total === 2 || undefined;
    });
  }, 60_000);

  it('service: per seat, what it sent and answered, its response times, chats left unanswered', async () => {
    const r = await report(manager, 'service');
    expect(r.status, r.message).toBe(200);
    expect(r.data.rowKind).toBe('seat');
    const a = row(r.data, seatA.uid)!;
    expect(a).toMatchObject({ sent: 1, served: 1, received: 1, unanswered: 1 });
    expect(a.firstResponse).toBeGreaterThanOrEqual(0);
    expect(a.avgResponse).toBe(a.firstResponse);
    expect(row(r.data, seatB.uid)).toMatchObject({ sent: 0, served: 0, unanswered: 1 });
    expect(r.data.summary).toMatchObject({ sent: 1, served: 1, received: 1, unanswered: 2 });
    expect(r.data.days.at(-1)!.values).toMatchObject({ sent: 1, unanswered: 2 });
    expect(byWxid(r.data)[accA.wxid]).toMatchObject({ sent: 1, unanswered: 1 });
  });

  it('service: a seat sees only its own figures, its superior those below, seatIds filters', async () => {
    const a = await report(seatA, 'service');
    expect(a.data.rows!.map((x) => x.id)).toEqual([seatA.uid]);
    expect(a.data.summary).toMatchObject({ sent: 1, unanswered: 1 });
    const b = await report(seatB, 'service');
    expect(b.data.rows!.map((x) => x.id)).toEqual([seatB.uid]);
    expect(b.data.summary).toMatchObject({ sent: 0, unanswered: 1 });
    const s = await report(sup, 'service');
    expect(s.data.rows!.map((x) => x.id).sort()).toEqual([sup.uid, seatA.uid].sort());
    const f = await report(manager, 'service', { seatIds: [seatB.uid] });
    expect(f.data.rows!.map((x) => x.id)).toEqual([seatB.uid]);
    expect(f.data.summary).toMatchObject({ sent: 0, unanswered: 1 });
    const o = await report(other, 'service');
    expect(o.data.rows!.some((x) => x.id === seatA.uid)).toBe(false);
    expect(o.data.summary.sent).toBe(0);
    expect((await report(plainSeat, 'service')).status).toBe(403);
  });

  it('service: chats assigned to and resolved by each seat, from the flow log, per tenant', async () => {
    // The manager assigns seat A's answered chat to it and resolves it; seat B's stays open.
    const conv = await eventually(async () => {
      const r = await api(manager).post<{ list: { index_name: string; receiver_id: string }[] }>(
        '/main-api/conv/list',
        { mode: 'account', workWxid: accA.wxid, keyword: 'wxid_stat_peer_1' },
      );
      return r.data.list.find((c) => c.receiver_id === 'wxid_stat_peer_1');
    });
    const before = (await report(manager, 'service')).data;
    expect(row(before, seatA.uid)).toMatchObject({ assigned: 0, resolved: 0 });
    const a = await api(manager).post('/main-api/conv/assign', {
      index_name: conv.index_name,
      uid: seatA.uid,
    });
    expect(a.status, a.message).toBe(200);
    const st = await api(manager).post('/main-api/conv/status', {
      index_name: conv.index_name,
      status: 'resolved',
    });
    expect(st.status, st.message).toBe(200);
    const r = (await report(manager, 'service')).data;
    const seat = row(r, seatA.uid)!;
    expect(seat).toMatchObject({ assigned: 1, resolved: 1 });
    // One first turn: its median is its mean.
    expect(seat.medianFirstResponse).toBe(seat.firstResponse);
    expect(seat.medianResolution).toBeGreaterThanOrEqual(0);
    expect(row(r, seatB.uid)).toMatchObject({ assigned: 0, resolved: 0, medianResolution: 0 });
    expect(r.summary).toMatchObject({ assigned: 1, resolved: 1 });
    expect(r.days.at(-1)!.values).toMatchObject({ assigned: 1, resolved: 1 });
    expect(byWxid(r)[accA.wxid]).toMatchObject({ assigned: 1, resolved: 1 });
    // Seat B sees only itself; another tenant's manager none of it.
    const b = (await report(seatB, 'service')).data;
    expect(b.rows!.map((x) => x.id)).toEqual([seatB.uid]);
    expect(b.summary).toMatchObject({ assigned: 0, resolved: 0 });
    const o = (await report(other, 'service')).data;
    expect(o.summary).toMatchObject({ assigned: 0, resolved: 0, medianFirstResponse: 0 });
    expect((await report(plainSeat, 'service')).status).toBe(403);
  });

  it('label: contacts per tag at the end of each day, gains and losses; renamed and deleted tags', async () => {
    const r = await report(manager, 'label');
    expect(r.data.rowKind).toBe('tag');
    const vip = r.data.rows!.find((x) => x.id === vipId)!;
    expect(vip.name).toBe('统计VIP');
    expect(vip.values).toEqual({ contacts: 2, added: 2, removed: 0, net: 2 });
    expect(vip.daily).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(byWxid(r.data)[accA.wxid]).toMatchObject({ contacts: 2, added: 2 });
    const off = await api(manager).post('/main-api/acc/add-friend-tag', {
      targets: [{ workWxid: accA.wxid, friendWxid: 'f_auto_1' }],
      tagIds: [vipId],
      op: 'remove',
    });
    expect(off.status, off.message).toBe(200);
    const ren = await api(manager).post('/main-api/tags/edit', { id: vipId, name: '统计SVIP' });
    expect(ren.status, ren.message).toBe(200);
    const after = await report(manager, 'label');
    const v2 = after.data.rows!.find((x) => x.id === vipId)!;
    expect(v2.name).toBe('统计SVIP');
    expect(v2.values).toEqual({ contacts: 1, added: 2, removed: 1, net: 1 });
    expect(after.data.days.at(-1)!.values).toMatchObject({ contacts: 1, added: 2, removed: 1 });
    // Seat B's account has no tagged contact; seat A sees its account's.
    expect((await report(seatB, 'label')).data.summary.contacts).toBe(0);
    expect((await report(seatA, 'label')).data.summary.contacts).toBe(1);
    expect((await report(other, 'label')).data.rows!.some((x) => x.id === vipId)).toBe(false);
    const del = await api(manager).post('/main-api/tags/del', { ids: [vipId] });
    expect(del.status, del.message).toBe(200);
    const gone = await report(manager, 'label');
    expect(gone.data.rows!.some((x) => x.id === vipId)).toBe(false);
    expect(gone.data.summary.contacts).toBe(0);
  });

  it('eft and redpacket: counts and amounts by state and direction', async () => {
    const e = await report(manager, 'eft', { workWxids: [accC.wxid] });
    expect(e.data.summary).toEqual({
      total: 2,
      amount: 89.5,
      initiated: 0,
      initiatedAmount: 0,
      expired: 0,
      expiredAmount: 0,
      accepted: 1,
      acceptedAmount: 88,
      returned: 1,
      returnedAmount: 1.5,
    });
    const p = await report(manager, 'redpacket', { workWxids: [accC.wxid] });
    expect(p.data.summary).toEqual({
      total: 2,
      sent: 0,
      received: 2,
      amount: 6.66,
      unknownAmount: 1,
    });
    // accC is nobody's: seat A does not see it (404), and its own figures have none of them.
    expect((await report(seatA, 'eft', { workWxids: [accC.wxid] })).status).toBe(404);
    expect((await report(seatA, 'redpacket')).data.summary.total).toBe(0);
    expect((await report(other, 'eft')).data.summary.total).toBe(0);
  });

  it('login: logins, kick-outs and time online, split at midnight', async () => {
    const before = await report(manager, 'login', { workWxids: [accC.wxid] });
    expect(before.data.summary).toMatchObject({ logins: 1, kickouts: 0, bans: 0 });
    const kick = await api(manager).post('/sim-api/fault', {
      workWxid: accC.wxid,
      kind: 'kickOut',
    });
    expect(kick.status, kick.message).toBe(200);
    await eventually(async () => {
      const r = await report(manager, 'login', { workWxids: [accC.wxid] });
      return r.data.summary.kickouts === 1 || undefined;
    });
    // A session over last midnight (the tenant's): logged in 23:00 two days ago, out 01:00.
    const id = (
      await server.deps.db.select().from(workAccounts).where(eq(workAccounts.wxid, accC.wxid))
    )[0]!.id;
    const midnight = Date.parse(`${weekAgo}T00:00:00+08:00`) + 86_400_000;
    await server.deps.db.insert(accountStatusLog).values([
      { tenantId, workAccountId: id, status: 'online', at: new Date(midnight - 3_600_000) },
      {
        tenantId,
        workAccountId: id,
        status: 'offline',
        prevStatus: 'online',
        at: new Date(midnight + 3_600_000),
      },
    ]);
    const r = await report(manager, 'login', { workWxids: [accC.wxid] });
    const day = (i: number) => r.data.days[i]!.values;
    expect(day(0)).toMatchObject({ logins: 1, onlineHours: 1 });
    expect(day(1)).toMatchObject({ logouts: 1, onlineHours: 1 });
    expect(r.data.summary).toMatchObject({ logins: 2, logouts: 1, kickouts: 1 });
    // The two hours over midnight, and the few seconds the account was online today.
    expect(r.data.summary.onlineHours).toBeGreaterThanOrEqual(2);
    expect(r.data.summary.onlineHours).toBeLessThan(2.1);
    expect((await report(seatB, 'login', { workWxids: [accC.wxid] })).status).toBe(404);
    expect((await report(seatB, 'login')).data.accounts.map((a) => a.workWxid)).toEqual([
      accB.wxid,
    ]);
  });

  it('bad input answers 400 on the new reports too', async () => {
    for (const name of ['service', 'label', 'eft', 'redpacket', 'login']) {
      const r = await api(manager, 'en').post(`/main-api/statistics/${name}`, {
        from: today,
        to: weekAgo,
      });
      expect(r.status).toBe(400);
      expect(r.message).toContain('at most 366 days');
      const ids = await api(manager).post(`/main-api/statistics/${name}`, { seatIds: ['x'] });
      expect(ids.status).toBe(400);
    }
  });

  it('exports the transfer report as xlsx', async () => {
    const search = new URLSearchParams({
      from: weekAgo,
      to: today,
      workWxids: accC.wxid,
    });
    const res = await server.app.inject({
      method: 'GET',
      url: `/main-api/statistics/eft/export?${search.toString()}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 4)).toEqual(['日期 / 工作号', '合计', '金额(元)', '发起']);
    expect(rows[8]!.slice(0, 3)).toEqual(['合计', 2, 89.5]);
    // The service report's export lists the seats after the accounts.
    const svc = await server.app.inject({
      method: 'GET',
      url: `/main-api/statistics/service/export?${new URLSearchParams({ from: weekAgo, to: today }).toString()}`,
      headers: { ...seatA.headers, 'accept-language': 'en' },
    });
    expect(svc.statusCode).toBe(200);
    const sb = new ExcelJS.Workbook();
    await sb.xlsx.load(svc.rawPayload as unknown as ArrayBuffer);
    const last: unknown[] = [];
    sb.worksheets[0]!.eachRow((r) =>
      last.splice(0, last.length, ...(r.values as unknown[]).slice(1)),
    );
    expect(String(last[0])).toMatch(/^Seat: /);
    expect(last.slice(1, 3)).toEqual([1, 1]);
  });
});

// Issue 31 item 8: the medians of the service report, exact, from rows written at known times.
describe('the service report: medians of first response and time to resolve', () => {
  it('takes the middle of the first turns of each chat and day, and of the resolutions', async () => {
    const db = server.deps.db;
    const t = await ownTenant('统计中位数');
    const boss = await signIn(server, t.manager.username);
    const seat = await buildUser(server, { tenantId: t.tenant.id, role: 'office' });
    const [acc] = await db
      .insert(workAccounts)
      .values({
        tenantId: t.tenant.id,
        wxid: `wxid_median_${t.tenant.id.slice(0, 8)}`,
        nickname: '中位数',
        status: 'offline',
      })
      .returning();
    // Three chats, each one turn today (Shanghai noon - 2 h and on): answered after 10 s, 20 s
    // and 90 s; resolved 5, 7 and 30 minutes after the turn began, the third resolved twice
    // (the second time with no turn since the first: not timed).
    const noon = Date.parse(`${today}T12:00:00+08:00`) - 2 * 3_600_000;
    const answers = [10_000, 20_000, 90_000];
    const resolves = [5, 7, 30].map((m) => m * 60_000);
    const flow: (typeof conversationFlowLog.$inferInsert)[] = [];
    for (const [i, reply] of answers.entries()) {
      const [c] = await db
        .insert(conversations)
        .values({
          tenantId: t.tenant.id,
          workAccountId: acc!.id,
          workWxid: acc!.wxid,
          talkType: 1,
          peerId: `median_peer_${i}`,
        })
        .returning();
      const start = noon + i * 60_000;
      await db.insert(messages).values([
        {
          tenantId: t.tenant.id,
          conversationId: c!.id,
          workAccountId: acc!.id,
          msgType: 1,
          sendSide: 2,
          content: '在吗',
          msgTime: start,
        },
        {
          tenantId: t.tenant.id,
          conversationId: c!.id,
          workAccountId: acc!.id,
          msgType: 1,
          sendSide: 1,
          content: '在',
          msgTime: start + reply,
          senderUserId: seat.id,
        },
      ]);
      const row = {
        tenantId: t.tenant.id,
        conversationId: c!.id,
        workAccountId: acc!.id,
        userId: seat.id,
      };
      flow.push({ ...row, kind: 'assigned', at: start + 1000 });
      flow.push({ ...row, kind: 'resolved', at: start + resolves[i]! });
      if (i === 2) flow.push({ ...row, kind: 'resolved', at: start + resolves[i]! + 60_000 });
    }
    await db.insert(conversationFlowLog).values(flow);
    const r = await report(boss, 'service', { from: today, to: today });
    expect(r.status, r.message).toBe(200);
    const want = {
      assigned: 3,
      resolved: 4,
      medianFirstResponse: 20,
      medianResolution: 7,
      firstResponse: 40,
    };
    expect(row(r.data, seat.id)).toMatchObject(want);
    expect(r.data.summary).toMatchObject(want);
    expect(r.data.days.at(-1)!.values).toMatchObject(want);
    expect(byWxid(r.data)[acc!.wxid]).toMatchObject(want);
    // The day before: nothing.
    const y = await report(boss, 'service', { from: weekAgo, to: weekAgo });
    expect(y.data.summary).toMatchObject({ assigned: 0, resolved: 0, medianFirstResponse: 0 });
  });
});
