import { beforeAll, describe, expect, it } from 'vitest';
import { typingMsOf, type InboundMessageEvent } from '../../gateway/index.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { ROBOT_LIMITS } from './keyword-engine.ts';
import { hitsSince } from './robots.repository.ts';
import {
  chatOf,
  createRule,
  otherTenant,
  receivedBy,
  ruleOf,
  say,
  settle,
  waitReceived,
} from './robots.test-support.ts';

// Issue 15 §4–5: the engine — matching edges, scope, cooldown, priority, exactly once, loop guard.

let demo: Session;
let other: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
let otherAcc: ListedAccount;
let n = 0;
/** A person id of its own for each case. */
const person = () => `wxid_kwp${Date.now().toString(36)}${n++}`;
const replies = (peer: string, w = acc.wxid) => receivedBy(server, demo, w, peer);

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 100 },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  other = await otherTenant(server);
  acc = await addAccount(server, demo, { nickname: '客服小美' });
  acc2 = await addAccount(server, demo, { nickname: '客服小帅' });
  otherAcc = await addAccount(server, other, { nickname: '别家客服' });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
});

describe('matching', () => {
  it('answers a keyword once, in the chat as a robot message, and counts the hit', async () => {
    const id = await createRule(server, demo, {
      keywords: ['营业时间'],
      replies: [
        { kind: 'text', content: '我们 9:00–18:00 营业' },
        { kind: 'link', title: '门店', url: 'https://example.com/shop', description: '' },
      ],
    });
    const p = person();
    await say(server, demo, acc.wxid, p, '请问营业时间？');
    const got = await waitReceived(server, demo, acc.wxid, p, 2);
    expect(got.map((m) => m.content)[0]).toBe('我们 9:00–18:00 营业');
    // The person saw the robot typing first, as a person would.
    expect(got[0]!.typingMs).toBe(typingMsOf({ kind: 'text', content: '我们 9:00–18:00 营业' }));
    expect(JSON.parse(got[1]!.content)).toMatchObject({ title: '门店' });
    const chat = await chatOf(server, demo, acc.wxid, p);
    const robot = chat.filter((m) => m.sendSide === 1);
    expect(robot).toHaveLength(2);
    expect(robot.every((m) => m.robot === true)).toBe(true);
    expect(chat.filter((m) => m.sendSide === 2).every((m) => !m.robot)).toBe(true);
    const rule = await ruleOf(server, demo, id);
    expect(rule?.hits).toBe(1);
    expect(rule?.lastHitAt).toBeGreaterThan(0);
    await settle(server);
    expect(await replies(p)).toHaveLength(2);
  });

  it('folds case and full-width characters; exact needs the whole message', async () => {
    await createRule(server, demo, {
      keywords: ['Coupon'],
      replies: [{ kind: 'text', content: '优惠券已发' }],
    });
    await createRule(server, demo, {
      keywords: ['VIP'],
      matchMode: 'exact',
      replies: [{ kind: 'text', content: '会员专线' }],
    });
    const a = person();
    await say(server, demo, acc.wxid, a, '有ＣＯＵＰＯＮ吗');
    expect((await waitReceived(server, demo, acc.wxid, a, 1))[0]!.content).toBe('优惠券已发');
    const b = person();
    await say(server, demo, acc.wxid, b, 'ｖｉｐ');
    expect((await waitReceived(server, demo, acc.wxid, b, 1))[0]!.content).toBe('会员专线');
    const c = person();
    await say(server, demo, acc.wxid, c, '我是vip会员');
    await settle(server);
    expect(await replies(c)).toHaveLength(0);
  });

  it('matches emoji; of overlapping keywords the rule of higher priority answers alone', async () => {
    await createRule(server, demo, {
      keywords: ['🎁'],
      replies: [{ kind: 'text', content: '礼物收到' }],
    });
    await createRule(server, demo, {
      keywords: ['退货'],
      priority: 1,
      replies: [{ kind: 'text', content: '退货说明' }],
    });
    await createRule(server, demo, {
      keywords: ['退货地址'],
      priority: 5,
      replies: [{ kind: 'text', content: '地址：上海' }],
    });
    const a = person();
    await say(server, demo, acc.wxid, a, '送你🎁');
    expect((await waitReceived(server, demo, acc.wxid, a, 1))[0]!.content).toBe('礼物收到');
    const b = person();
    await say(server, demo, acc.wxid, b, '退货地址在哪');
    await waitReceived(server, demo, acc.wxid, b, 1);
    await settle(server);
    expect((await replies(b)).map((m) => m.content)).toEqual(['地址：上海']);
  });

  it('a disabled rule stays silent', async () => {
    const id = await createRule(server, demo, {
      keywords: ['停用词'],
      replies: [{ kind: 'text', content: '不该出现' }],
    });
    const off = await apiAs(server, demo).post('/task-api/auto-reply/keywords/modify/enabled', {
      id,
      enabled: false,
    });
    expect(off.status).toBe(200);
    const p = person();
    await say(server, demo, acc.wxid, p, '停用词');
    await settle(server);
    expect(await replies(p)).toHaveLength(0);
    expect((await ruleOf(server, demo, id))?.hits).toBe(0);
  });
});

