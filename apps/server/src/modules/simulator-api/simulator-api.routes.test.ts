import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, buildOtherTenant, signInAs } from '../../../test/factories.ts';
import {
  addAccount,
  apiAs,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let other: Session;
let acc: ListedAccount;

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '模拟号' });
});

const api = (s: Session = demo) => apiAs(ctx, s);

describe('/sim-api', () => {
  it('writes as a contact, new or known, and as a group member', async () => {
    const contacts = await api().get<{
      contacts: { wxid: string }[];
      groups: { groupId: string; members: { wxid: string }[] }[];
    }>(`/sim-api/contacts?workWxid=${acc.wxid}`);
    expect(contacts.data.contacts.length).toBe(acc.contactCount);
    expect(contacts.data.groups.length).toBe(acc.groupCount);

    const known = await api().post<{ msgId: string }>('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: contacts.data.contacts[0]!.wxid,
      talkType: 1,
      msgType: 1,
      content: '你好',
    });
    expect(known.status).toBe(200);
    expect(known.data.msgId).toMatch(/^\d+$/);
    const group = contacts.data.groups[0]!;
    const inGroup = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: group.groupId,
      talkType: 2,
      msgType: 2,
      content: '',
      memberWxid: group.members.find((m) => m.wxid !== acc.wxid)!.wxid,
    });
    expect(inGroup.status).toBe(200);
    expect(
      (await api().post('/sim-api/generate', { workWxid: acc.wxid, msgType: 17 })).status,
    ).toBe(200);
  });

  it('refuses bad input and accounts that are not online', async () => {
    const badType = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: 'wxid_someone',
      talkType: 1,
      msgType: 12345,
      content: 'x',
    });
    expect(badType.status).toBe(400);
    expect((await api().post('/sim-api/inbound', { workWxid: acc.wxid })).status).toBe(400);
    expect(
      (await api().post('/sim-api/fault', { workWxid: acc.wxid, kind: 'explode' })).status,
    ).toBe(400);

    const b = await addAccount(ctx, demo, { nickname: '将被封' });
    expect((await api().post('/sim-api/fault', { workWxid: b.wxid, kind: 'ban' })).status).toBe(
      200,
    );
    await waitStatus(ctx, demo, b.wxid, 'banned');
    const toBanned = await api().post('/sim-api/inbound', {
      workWxid: b.wxid,
      fromWxid: 'wxid_someone',
      talkType: 1,
      msgType: 1,
      content: 'x',
    });
    expect(toBanned.status).toBe(409);
    expect(toBanned.message).toBe('工作号不在线，请先登录');
    expect((await api().post('/sim-api/fault', { workWxid: b.wxid, kind: 'ban' })).status).toBe(
      409,
    );
  });

  it('reads and changes the tunables, within bounds', async () => {
    const before = await api().get<{ deliveryDelayMs: number }>('/sim-api/config');
    expect(before.status).toBe(200);
    const set = await api().post<{ deliveryDelayMs: number; failRate: number }>('/sim-api/config', {
      deliveryDelayMs: 10,
    });
    expect(set.data.deliveryDelayMs).toBe(10);
    expect((await api().post('/sim-api/config', { failRate: 2 })).status).toBe(400);
    expect(
      (await api().get<{ deliveryDelayMs: number }>('/sim-api/config')).data.deliveryDelayMs,
    ).toBe(10);
  });

  it('lists the tenant’s own simulated accounts only', async () => {
    const mine = await api().get<{ wxid: string; status: string }[]>('/sim-api/accounts');
    expect(mine.data.map((a) => a.wxid)).toContain(acc.wxid);
    expect((await api(other).get<unknown[]>('/sim-api/accounts')).data).toEqual([]);
    expect((await api(other).post('/sim-api/generate', { workWxid: acc.wxid })).status).toBe(404);
  });
});
