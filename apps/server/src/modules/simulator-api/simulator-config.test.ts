import { beforeAll, describe, expect, it } from 'vitest';
import type { SimReceivedItem } from '@cst/shared';
import { type Session, useTestServer } from '../../../test/support.ts';
import { buildAccount, buildOtherTenant, grantPorts, signInAs } from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';

// The simulator's settings are per tenant (POST /sim-api/config): one tenant's failure rate,
// delays or traffic never touch another tenant's accounts; the platform admin sets the defaults.

const ctx = useTestServer();
let a: Session;
let b: Session;
let admin: Session;
let accA: ListedAccount;
let accB: ListedAccount;

beforeAll(async () => {
  ({ demo: a, admin } = await signInAs(ctx, 'demo', 'admin'));
  b = await buildOtherTenant(ctx);
  await grantPorts(ctx, admin, b.tenantId!);
  accA = await buildAccount(ctx, a, { nickname: '甲号' });
  accB = await buildAccount(ctx, b, { nickname: '乙号' });
});

interface Config {
  trafficPerMinute: number;
  deliveryDelayMs: number;
  readDelayMs: number;
  failRate: number;
  friendAcceptRate: number;
}

const IDX = (acc: string, peer: string) => `1__${peer}__${acc}`;

const friendOf = async (s: Session, wxid: string) =>
  (await apiAs(ctx, s).get<{ contacts: { wxid: string }[] }>(`/sim-api/contacts?workWxid=${wxid}`))
    .data.contacts[0]!.wxid;

async function sendText(s: Session, workWxid: string, to: string, content: string) {
  const r = await apiAs(ctx, s).post<{ messageId: string }>('/main-api/conv/send-text', {
    workWxid,
    receiver_id: to,
    talkType: 1,
    content,
    sendingUUid: `cfg-${content}`,
  });
  expect(r.status, r.message).toBe(200);
}

const received = async (s: Session, workWxid: string) =>
  (await apiAs(ctx, s).post<{ list: SimReceivedItem[] }>('/sim-api/received', { workWxid })).data
    .list;

describe('/sim-api/config per tenant', () => {
  it("one tenant's failure rate does not fail another tenant's sends", async () => {
    const set = await apiAs(ctx, a).post<Config>('/sim-api/config', {
      failRate: 1,
      deliveryDelayMs: 5,
    });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ failRate: 1, deliveryDelayMs: 5 });
    expect((await apiAs(ctx, a).get<Config>('/sim-api/config')).data.failRate).toBe(1);
    expect((await apiAs(ctx, b).get<Config>('/sim-api/config')).data).toMatchObject({
      failRate: 0,
      deliveryDelayMs: 800,
    });

    const peerA = await friendOf(a, accA.wxid);
    const peerB = await friendOf(b, accB.wxid);
    await sendText(a, accA.wxid, peerA, 'from-a');
    await sendText(b, accB.wxid, peerB, 'from-b');
    // B's message reaches its person; A's fails (failRate 1), so its person has nothing.
    const got = await eventually(async () =>
      (await received(b, accB.wxid)).find((m) => m.content === 'from-b'),
    );
    expect(got).toMatchObject({ kind: 'message', workWxid: accB.wxid, peerWxid: peerB });
    // A seat's own send goes at once: the person saw no typing (robots', tasks' and API's do).
    expect(got!.typingMs).toBeUndefined();
    const failed = await eventually(async () => {
      const r = await apiAs(ctx, a).post<{ list: { content: string; failed: boolean }[] }>(
        '/main-api/conv/messages',
        { index_name: IDX(accA.wxid, peerA) },
      );
      return r.data.list.find((m) => m.content === 'from-a' && m.failed);
    });
    expect(failed).toBeDefined();
    expect((await received(a, accA.wxid)).some((m) => m.content === 'from-a')).toBe(false);
    // The list marks a chat whose last message is a failed send, and only that chat.
    const listed = async (s: Session) =>
      (
        await apiAs(ctx, s).post<{ list: { index_name: string; lastFailed?: boolean }[] }>(
          '/main-api/conv/list',
          { mode: 'aggregated', pageSize: 500 },
        )
      ).data.list;
    expect((await listed(a)).find((c) => c.index_name === IDX(accA.wxid, peerA))).toMatchObject({
      lastFailed: true,
    });
    const fine = (await listed(b)).find((c) => c.index_name === IDX(accB.wxid, peerB));
    expect(fine).toBeDefined();
    expect(fine!.lastFailed).toBeUndefined();
    await apiAs(ctx, a).post('/sim-api/config', { failRate: 0 });
  });

  it('the platform admin sets the defaults, which apply where a tenant set nothing', async () => {
    const set = await apiAs(ctx, admin).post<Config>('/sim-api/config', { readDelayMs: 1234 });
    expect(set.status).toBe(200);
    expect(set.data.readDelayMs).toBe(1234);
    expect((await apiAs(ctx, admin).get<Config>('/sim-api/config')).data.readDelayMs).toBe(1234);
    expect((await apiAs(ctx, b).get<Config>('/sim-api/config')).data.readDelayMs).toBe(1234);
    await apiAs(ctx, b).post('/sim-api/config', { readDelayMs: 7 });
    expect((await apiAs(ctx, b).get<Config>('/sim-api/config')).data.readDelayMs).toBe(7);
    expect((await apiAs(ctx, a).get<Config>('/sim-api/config')).data.readDelayMs).toBe(1234);
    // A tenant's own value stays when the defaults change again.
    await apiAs(ctx, admin).post('/sim-api/config', { readDelayMs: 2500 });
    expect((await apiAs(ctx, b).get<Config>('/sim-api/config')).data.readDelayMs).toBe(7);
    expect((await apiAs(ctx, a).get<Config>('/sim-api/config')).data.readDelayMs).toBe(2500);
  });

  it('caps the traffic rate with a clear message', async () => {
    const over = await apiAs(ctx, a).post('/sim-api/config', { trafficPerMinute: 61 });
    expect(over.status).toBe(400);
    expect(over.message).toBe('模拟流量最多为每个工作号每分钟 60 条');
    const en = await apiAs(ctx, a, 'en').post('/sim-api/config', { trafficPerMinute: 1000 });
    expect(en.message).toBe('Simulated traffic is at most 60 messages per work account per minute');
    const ok = await apiAs(ctx, a).post<Config>('/sim-api/config', { trafficPerMinute: 0 });
    expect(ok.status).toBe(200);
    expect((await apiAs(ctx, b).get<Config>('/sim-api/config')).data.trafficPerMinute).toBe(0);
    // The platform's default may be higher (the operator's choice): a tenant's form that sends
    // it back unchanged is accepted, a raise is not.
    await apiAs(ctx, admin).post('/sim-api/config', { trafficPerMinute: 100 });
    const form = await apiAs(ctx, b).get<Config>('/sim-api/config');
    expect(form.data.trafficPerMinute).toBe(100);
    expect((await apiAs(ctx, b).post('/sim-api/config', form.data)).status).toBe(200);
    expect((await apiAs(ctx, b).post('/sim-api/config', { trafficPerMinute: 101 })).status).toBe(
      400,
    );
    // Sending the form back pinned nothing: B follows the default again.
    await apiAs(ctx, admin).post('/sim-api/config', { trafficPerMinute: 0 });
    expect((await apiAs(ctx, b).get<Config>('/sim-api/config')).data).toMatchObject({
      trafficPerMinute: 0,
      readDelayMs: 7,
    });
  });
});