describe('scope and cooldown', () => {
  it('answers only on the chosen accounts and chat kinds', async () => {
    await createRule(server, demo, {
      keywords: ['只在二号'],
      scope: { workWxids: [acc2.wxid], talkTypes: [1] },
      replies: [{ kind: 'text', content: '二号回复' }],
    });
    const p = person();
    await say(server, demo, acc.wxid, p, '只在二号');
    await say(server, demo, acc2.wxid, p, '只在二号');
    expect((await waitReceived(server, demo, acc2.wxid, p, 1))[0]!.content).toBe('二号回复');
    await say(server, demo, acc2.wxid, '12345678901@chatroom', '只在二号', {
      talkType: 2,
      memberWxid: person(),
    });
    await settle(server);
    expect(await replies(p, acc.wxid)).toHaveLength(0);
    expect(await replies('12345678901@chatroom', acc2.wxid)).toHaveLength(0);
  });

  it('in groups, a mention-only rule answers only when the account is @-mentioned', async () => {
    await createRule(server, demo, {
      keywords: ['群里问价'],
      scope: { workWxids: [], talkTypes: [2], mentionOnly: true },
      replies: [{ kind: 'text', content: '群回复' }],
    });
    const group = '22345678901@chatroom';
    await say(server, demo, acc.wxid, group, '群里问价', { talkType: 2, memberWxid: person() });
    await settle(server);
    expect(await replies(group)).toHaveLength(0);
    await say(server, demo, acc.wxid, group, '@客服小美 群里问价', {
      talkType: 2,
      memberWxid: person(),
    });
    expect((await waitReceived(server, demo, acc.wxid, group, 1))[0]!.content).toBe('群回复');
  });

  it('a cooldown keeps a rule silent towards one contact, not towards another', async () => {
    await createRule(server, demo, {
      keywords: ['冷却测试'],
      cooldownSec: 3600,
      replies: [{ kind: 'text', content: '冷却回复' }],
    });
    const a = person();
    const b = person();
    await say(server, demo, acc.wxid, a, '冷却测试');
    await waitReceived(server, demo, acc.wxid, a, 1);
    await say(server, demo, acc.wxid, a, '冷却测试 again');
    await say(server, demo, acc.wxid, b, '冷却测试');
    await waitReceived(server, demo, acc.wxid, b, 1);
    await settle(server);
    expect(await replies(a)).toHaveLength(1);
  });
});

