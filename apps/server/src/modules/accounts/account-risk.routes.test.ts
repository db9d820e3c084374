import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { signInAs } from '../../../test/factories.ts';
import { openTestSocket } from '../../realtime/test-socket.ts';
import { Outbox } from '../conversations/conversation.outbox.ts';
import { claimPendingSends } from '../conversations/conversation.repository.ts';
import * as repo from './account.repository.ts';
import { addAccount, apiAs, eventually, gatewayIdle } from './account.test-support.ts';

// Ban signals → risk (issue 34, API.md "Keeping accounts alive"), end to end on the simulator.
const ctx = useTestServer();
let demo: Session;
let seat1: Session;

beforeAll(async () => {
  ({ demo, seat1 } = await signInAs(ctx, 'demo', 'seat1'));
});

const api = (s: Session = demo) => apiAs(ctx, s);
type Risky = { wxid: string; risk: string; riskReason: string };
const riskOf = async (wxid: string) => {
  const r = await api().post<{ list: Risky[] }>('/main-api/acc/all', { keyword: wxid });
  return r.data.list.find((a) => a.wxid === wxid)!;
};

/** A robot's text to the account's first friend, through the one outbox. */
async function robotSend(wxid: string) {
  const account = (await repo.findByWxid(ctx.deps.db, wxid))!;
  const [friend] = await ctx.deps.runtime.gateway.listContacts(wxid);
  await new Outbox(ctx.deps).enqueueAs(
    { kind: 'robot', id: 'risk-robot' },
    { id: account.id, tenantId: account.tenantId, wxid },
    { talkType: 1, peerId: friend!.wxid },
    [{ msgType: 1, content: 'auto reply', sendingUuid: null }],
  );
  return account.id;
}

async function stateOf(accountId: string, senderKind: 'robot') {
  const rows = await ctx.deps.db
    .select({ state: messages.dispatchState, msgId: messages.msgId })
    .from(messages)
    .where(and(eq(messages.workAccountId, accountId), eq(messages.senderKind, senderKind)));
  return rows;
}

describe('ban risk', () => {
  it('rate limits raise one account to 注意 then 危险; its robot sends wait, another account’s go', async () => {
    const a = await addAccount(ctx, demo, { nickname: '风险号' });
    const b = await addAccount(ctx, demo, { nickname: '正常号' });
    expect(await riskOf(a.wxid)).toMatchObject({ risk: 'normal', riskReason: '' });

    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = await openTestSocket(base, { account: 'demo', token: demo.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');

    expect(
      (await api().post('/sim-api/fault', { workWxid: a.wxid, kind: 'rateLimit' })).status,
    ).toBe(200);
    await gatewayIdle(ctx);
    const caution = await eventually(async () => {
      const r = await riskOf(a.wxid);
      return r.risk === 'caution' ? r : undefined;
    });
    expect(caution.riskReason).toContain('429');
    await ws.waitFor(
      (f) => f.event === 'accountRisk' && (f.data as { risk: string }).risk === 'caution',
    );

    // A second burst within the hour: danger, the automated sends pause.
    await api().post('/sim-api/fault', { workWxid: a.wxid, kind: 'rateLimit' });
    await gatewayIdle(ctx);
    await eventually(async () => ((await riskOf(a.wxid)).risk === 'danger' ? true : undefined));
    const push = await ws.waitFor(
      (f) => f.event === 'accountRisk' && (f.data as { risk: string }).risk === 'danger',
    );
    expect(push.data).toMatchObject({ wxid: a.wxid, paused: true });
    expect((await riskOf(b.wxid)).risk).toBe('normal');
    // The switcher shows it too.
    const sw = await api().get<{ wxAccount: { wxid: string; risk?: string }[] }>(
      '/main-api/acc/switcher',
    );
    expect(sw.data.wxAccount.find((x) => x.wxid === a.wxid)?.risk).toBe('danger');

    const aId = await robotSend(a.wxid);
    const bId = await robotSend(b.wxid);
    await eventually(async () => {
      const rows = await stateOf(bId, 'robot');
      return rows.length === 1 && rows[0]!.state === 'done' ? true : undefined;
    });
    // Held: the dispatcher's claim of the account's sends passes the robot's over.
    const owner = ctx.deps.runtime.instanceId;
    expect(await claimPendingSends(ctx.deps.db, aId, 10, owner)).toEqual([]);
    expect(await stateOf(aId, 'robot')).toMatchObject([{ state: 'pending', msgId: null }]);

    // A seat cannot resume (no account.manage); a manager can.
    expect((await api(seat1).post('/main-api/acc/risk-resume', { wxids: [a.wxid] })).status).toBe(
      403,
    );
    // The platform's limit has worn off by the time a person resumes.
    ctx.clock.offset = 16 * 60_000;
    try {
      const resumed = await api().post<{ count: number }>('/main-api/acc/risk-resume', {
        wxids: [a.wxid],
      });
      expect(resumed.data.count).toBe(1);
      expect(await riskOf(a.wxid)).toMatchObject({ risk: 'normal', riskReason: '' });
      await eventually(
        async () => ((await stateOf(aId, 'robot'))[0]!.state === 'done' ? true : undefined),
        20_000,
      );
    } finally {
      ctx.clock.offset = 0;
    }
    await ws.close();
  });
});
