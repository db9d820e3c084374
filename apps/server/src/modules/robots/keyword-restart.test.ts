import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { useServersOnStores } from '../../../test/support.ts';
import { addAccount, signIn } from '../accounts/account.test-support.ts';
import {
  createRule,
  receivedBy,
  ruleOf,
  say,
  settle,
  waitReceived,
} from './robots.test-support.ts';

// Issue 15 §5: the server stops between a trigger and its reply; the reply is sent once after;
// two instances on one PostgreSQL that both see a triggering message answer it once.

const PG = process.env.TEST_DATABASE_URL;

const servers = useServersOnStores({
  accounts: {
    lease: { leaseMs: 1500, renewMs: 250 },
    simulator: { loginDelayMs: 20 },
  },
  scheduler: { pollMs: 100 },
});

describe('a restart between a trigger and its reply', () => {
  it('sends the reply once, after the restart', async () => {
    const store = await servers.store();
    // First instance: no scheduler, so the trigger is recorded and its reply waits.
    const A = await servers.start(store, {
      services: new Set(['api', 'realtime', 'gateway'] as const),
    });
    const sa = await signIn(A, 'demo');
    const acc = await addAccount(A, sa, { nickname: '重启号' });
    const id = await createRule(A, sa, {
      keywords: ['重启'],
      replies: [{ kind: 'text', content: '重启后也只回一次' }],
    });
    await say(A, sa, acc.wxid, 'wxid_restart_person', '重启了吗');
    await A.accounts.gateway.simulator?.idle();
    expect((await ruleOf(A, sa, id))?.hits).toBe(1);
    expect(await receivedBy(A, sa, acc.wxid, 'wxid_restart_person')).toHaveLength(0);
    await A.stop();

    const B = await servers.start(store);
    const sb = await signIn(B, 'demo');
    const got = await waitReceived(B, sb, acc.wxid, 'wxid_restart_person', 1, 40_000);
    expect(got[0]!.content).toBe('重启后也只回一次');
    await settle(B);
    expect(await receivedBy(B, sb, acc.wxid, 'wxid_restart_person')).toHaveLength(1);
    const [row] = rowsOf<{ n: number }>(
      await B.deps.db.execute(
        sql`select count(*)::int as n from keyword_hits where rule_id = ${id}`,
      ),
    );
    expect(row?.n).toBe(1);
  }, 60_000);
});

describe.skipIf(!PG)('two instances on one PostgreSQL', () => {
  it('answer a message both of them see once', async () => {
    const store = await servers.store();
    const A = await servers.start(store);
    const B = await servers.start(store);
    const sa = await signIn(A, 'demo');
    const acc = await addAccount(A, sa, { nickname: '双实例机器人' });
    await createRule(A, sa, {
      keywords: ['双实例'],
      replies: [{ kind: 'text', content: '两台也只回一次' }],
    });
    await say(A, sa, acc.wxid, 'wxid_two_person', '你好');
    const ev: InboundMessageEvent = {
      workWxid: acc.wxid,
      msgId: 'two-instances-1',
      talkType: 1,
      peerId: 'wxid_two_person',
      fromSelf: false,
      msgType: 1,
      content: '双实例问一下',
      memberWxid: null,
      memberName: null,
      memberAvatar: null,
      file: null,
      refMsgId: null,
      refContent: null,
      displayName: null,
      msgTime: Date.now(),
    };
    const ref = (await A.accounts.accountOf(acc.wxid))!;
    const outcomes = await Promise.all([
      A.deps.robots.engine.onMessage(ev, ref),
      B.deps.robots.engine.onMessage(ev, ref),
    ]);
    expect(outcomes.sort()).toEqual(['duplicate', 'replied']);
    await waitReceived(A, sa, acc.wxid, 'wxid_two_person', 1);
    await settle(A);
    await settle(B);
    expect(await receivedBy(A, sa, acc.wxid, 'wxid_two_person')).toHaveLength(1);
  }, 60_000);
});
