import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationItem, TransferItem } from '@cst/shared';
import {
  apiKeys,
  conversationServiceLog,
  messages,
  phraseGroups,
  ports,
  users,
} from '../src/db/schema/index.ts';
import { statSeats } from '../src/modules/statistics/statistics-reports.repository.ts';
import {
  accountOf,
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../src/modules/accounts/account.test-support.ts';
import {
  buildTenant,
  buildUser,
  TEST_PASSWORD,
  useStartedServer,
  type Session,
} from './support.ts';

// Issue 32 §1: deleting a seat or sub-account (`POST /main-api/acc/del-sub-cst`).

const DEL = '/main-api/acc/del-sub-cst';
const U = '/system-api/system/cst/user';

const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20 } },
});
const api = (s: Session, lang?: string) => apiAs(server, s, lang);

let tenantId: string;
let manager: Session;
let sup: Session;
let seat: Session;
let seatB: Session;
let other: Session;
let acc: ListedAccount;
const FRIEND = 'wxid_seatdel_friend_1';
const FRIEND2 = 'wxid_seatdel_friend_2';
const idx = (peer = FRIEND) => `1__${peer}__${acc.wxid}`;

async function inbound(content: string, fromWxid: string) {
  const r = await api(manager).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status).toBe(200);
}

async function chats(s: Session) {
  const r = await api(s).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
    mode: 'aggregated',
    pageSize: 100,
  });
  expect(r.status).toBe(200);
  return r.data.list;
}