describe('exactly once and the loop guard', () => {
  it('the same triggering message delivered twice is answered once', async () => {
    await createRule(server, demo, {
      keywords: ['重复投递'],
      replies: [{ kind: 'text', content: '只回一次' }],
    });
    const p = person();
    await say(server, demo, acc.wxid, p, '你好');
    const ev: InboundMessageEvent = {
      workWxid: acc.wxid,
      msgId: `dup-${p}`,
      talkType: 1,
      peerId: p,
      fromSelf: false,
      msgType: 1,
      content: '重复投递',
      memberWxid: null,
      memberName: null,
      memberAvatar: null,
      file: null,
      refMsgId: null,
      refContent: null,
      displayName: null,
      msgTime: Date.now(),
    };
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const { engine } = server.deps.robots;
    const outcomes = await Promise.all([
      engine.onMessage(ev, account),
      engine.onMessage(ev, account),
      engine.onMessage(ev, account),
    ]);
    expect(outcomes.filter((o) => o === 'replied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(2);
    await waitReceived(server, demo, acc.wxid, p, 1);
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
  });

  it('never answers its own messages or another work account of the tenant', async () => {
    await createRule(server, demo, {
      keywords: ['自家人'],
      replies: [{ kind: 'text', content: '自家回复' }],
    });
    // acc2 writes to acc: a work account of the same tenant.
    await say(server, demo, acc.wxid, acc2.wxid, '自家人你好');
    const p = person();
    // A message the account sent itself from the phone.
    const ev = { fromSelf: true };
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const own = await server.deps.robots.engine.onMessage(
      {
        workWxid: acc.wxid,
        msgId: `self-${p}`,
        talkType: 1,
        peerId: p,
        msgType: 1,
        content: '自家人',
        memberWxid: null,
        memberName: null,
        memberAvatar: null,
        file: null,
        refMsgId: null,
        refContent: null,
        displayName: null,
        msgTime: Date.now(),
        ...ev,
      },
      account,
    );
    expect(own).toBe('none');
    await settle(server);
    expect(await replies(acc2.wxid)).toHaveLength(0);
    expect(server.deps.robots.engine.stats.get('ownAccount')).toBeGreaterThanOrEqual(1);
  });

  it('a robot reply from another tenant’s account is not answered: no storm can start', async () => {
    // Each side answers the other's reply text, as two careless settings would.
    await createRule(server, demo, {
      keywords: ['乒'],
      replies: [{ kind: 'text', content: '乓！' }],
    });
    const otherRule = await apiAs(server, other).post('/task-api/auto-reply/keywords/create', {
      keywords: ['乓'],
      scope: { workWxids: [], talkTypes: [1] },
      replies: [{ kind: 'text', content: '乒！' }],
    });
    expect(otherRule.status).toBe(200);
    // acc (demo) hears "乒" from otherAcc and answers "乓！" to otherAcc…
    await say(server, demo, acc.wxid, otherAcc.wxid, '乒');
    await waitReceived(server, demo, acc.wxid, otherAcc.wxid, 1);
    // …which otherAcc receives: it is a robot's reply, so otherAcc does not answer it.
    await say(server, other, otherAcc.wxid, acc.wxid, '乓！');
    await settle(server);
    expect(await receivedBy(server, other, otherAcc.wxid, acc.wxid)).toHaveLength(0);
    expect(server.deps.robots.engine.stats.get('echo')).toBeGreaterThanOrEqual(1);
  });

  it('a person repeating a keyword gets a bounded number of replies (storm guard)', async () => {
    await createRule(server, demo, {
      keywords: ['刷屏'],
      replies: [{ kind: 'text', content: '收到' }],
    });
    const saved = ROBOT_LIMITS.repliesPerMinute;
    ROBOT_LIMITS.repliesPerMinute = 1000;
    try {
      const p = person();
      for (let i = 0; i < ROBOT_LIMITS.repliesPerConversation + 3; i++) {
        await say(server, demo, acc.wxid, p, `刷屏${i}`);
      }
      await waitReceived(server, demo, acc.wxid, p, ROBOT_LIMITS.repliesPerConversation);
      await settle(server);
      expect(await replies(p)).toHaveLength(ROBOT_LIMITS.repliesPerConversation);
    } finally {
      ROBOT_LIMITS.repliesPerMinute = saved;
    }
  });

  it('an account sends at most its robot messages per minute', async () => {
    const saved = ROBOT_LIMITS.repliesPerMinute;
    const account = (await server.accounts.accountOf(acc2.wxid))!;
    // Two more than the account sent in the last minute.
    ROBOT_LIMITS.repliesPerMinute =
      (await hitsSince(server.deps.db, account.id, server.deps.now() - 60_000)) + 2;
    try {
      await createRule(server, demo, {
        keywords: ['限流'],
        scope: { workWxids: [acc2.wxid], talkTypes: [1] },
        replies: [{ kind: 'text', content: '限流回复' }],
      });
      const people = [person(), person(), person(), person()];
      for (const p of people) await say(server, demo, acc2.wxid, p, '限流');
      const total = async () => {
        let n = 0;
        for (const p of people) n += (await replies(p, acc2.wxid)).length;
        return n;
      };
      // The two allowed go out at the platform's pace (the second a gap after the first) …
      await eventually(async () => ((await total()) >= 2 ? true : undefined));
      await settle(server);
      // … and no third.
      expect(await total()).toBe(2);
    } finally {
      ROBOT_LIMITS.repliesPerMinute = saved;
    }
  });
});
