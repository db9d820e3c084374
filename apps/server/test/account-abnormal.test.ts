import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAccount,
  apiAs,
  signIn,
  waitStatus,
  type ListedAccount,
} from '../src/modules/accounts/account.test-support.ts';
import { buildTenant, useStartedServer, type Session } from './support.ts';
import { ports } from '../src/db/schema/index.ts';

// Issue 32 §7: a send refused because of the account's state names that state (SPEC §8).

const server = useStartedServer({ accounts: { simulator: { loginDelayMs: 20 } } });
const api = (s: Session, lang?: string) => apiAs(server, s, lang);

let manager: Session;
let banned: ListedAccount;
let kicked: ListedAccount;
const FRIEND = 'wxid_abnormal_friend';

const text = (acc: ListedAccount, n: number) => ({
  workWxid: acc.wxid,
  receiver_id: FRIEND,
  talkType: 1,
  content: '你好',
  sendingUUid: `abnormal-${acc.wxid}-${n}`,
});

beforeAll(async () => {
  const t = await buildTenant(server);
  manager = await signIn(server, t.manager.username);
  await server.deps.db.insert(ports).values(
    [1, 2].map((i) => ({
      tenantId: t.tenant.id,
      code: `P-abn-${i}-${t.tenant.id.slice(0, 8)}`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })),
  );
  banned = await addAccount(server, manager, { nickname: '封号测试' });
  kicked = await addAccount(server, manager, { nickname: '踢线测试' });
  for (const acc of [banned, kicked]) {
    const r = await api(manager).post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: FRIEND,
      talkType: 1,
      msgType: 1,
      content: '在吗',
    });
    expect(r.status).toBe(200);
  }
  // Online, a send goes through.
  expect((await api(manager).post('/main-api/conv/send-text', text(banned, 0))).status).toBe(200);
  await api(manager).post('/sim-api/fault', { workWxid: banned.wxid, kind: 'ban' });
  await api(manager).post('/sim-api/fault', { workWxid: kicked.wxid, kind: 'kickOut' });
  await waitStatus(server, manager, banned.wxid, 'banned');
  await waitStatus(server, manager, kicked.wxid, 'kickedOut');
}, 60_000);

describe('a send through an account in trouble', () => {
  it('answers 409 「工作号状态异常：…」 naming the state, with the state in data', async () => {
    const r = await api(manager).post<{ workWxid: string; accountStatus: string }>(
      '/main-api/conv/send-text',
      text(banned, 1),
    );
    expect(r.status).toBe(409);
    expect(r.message).toMatch(/^工作号状态异常：已被封号/);
    expect(r.data).toEqual({ workWxid: banned.wxid, accountStatus: 'banned' });
    const en = await api(manager, 'en').post('/main-api/conv/send-text', text(banned, 2));
    expect(en.message).toMatch(/^The work account is in trouble: banned/);

    const k = await api(manager).post<{ accountStatus: string }>(
      '/main-api/conv/send-text',
      text(kicked, 1),
    );
    expect([k.status, k.data.accountStatus]).toEqual([409, 'kickedOut']);
    expect(k.message).toMatch(/^工作号状态异常：已被踢下线/);
  });

  it('says the same for a rich send through the outbox', async () => {
    const r = await api(manager).post('/main-api/conv/send-graphic-link', {
      workWxid: banned.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      title: '链接',
      url: 'https://example.com/a',
      sendingUUid: 'abnormal-link-1',
    });
    expect(r.status).toBe(409);
    expect(r.message).toMatch(/^工作号状态异常：已被封号/);
  });
});