beforeAll(async () => {
  const t = await buildTenant(server);
  tenantId = t.tenant.id;
  manager = await signIn(server, t.manager.username);
  const supUser = await buildUser(server, {
    tenantId,
    role: 'subAdmin',
    superiorId: t.manager.id,
  });
  const seatUser = await buildUser(server, { tenantId, role: 'office', superiorId: supUser.id });
  const seatBUser = await buildUser(server, { tenantId, role: 'office', superiorId: supUser.id });
  sup = await signIn(server, supUser.username);
  seat = await signIn(server, seatUser.username);
  seatB = await signIn(server, seatBUser.username);
  other = await signIn(server, (await buildTenant(server)).manager.username);
  await server.deps.db.insert(ports).values({
    tenantId,
    code: `P-del-${tenantId.slice(0, 8)}`,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  acc = await addAccount(server, manager, { nickname: '删除测试号' });
  const d = await api(manager).post('/main-api/acc/distribute', {
    wxids: [acc.wxid],
    uid: seat.uid,
  });
  expect(d.status).toBe(200);
  await api(manager).post('/sim-api/config', { deliveryDelayMs: 20, readDelayMs: 20, failRate: 0 });
  await inbound('你好', FRIEND);
  await inbound('在吗', FRIEND2);
  await eventually(async () => (await chats(seat)).length === 2 || undefined);
}, 60_000);

describe('deleting a seat', () => {
  it('refuses callers without the permission, other tenants and bad input', async () => {
    // An office seat holds neither seat.manage nor seat.delete; a sub-admin by default lacks delete.
    expect((await api(seatB).post(DEL, { uid: seat.uid })).status).toBe(403);
    expect((await api(sup).post(DEL, { uid: seat.uid })).status).toBe(403);
    // Another company's manager cannot reach the seat: 404, and nothing changes.
    const foreign = await api(other).post(DEL, { uid: seat.uid });
    expect([foreign.status, foreign.message]).toEqual([404, '用户不存在']);
    expect((await api(manager).post(DEL, { uid: 'nope' })).status).toBe(400);
    const self = await api(manager, 'en').post(DEL, { uid: manager.uid });
    expect([self.status, self.message]).toEqual([403, 'You cannot delete your own account']);
    const toSelf = await api(manager).post(DEL, { uid: seat.uid, handoverUid: seat.uid });
    expect([toSelf.status, toSelf.message]).toEqual([
      400,
      '接手账号必须是本企业另一个启用中的账号',
    ]);
    const toForeign = await api(manager).post(DEL, { uid: seat.uid, handoverUid: other.uid });
    expect(toForeign.status).toBe(400);
    const hasSubs = await api(manager).post(DEL, { uid: sup.uid });
    expect([hasSubs.status, hasSubs.message]).toEqual([409, '该账号仍有下级账号，无法删除']);
    expect((await accountOf(server, manager, acc.wxid))?.distributedTo).toBe(seat.uid);
  });

  it('hands everything to the superior in one go and ends the seat’s sessions and keys', async () => {
    const db = server.deps.db;
    // What the seat holds: an assigned chat, a sent message, a phrase group, a pending transfer
    // it sent and one it received, an API key.
    expect(
      (await api(seat).post('/main-api/conv/assign', { index_name: idx(), uid: seat.uid })).status,
    ).toBe(200);
    const sent = await api(seat).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '我来处理',
      sendingUUid: 'seatdel-1',
    });
    expect(sent.status).toBe(200);
    const group = await api(seat).post<{ id: string }>('/main-api/phrase/group/add', {
      name: '我的话术',
    });
    expect(group.status).toBe(200);
    const out = await api(seat).post<{ id: string }>('/main-api/service/transfer/create', {
      toUserId: seatB.uid,
      index_name: idx(FRIEND2),
    });
    expect(out.status).toBe(200);
    const [key] = await db
      .insert(apiKeys)
      .values({
        tenantId,
        createdBy: seat.uid,
        name: 'seat key',
        keyHash: randomUUID(),
        prefix: 'cst_test',
        permissions: ['conversation.read'],
      })
      .returning();

    const r = await api(manager).post<{ movedAccounts: number }>(DEL, { uid: seat.uid });
    expect([r.status, r.data]).toEqual([200, { movedAccounts: 1 }]);

    // The seat is gone: its session ends at once, it cannot sign in, it is listed nowhere.
    expect((await api(seat).post('/main-api/conv/list', { mode: 'aggregated' })).status).toBe(401);
    const [row] = await db.select().from(users).where(eq(users.id, seat.uid));
    expect(row!.status).toBe('deleted');
    const login = await server.app.inject({
      method: 'POST',
      url: '/system-api/auth/login',
      payload: { username: row!.username.split('#')[0], password: TEST_PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    expect(login.json().code).not.toBe(200);
    const list = await api(manager).get<{ list: { uid: string }[] }>(`${U}/pageList?pageSize=100`);
    expect(list.data.list.map((u) => u.uid)).not.toContain(seat.uid);
    const tree = JSON.stringify((await api(manager).get('/account/account-tree')).data);
    expect(tree).not.toContain(seat.uid);
    const [k] = await db.select().from(apiKeys).where(eq(apiKeys.id, key!.id));
    expect(k!.revokedAt).not.toBeNull();

    // Its work went to its superior: the account, the assigned chat, the phrase group, the transfer.
    expect((await accountOf(server, sup, acc.wxid))?.distributedTo).toBe(sup.uid);
    const assigned = (await chats(sup)).find((c) => c.index_name === idx());
    expect(assigned).toMatchObject({ assigneeUid: sup.uid });
    const [g] = await db.select().from(phraseGroups).where(eq(phraseGroups.id, group.data.id));
    expect(g!.ownerId).toBe(sup.uid);
    const t = await api(seatB).post<{ list: TransferItem[] }>(
      '/main-api/service/transfer/list',
      {},
    );
    expect(t.data.list.find((x) => x.id === out.data.id)).toMatchObject({
      state: 'pending',
      from: { uid: sup.uid },
    });
    // The service log hands the chats over; the message keeps the deleted seat's name.
    const open = await db
      .select()
      .from(conversationServiceLog)
      .where(and(eq(conversationServiceLog.tenantId, tenantId)));
    expect(open.filter((l) => l.endedAt === null).map((l) => l.userId)).toEqual([sup.uid, sup.uid]);
    expect(open.some((l) => l.userId === seat.uid && l.endedAt !== null)).toBe(true);
    const [m] = await db.select().from(messages).where(eq(messages.senderUserId, seat.uid));
    expect(m!.senderName).toBe(row!.nickname);
    // Statistics still name it.
    const seats = await statSeats(db, { tenantId, below: null });
    expect(seats).toContainEqual({ id: seat.uid, name: row!.nickname });

    // Deleting it again: no such user.
    expect((await api(manager).post(DEL, { uid: seat.uid })).status).toBe(404);
  });

  it('hands to a chosen seat, revokes a transfer to oneself, and a manager takes the pool', async () => {
    const db = server.deps.db;
    const extra = await buildUser(server, { tenantId, role: 'office', superiorId: sup.uid });
    const extraS = await signIn(server, extra.username);
    // The sup's account goes to the extra seat first, then the extra seat is deleted to seatB.
    expect(
      (await api(manager).post('/main-api/acc/distribute', { wxids: [acc.wxid], uid: extra.id }))
        .status,
    ).toBe(200);
    const r = await api(manager).post(DEL, { uid: extra.id, handoverUid: seatB.uid });
    expect([r.status, r.data]).toEqual([200, { movedAccounts: 1 }]);
    expect((await accountOf(server, manager, acc.wxid))?.distributedTo).toBe(seatB.uid);
    expect((await api(extraS).post('/main-api/conv/list', {})).status).toBe(401);
    // seatB goes to the sup: the transfer sup → seatB would be between the sup and itself, so it
    // is revoked; the account follows.
    const r2 = await api(manager).post(DEL, { uid: seatB.uid, handoverUid: sup.uid });
    expect([r2.status, r2.data]).toEqual([200, { movedAccounts: 1 }]);
    const [b] = await db.select().from(users).where(eq(users.id, seatB.uid));
    expect(b!.status).toBe('deleted');
    const mine = await api(sup).post<{ list: TransferItem[] }>(
      '/main-api/service/transfer/list',
      {},
    );
    expect(mine.data.list.filter((x) => x.state === 'pending')).toEqual([]);
    expect((await accountOf(server, manager, acc.wxid))?.distributedTo).toBe(sup.uid);

    // With no subordinates left the sup may go, to its superior the manager, who holds work
    // accounts as the tenant pool.
    const r3 = await api(manager).post(DEL, { uid: sup.uid });
    expect([r3.status, r3.data]).toEqual([200, { movedAccounts: 1 }]);
    expect((await accountOf(server, manager, acc.wxid))?.distributedTo).toBeNull();
    const assigned = (await chats(manager)).find((c) => c.index_name === idx());
    expect(assigned).toMatchObject({ assigneeUid: manager.uid });
  });

  it('lets a custom role with seat.delete delete below itself only', async () => {
    const role = await api(manager).post<{ id: string }>('/system-api/system/roles/add', {
      roleName: '可删除',
      permissions: ['seat.manage', 'seat.delete'],
    });
    expect(role.status).toBe(200);
    const boss = await buildUser(server, { tenantId, role: 'subAdmin', roleId: role.data.id });
    const bossS = await signIn(server, boss.username);
    const mine = await buildUser(server, { tenantId, role: 'office', superiorId: boss.id });
    const notMine = await buildUser(server, { tenantId, role: 'office' });
    expect((await api(bossS).post(DEL, { uid: notMine.id })).status).toBe(403);
    // The default handover is its superior, the boss itself.
    const r = await api(bossS).post(DEL, { uid: mine.id });
    expect(r.status).toBe(200);
    // A role asking for seat.delete without seat.manage is refused.
    const bad = await api(manager).post('/system-api/system/roles/add', {
      roleName: '只删除',
      permissions: ['seat.delete'],
    });
    expect(bad.status).toBe(400);
  });
});
