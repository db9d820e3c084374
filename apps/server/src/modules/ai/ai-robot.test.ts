import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BULK_DEFAULT_SETTINGS, MSG_TYPE } from '@cst/shared';
import {
  aiRobotChats,
  aiRobotSettings,
  conversations,
  messages,
  pushEvents,
  robotJobs,
  schedulerLanes,
  workAccounts,
} from '../../db/schema/index.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { jobsOfAccount } from '../robots/robot-job.repository.ts';
import {
  chatOf,
  createRule,
  otherTenant,
  receivedBy,
  say,
  settle,
  waitReceived,
} from '../robots/robots.test-support.ts';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import type { AccountRef } from '../accounts/index.ts';
import { findByMsgId } from '../conversations/index.ts';
import type { MessageIngest } from '../conversations/message-ingest.service.ts';
import { onInboundStored } from '../conversations/message-hooks.ts';
import { fakeOpenAi } from './ai.test-support.ts';
import { aiLaneOf } from './ai-robot.job.ts';
import { aiReplyKey, CATCH_UP_AFTER_MS } from './ai-robot.ts';

// Issue 33 §4: the AI robot answers, hands over, stops at its cap, never loops, and a slow
// provider holds neither the inbound pipeline nor a reply's exactly-once.

const fake = fakeOpenAi();
const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 100 },
});
let demo: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
let n = 0;
const person = () => `wxid_air${Date.now().toString(36)}${n++}`;
const replies = (peer: string, w = acc.wxid) => receivedBy(server, demo, w, peer);

async function saveRobot(over: Record<string, unknown> = {}, wxids = [acc.wxid]) {
  const r = await apiAs(server, demo).post('/task-api/ai-reply/save', {
    workWxids: wxids,
    enabled: true,
    instructions: '你是「小美服饰」的客服，只卖女装。',
    handoffKeywords: ['人工'],
    maxRepliesPerConversation: 5,
    replyDelaySec: 0,
    ...over,
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function saveBulkSettings(over: Record<string, unknown>, workWxid?: string) {
  const r = await apiAs(server, demo).post('/task-api/bulk-send-task/settings/save', {
    ...BULK_DEFAULT_SETTINGS,
    ...over,
    ...(workWxid ? { workWxid } : {}),
  });
  expect(r.status, r.message).toBe(200);
}

async function idOf(wxid: string) {
  const [a] = await server.deps.db
    .select({ id: workAccounts.id })
    .from(workAccounts)
    .where(eq(workAccounts.wxid, wxid));
  return a!.id;
}

async function laneOf(wxid: string) {
  const [l] = await server.deps.db
    .select()
    .from(schedulerLanes)
    .where(eq(schedulerLanes.key, aiLaneOf(await idOf(wxid))));
  return l;
}

/** The AI jobs of a chat of an account. */
async function aiJobs(wxid: string, peer: string) {
  return (await jobsOfAccount(server.deps.db, await idOf(wxid))).filter(
    (j) => j.kind === 'ai' && j.payload.peerId === peer,
  );
}

async function chatState(peer: string) {
  const [row] = await server.deps.db
    .select()
    .from(aiRobotChats)
    .where(eq(aiRobotChats.peerId, peer));
  return row;
}

async function jobsFor(peer: string) {
  return (await jobsOfAccount(server.deps.db, (await accountId(acc.wxid))!)).filter(
    (j) => j.kind === 'ai' && j.payload.peerId === peer,
  );
}

async function accountId(wxid: string) {
  const [c] = await server.deps.db
    .select({ id: conversations.workAccountId })
    .from(conversations)
    .where(eq(conversations.workWxid, wxid))
    .limit(1);
  return c?.id;
}

/** A received text as the platform reports it. */
const received = (workWxid: string, peerId: string, msgId: string, content: string) => ({
  workWxid,
  msgId,
  talkType: 1 as const,
  peerId,
  fromSelf: false,
  msgType: 1 as const,
  content,
  memberWxid: null,
  memberName: null,
  memberAvatar: null,
  file: null,
  refMsgId: null,
  refContent: null,
  displayName: null,
  msgTime: server.deps.now(),
});

const ingest = () => (server.app as unknown as { messageIngest: MessageIngest }).messageIngest;

/** Hands messages to the store as the gateway does, in one turn (one batch); once kept. */
async function store(...items: [InboundMessageEvent, AccountRef][]) {
  const taken = await Promise.all(
    items.map(([ev, account]) => ingest().add({ kind: 'message', ev, account })),
  );
  await Promise.all(taken.map((t) => t.kept));
}

/**
 * A person the account knows (the simulator sends only to friends), who wrote once while the
 * robot was off: messages handed to the store straight can then be answered.
 */
async function friend(): Promise<string> {
  const p = person();
  await saveRobot({ enabled: false });
  try {
    await say(server, demo, acc.wxid, p, '你好');
    await settle(server);
  } finally {
    await saveRobot();
  }
  return p;
}

/** How many messages the robot decided on so far, whatever it decided. */
const decisions = () => [...server.deps.aiRobot.stats.values()].reduce((a, b) => a + b, 0);

beforeAll(async () => {
  await fake.listen();
  const c = server.deps.config;
  c.ai = { baseUrl: fake.baseUrl, apiKey: 'sk-robot', model: 'gpt-test', sttModel: null };
  c.allowPrivateNetwork = true;
  c.aiTimeoutMs = 10_000;
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '客服小美' });
  acc2 = await addAccount(server, demo, { nickname: '客服小帅' });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
  // The tenant's mass-send pacing without gaps: replies paced by the robot's least gap only.
  await saveBulkSettings({ messageIntervalSec: 0, jitterSec: 0 });
  fake.state.answer = () => ({ text: '您好，我是小美，请问想看哪款？' });
  await saveRobot();
});
afterAll(async () => {
  await fake.close();
});

describe('settings', () => {
  it('reads back what was saved, per account and for the tenant', async () => {
    const api = apiAs(server, demo);
    const one = await api.post<{ workWxids: string[]; handoffKeywords: string[] }>(
      '/task-api/ai-reply/get',
      { workWxid: acc.wxid },
    );
    expect(one.data).toMatchObject({
      workWxids: [acc.wxid],
      enabled: true,
      handoffKeywords: ['人工'],
      maxRepliesPerConversation: 5,
    });
    const all = await api.post<{ workWxids: string[] }>('/task-api/ai-reply/get', {});
    expect(all.data.workWxids).toEqual([acc.wxid]);
    const bad = await api.post('/task-api/ai-reply/save', { workWxids: [], enabled: true });
    expect([bad.status, bad.message]).toEqual([400, '请选择工作号']);
  });
});

describe('answering', () => {
  it('answers a single chat through the outbox as the robot, from the right context', async () => {
    const p = person();
    const before = fake.chats().length;
    await say(server, demo, acc.wxid, p, '你好，有连衣裙吗');
    const got = await waitReceived(server, demo, acc.wxid, p, 1);
    expect(got[0]!.content).toBe('您好，我是小美，请问想看哪款？');
    const chat = await chatOf(server, demo, acc.wxid, p);
    const sent = chat.filter((m) => m.sendSide === 1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sender).toMatchObject({ kind: 'robot', name: 'AI 机器人' });
    const req = fake.chats().slice(before)[0]!;
    expect(req.prompt).toContain('小美服饰');
    expect(req.prompt).toContain('user: 你好，有连衣裙吗');
    expect((await chatState(p))?.replies).toBe(1);
  });

  it('answers a voice by what it says, transcribed once and kept', async () => {
    const p = person();
    const before = fake.chats().length;
    const voice = await apiAs(server, demo).post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: p,
      talkType: 1,
      msgType: MSG_TYPE.voice,
      content: '',
    });
    expect(voice.status, voice.message).toBe(200);
    await waitReceived(server, demo, acc.wxid, p, 1);
    const chat = await chatOf(server, demo, acc.wxid, p);
    const heard = chat.find((m) => m.msgType === MSG_TYPE.voice)!;
    const said = await apiAs(server, demo).post<{ text: string }>(
      '/wechat_api/message/voiceToText',
      { messageId: heard.messageId },
    );
    expect(said.status, said.message).toBe(200);
    expect(said.data.text).not.toBe('');
    // The model heard the words, not an empty turn.
    expect(fake.chats().slice(before)[0]!.prompt).toContain(`user: [语音] ${said.data.text}`);
  });

  it('does not answer group chats or its own accounts', async () => {
    const calls = fake.chats().length;
    await say(server, demo, acc.wxid, 'room_ai_1@chatroom', '你好', {
      talkType: 2,
      memberWxid: person(),
    });
    // Another work account of the tenant (whose robot may answer too): no loop starts.
    await saveRobot({}, [acc.wxid, acc2.wxid]);
    await say(server, demo, acc.wxid, acc2.wxid, '你好');
    await settle(server);
    expect(await replies(acc2.wxid)).toHaveLength(0);
    expect(fake.chats()).toHaveLength(calls);
    expect(server.deps.aiRobot.stats.get('ownAccount')).toBeGreaterThan(0);
  });

  it('lets keyword rules win where they match', async () => {
    await createRule(server, demo, {
      keywords: ['退货地址'],
      replies: [{ kind: 'text', content: '退货地址：杭州市西湖区 1 号' }],
    });
    const p = person();
    const calls = fake.chats().length;
    await say(server, demo, acc.wxid, p, '请问退货地址是哪里');
    const got = await waitReceived(server, demo, acc.wxid, p, 1);
    await settle(server);
    expect(got.map((m) => m.content)).toEqual(['退货地址：杭州市西湖区 1 号']);
    expect(await replies(p)).toHaveLength(1);
    expect(fake.chats()).toHaveLength(calls);
  });
  it('lets keyword rules win whichever of the two sees the message first', async () => {
    // The keyword engine decides as the message arrives, the AI robot once it is stored: the
    // robot goes by the rules' match, not by what the engine did, so the order does not matter.
    await createRule(server, demo, {
      keywords: ['尺码表'],
      replies: [{ kind: 'text', content: '尺码表：S 160 / M 165 / L 170' }],
    });
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const robot = server.deps.aiRobot;
    const [p, q] = [await friend(), await friend()];
    const calls = fake.chats().length;
    const keyword = robot.stats.get('keyword') ?? 0;
    // The store first (the engine has not seen it, nor compiled the rules since they changed).
    server.deps.robots.engine.forget(account.tenantId);
    const ev = received(acc.wxid, p, `${p}-1`, '能发下尺码表吗');
    await store([ev, account]);
    expect(robot.stats.get('keyword')).toBe(keyword + 1);
    expect(await aiJobs(acc.wxid, p)).toHaveLength(0);
    // Then the engine: its reply goes out, and only its.
    expect(await server.deps.robots.engine.onMessage(ev, account)).toBe('replied');
    const got = await waitReceived(server, demo, acc.wxid, p, 1);
    // The engine first, then the store: the same.
    const evq = received(acc.wxid, q, `${q}-1`, '尺码表有吗');
    expect(await server.deps.robots.engine.onMessage(evq, account)).toBe('replied');
    await store([evq, account]);
    expect(robot.stats.get('keyword')).toBe(keyword + 2);
    const gotq = await waitReceived(server, demo, acc.wxid, q, 1);
    await settle(server);
    expect([...got, ...gotq].map((m) => m.content)).toEqual([
      '尺码表：S 160 / M 165 / L 170',
      '尺码表：S 160 / M 165 / L 170',
    ]);
    expect(await replies(p)).toHaveLength(1);
    expect(await replies(q)).toHaveLength(1);
    expect(await aiJobs(acc.wxid, p)).toHaveLength(0);
    expect(await aiJobs(acc.wxid, q)).toHaveLength(0);
    expect(fake.chats()).toHaveLength(calls);
  });
});

describe('never loops', () => {
  it('ignores what its own account sent: the platform echoing the robot’s reply', async () => {
    const p = person();
    await say(server, demo, acc.wxid, p, '你好，在吗');
    const [reply] = await waitReceived(server, demo, acc.wxid, p, 1);
    await settle(server);
    const calls = fake.chats().length;
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const before = decisions();
    // The robot's own message, as a platform reports a message the account sent.
    await store([
      { ...received(acc.wxid, p, `self-${p}`, reply!.content), fromSelf: true },
      account,
    ]);
    // Not one of the messages the robot decides on.
    expect(decisions()).toBe(before);
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    expect(await aiJobs(acc.wxid, p)).toHaveLength(1);
    expect(fake.chats()).toHaveLength(calls);
  });

  it('does not answer another tenant’s robot repeating its reply, nor asks the model', async () => {
    // Two tenants on one server, each with an AI robot, whose accounts talk to each other.
    const other = await otherTenant(server);
    const otherAcc = await addAccount(server, other, { nickname: '别家客服' });
    const r = await apiAs(server, other).post('/task-api/ai-reply/save', {
      workWxids: [otherAcc.wxid],
      enabled: true,
      instructions: '你是别家的客服。',
      handoffKeywords: ['人工'],
      maxRepliesPerConversation: 5,
      replyDelaySec: 0,
    });
    expect(r.status, r.message).toBe(200);
    // otherAcc writes to acc, whose robot answers (otherAcc is not one of demo's accounts).
    await say(server, demo, acc.wxid, otherAcc.wxid, '你好，请问有货吗');
    const [answer] = await waitReceived(server, demo, acc.wxid, otherAcc.wxid, 1);
    expect(answer!.content).toBe('您好，我是小美，请问想看哪款？');
    await settle(server);
    const calls = fake.chats().length;
    // otherAcc receives that robot reply: its robot must not answer it (the loop would start).
    await say(server, other, otherAcc.wxid, acc.wxid, answer!.content);
    await eventually(async () => {
      const jobs = await aiJobs(otherAcc.wxid, acc.wxid);
      return jobs.length === 1 && jobs[0]!.state === 'skipped' ? jobs : undefined;
    });
    await settle(server);
    const [job] = await aiJobs(otherAcc.wxid, acc.wxid);
    expect(job!.result).toBe('echo');
    expect(await receivedBy(server, other, otherAcc.wxid, acc.wxid)).toHaveLength(0);
    expect(fake.chats()).toHaveLength(calls);
    // A person's own words in that chat are still answered: only the echo is skipped.
    await say(server, other, otherAcc.wxid, acc.wxid, '那我要一件 M 码');
    await waitReceived(server, other, otherAcc.wxid, acc.wxid, 1);
    expect(fake.chats()).toHaveLength(calls + 1);
  });
});

describe('a burst in one chat', () => {
  it('makes one reply waiting, due after the last message, that answers with all in view', async () => {
    await saveRobot({ replyDelaySec: 3600 });
    const p = person();
    try {
      const before = server.deps.now();
      for (const t of ['你好', '在吗', '这条连衣裙有 M 码吗'])
        await say(server, demo, acc.wxid, p, t);
      await settle(server);
      const jobs = await jobsFor(p);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.state).toBe('queued');
      expect(jobs[0]!.dueAt).toBeGreaterThanOrEqual(before + 3600_000);
      await server.deps.db
        .update(robotJobs)
        .set({ dueAt: server.deps.now() - 1 })
        .where(eq(robotJobs.id, jobs[0]!.id));
    } finally {
      await saveRobot();
    }
    const calls = fake.chats().length;
    await server.scheduler.drain();
    await waitReceived(server, demo, acc.wxid, p, 1);
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    const asked = fake.chats().slice(calls);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.prompt).toContain('user: 这条连衣裙有 M 码吗');
  });
});

describe('handing over', () => {
  it('hands over on a handoff keyword: open, unassigned, seats told, silent after', async () => {
    const p = person();
    await say(server, demo, acc.wxid, p, '在吗');
    await waitReceived(server, demo, acc.wxid, p, 1);
    const index = `1__${p}__${acc.wxid}`;
    const api = apiAs(server, demo);
    expect(
      (await api.post('/main-api/conv/assign', { index_name: index, uid: demo.uid })).status,
    ).toBe(200);
    await api.post('/main-api/conv/status', { index_name: index, status: 'pending' });
    const calls = fake.chats().length;
    await say(server, demo, acc.wxid, p, '我要转人工');
    await settle(server);
    const [conv] = await server.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.peerId, p), eq(conversations.workWxid, acc.wxid)));
    expect(conv).toMatchObject({ status: 'open', assigneeUid: null });
    expect(await chatState(p)).toMatchObject({ handoffReason: 'keyword' });
    const pushes = await server.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'aiHandoff'));
    expect(pushes.map((x) => x.data)).toContainEqual({
      index_name: index,
      workWxid: acc.wxid,
      peerId: p,
      reason: 'keyword',
    });
    await say(server, demo, acc.wxid, p, '还有人吗');
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    expect(fake.chats()).toHaveLength(calls);
  });

  it('stops in a chat once a seat writes there', async () => {
    const p = person();
    await say(server, demo, acc.wxid, p, '你好');
    await waitReceived(server, demo, acc.wxid, p, 1);
    const sent = await apiAs(server, demo).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: p,
      talkType: 1,
      content: '我是真人客服，您好',
      sendingUUid: randomUUID(),
    });
    expect(sent.status, sent.message).toBe(200);
    await waitReceived(server, demo, acc.wxid, p, 2);
    await settle(server);
    const calls = fake.chats().length;
    await say(server, demo, acc.wxid, p, '好的，谢谢');
    await settle(server);
    expect(await replies(p)).toHaveLength(2);
    expect(fake.chats()).toHaveLength(calls);
    expect(await chatState(p)).toMatchObject({ handoffReason: 'seat' });
  });

  it('stops at its cap per conversation and hands the chat over', async () => {
    await saveRobot({ maxRepliesPerConversation: 2 });
    try {
      const p = person();
      for (let i = 1; i <= 2; i++) {
        await say(server, demo, acc.wxid, p, `问题 ${i}`);
        await waitReceived(server, demo, acc.wxid, p, i);
      }
      await say(server, demo, acc.wxid, p, '问题 3');
      await settle(server);
      expect(await replies(p)).toHaveLength(2);
      expect(await chatState(p)).toMatchObject({ replies: 2, handoffReason: 'cap' });
    } finally {
      await saveRobot();
    }
  });
});

describe('a slow or failing provider', () => {
  it('never holds the inbound pipeline: keyword replies go out while the model is slow', async () => {
    await createRule(server, demo, {
      keywords: ['营业时间'],
      replies: [{ kind: 'text', content: '9:00–18:00' }],
    });
    server.deps.config.aiTimeoutMs = 1000;
    fake.state.answer = () => ({ text: '太慢了', delayMs: 4000 });
    try {
      const slow = person();
      const quick = person();
      await say(server, demo, acc.wxid, slow, '你好');
      await say(server, demo, acc.wxid, quick, '营业时间？');
      const got = await waitReceived(server, demo, acc.wxid, quick, 1);
      expect(got[0]!.content).toBe('9:00–18:00');
      // The timed-out reply is queued again for later, not lost and not sent.
      const job = await eventually(async () => {
        const [j] = await jobsFor(slow);
        return j && j.state === 'queued' && j.attempts === 1 ? j : undefined;
      });
      expect(job.dueAt).toBeGreaterThan(server.deps.now());
      expect(await replies(slow)).toHaveLength(0);
    } finally {
      server.deps.config.aiTimeoutMs = 10_000;
      fake.state.answer = () => ({ text: '您好，我是小美，请问想看哪款？' });
    }
  });

  it('neither loses nor repeats a reply when an instance dies mid-reply', async () => {
    const p = person();
    const id = (await accountId(acc.wxid))!;
    // Queue the job, then make it look claimed by an instance that died (lease lapsed).
    fake.state.answer = () => ({ text: '稍等，我帮您查一下' });
    await saveRobot({ replyDelaySec: 3600 });
    await say(server, demo, acc.wxid, p, '我的快递到哪了');
    await settle(server);
    const [job] = await jobsFor(p);
    expect(job).toMatchObject({ state: 'queued' });
    await server.deps.db
      .update(robotJobs)
      .set({
        state: 'claimed',
        leaseOwner: 'dead-instance',
        leaseUntil: server.deps.now() - 1,
        dueAt: server.deps.now() - 1,
        attempts: 1,
      })
      .where(eq(robotJobs.id, job!.id));
    await saveRobot();
    await server.scheduler.drain();
    const got = await waitReceived(server, demo, acc.wxid, p, 1);
    expect(got[0]!.content).toBe('稍等，我帮您查一下');
    // And once more as if it died after storing the reply: nothing is stored twice.
    await server.deps.db
      .update(robotJobs)
      .set({ state: 'claimed', leaseOwner: 'dead-instance', leaseUntil: server.deps.now() - 1 })
      .where(eq(robotJobs.id, job!.id));
    const calls = fake.chats().length;
    await server.scheduler.drain();
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    expect(fake.chats()).toHaveLength(calls);
    expect(job!.key).toBe(aiReplyKey(id, job!.payload.msgId!));
    fake.state.answer = () => ({ text: '您好，我是小美，请问想看哪款？' });
  });

  it('stops answering when the month’s budget is spent', async () => {
    const api = apiAs(server, demo);
    await api.post('/main-api/ai/settings/save', { enabled: true, monthlyTokenBudget: 1 });
    try {
      const p = person();
      const calls = fake.chats().length;
      await say(server, demo, acc.wxid, p, '你好');
      // Due after the lane's pace since the last reply.
      const job = await eventually(async () => {
        const [j] = await jobsFor(p);
        return j?.state === 'skipped' ? j : undefined;
      });
      expect(job.result).toBe('aiBudgetSpent');
      expect(await replies(p)).toHaveLength(0);
      expect(fake.chats()).toHaveLength(calls);
    } finally {
      await api.post('/main-api/ai/settings/save', { enabled: true, monthlyTokenBudget: null });
    }
  });
});

describe('pacing, caps, business hours and ban risk', () => {
  it('paces replies like the account’s mass sends', async () => {
    await saveBulkSettings({ messageIntervalSec: 120, jitterSec: 0 }, acc2.wxid);
    await saveRobot({}, [acc2.wxid]);
    try {
      const first = person();
      await say(server, demo, acc2.wxid, first, '你好');
      await waitReceived(server, demo, acc2.wxid, first, 1);
      const lane = await laneOf(acc2.wxid);
      expect(lane!.nextAt - server.deps.now()).toBeGreaterThan(100_000);
      // The next chat waits for the account's gap, not answered meanwhile.
      const second = person();
      await say(server, demo, acc2.wxid, second, '在吗');
      await settle(server);
      expect((await aiJobs(acc2.wxid, second)).map((j) => j.state)).toEqual(['queued']);
      expect(await replies(second, acc2.wxid)).toHaveLength(0);
      // Once the gap has passed (moved here), it is answered.
      await server.deps.db
        .update(schedulerLanes)
        .set({ nextAt: 0 })
        .where(eq(schedulerLanes.key, aiLaneOf(await idOf(acc2.wxid))));
      await server.scheduler.drain();
      await waitReceived(server, demo, acc2.wxid, second, 1);
    } finally {
      await saveBulkSettings({ messageIntervalSec: 0, jitterSec: 0 }, acc2.wxid);
    }
  });

  it('stops for the day at its daily cap', async () => {
    await server.deps.db
      .update(schedulerLanes)
      .set({ nextAt: 0 })
      .where(eq(schedulerLanes.key, aiLaneOf(await idOf(acc2.wxid))));
    // The replies of the day so far, and one more.
    const used = (await laneOf(acc2.wxid))!.used;
    await saveRobot({ dailyCap: used + 1 }, [acc2.wxid]);
    try {
      const p = person();
      await say(server, demo, acc2.wxid, p, '你好');
      await waitReceived(server, demo, acc2.wxid, p, 1);
      await server.deps.db
        .update(schedulerLanes)
        .set({ nextAt: 0 })
        .where(eq(schedulerLanes.key, aiLaneOf(await idOf(acc2.wxid))));
      const late = person();
      await say(server, demo, acc2.wxid, late, '你好');
      await settle(server);
      expect((await laneOf(acc2.wxid))!.used).toBe(used + 1);
      expect((await aiJobs(acc2.wxid, late)).map((j) => j.state)).toEqual(['queued']);
      expect(await replies(late, acc2.wxid)).toHaveLength(0);
    } finally {
      await saveRobot({ enabled: false }, [acc2.wxid]);
    }
  });

  it('keeps quiet out of business hours, where the out-of-hours reply answers', async () => {
    const api = apiAs(server, demo);
    const closed = await api.post('/task-api/business-hours/save', {
      enabled: true,
      week: [[], [], [], [], [], [], []],
      reply: '现在是休息时间，明天回复您',
    });
    expect(closed.status, closed.message).toBe(200);
    try {
      const p = person();
      const calls = fake.chats().length;
      const hours = server.deps.aiRobot.stats.get('hours') ?? 0;
      await say(server, demo, acc.wxid, p, '你好，有连衣裙吗');
      const got = await waitReceived(server, demo, acc.wxid, p, 1);
      await settle(server);
      expect(got.map((m) => m.content)).toEqual(['现在是休息时间，明天回复您']);
      expect(await replies(p)).toHaveLength(1);
      expect(fake.chats()).toHaveLength(calls);
      expect(server.deps.aiRobot.stats.get('hours')).toBe(hours + 1);
    } finally {
      await api.post('/task-api/business-hours/save', {
        enabled: false,
        week: [[], [], [], [], [], [], []],
        reply: '',
      });
    }
  });

  it('sends nothing while the account is at ban risk 危险, and answers once resumed', async () => {
    const id = await idOf(acc.wxid);
    await server.deps.db
      .update(workAccounts)
      .set({ risk: 'danger' })
      .where(eq(workAccounts.id, id));
    const p = person();
    try {
      await say(server, demo, acc.wxid, p, '你好');
      await settle(server);
      expect((await aiJobs(acc.wxid, p)).map((j) => j.state)).toEqual(['queued']);
      expect(await replies(p)).toHaveLength(0);
    } finally {
      await server.deps.db
        .update(workAccounts)
        .set({ risk: 'normal' })
        .where(eq(workAccounts.id, id));
    }
    await server.deps.db
      .update(schedulerLanes)
      .set({ nextAt: 0 })
      .where(eq(schedulerLanes.key, aiLaneOf(id)));
    await server.scheduler.drain();
    await waitReceived(server, demo, acc.wxid, p, 1);
  });
});

describe('the reply queue: in the store’s transaction, one statement per batch', () => {
  it('folds a burst per chat into one reply that answers the chat’s latest message', async () => {
    await saveRobot({ replyDelaySec: 3600 });
    const robot = server.deps.aiRobot;
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const [p, q] = [person(), person()];
    try {
      const sent: [string, string][] = [
        [p, '你好'],
        [q, '在吗'],
        [p, '有连衣裙吗'],
        [q, '想问下尺码'],
        [p, '要 M 码的'],
      ];
      const queued = robot.stats.get('queued') ?? 0;
      // One batch of the store: each message decided on, one job per chat.
      await store(
        ...sent.map(([peer, text], i): [ReturnType<typeof received>, AccountRef] => [
          received(acc.wxid, peer, `${peer}-${i}`, text),
          account,
        ]),
      );
      expect(robot.stats.get('queued')).toBe(queued + sent.length);
      const [jp, jq] = [await jobsFor(p), await jobsFor(q)];
      expect(jp.map((j) => [j.state, j.payload.msgId])).toEqual([['queued', `${p}-4`]]);
      expect(jq.map((j) => [j.state, j.payload.msgId])).toEqual([['queued', `${q}-3`]]);
      // Passed on again by the platform (the same message, stored once): still one job.
      await store([received(acc.wxid, p, `${p}-4`, '要 M 码的'), account]);
      expect(await jobsFor(p)).toHaveLength(1);
      // A later message of the chat, in a batch of its own, folds into the job still queued.
      await store([received(acc.wxid, p, `${p}-5`, '还有 L 码吗'), account]);
      expect((await jobsFor(p)).map((j) => [j.state, j.payload.msgId])).toEqual([
        ['queued', `${p}-5`],
      ]);
    } finally {
      await server.deps.db
        .update(robotJobs)
        .set({ state: 'skipped', result: 'test' })
        .where(and(eq(robotJobs.kind, 'ai'), eq(robotJobs.state, 'queued')));
      await saveRobot();
    }
  });

  it('queues, for a stored message whose decision was lost, the reply once', async () => {
    const robot = server.deps.aiRobot;
    const id = await idOf(acc.wxid);
    const p = person();
    // A message stored with no decision on it (here: stored while the robot was off, the
    // robot's settings then dated back as if it had been on).
    await saveRobot({ enabled: false });
    let msgId: string;
    try {
      msgId = await say(server, demo, acc.wxid, p, '你好，还在吗');
      await settle(server);
    } finally {
      await saveRobot();
    }
    expect(await jobsFor(p)).toHaveLength(0);
    // Too young for the catch-up: it may still be waiting in its holder's memory.
    const [stored] = await server.deps.db
      .select({ msgTime: messages.msgTime, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.workAccountId, id), eq(messages.msgId, msgId)));
    await robot.catchUp(stored!.msgTime + CATCH_UP_AFTER_MS - 1);
    expect(await jobsFor(p)).toHaveLength(0);
    const at = stored!.msgTime + CATCH_UP_AFTER_MS + 1000;
    // Received before the robot was (last) turned on: not the catch-up's.
    await robot.catchUp(at);
    expect(await jobsFor(p)).toHaveLength(0);
    // As if the robot had been on when it arrived: the restarted process's catch-up (a periodic
    // job) queues it, under the message's key.
    await server.deps.db
      .update(aiRobotSettings)
      .set({ updatedAt: new Date(stored!.createdAt.getTime() - 1000) })
      .where(eq(aiRobotSettings.workAccountId, id));
    await robot.catchUp(at);
    const jobs = await jobsFor(p);
    expect(jobs.map((j) => [j.key, j.payload.msgId])).toEqual([[aiReplyKey(id, msgId), msgId]]);
    // A second catch-up (another instance, the next period) adds nothing.
    expect(await robot.catchUp(at)).toBe(0);
    await server.scheduler.drain();
    await waitReceived(server, demo, acc.wxid, p, 1);
    await robot.catchUp(at);
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    expect(await jobsFor(p)).toHaveLength(1);
  });

  it('waits for its message when the reply comes due before the store wrote it', async () => {
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const p = await friend();
    // The contact writes again: the robot decides as the store writes the message, in its
    // transaction, so the reply is queued with its message, never before it.
    const id = await idOf(acc.wxid);
    const msgId = `${p}-next`;
    const ev = received(acc.wxid, p, msgId, '有连衣裙吗');
    await server.scheduler.drain();
    expect(await jobsFor(p)).toHaveLength(0);
    // What the store's transaction holds once every handler ran (the robot's before this one).
    let inStore: { message: boolean; jobs: (string | undefined)[] } | null = null;
    const off = onInboundStored(server.deps, async ({ tx, messages: list }) => {
      if (list.some((m) => m.msgId === msgId)) {
        inStore = {
          message: (await findByMsgId(tx, id, msgId)) !== null,
          jobs: (await jobsOfAccount(tx, id))
            .filter((j) => j.kind === 'ai' && j.payload.peerId === p)
            .map((j) => j.payload.msgId),
        };
      }
      return [];
    });
    await saveRobot({ replyDelaySec: 3600 });
    try {
      await store([ev, account]);
    } finally {
      off();
      await saveRobot();
    }
    expect(inStore).toEqual({ message: true, jobs: [msgId] });
    const [waiting] = await jobsFor(p);
    // Neither skipped as answered by a newer message nor counted as an attempt: waiting.
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0, payload: { msgId } });
    expect(await replies(p)).toHaveLength(0);
    // Due: the reply goes out at the scheduler's next look.
    await server.deps.db
      .update(robotJobs)
      .set({ dueAt: server.deps.now() - 1 })
      .where(eq(robotJobs.id, waiting!.id));
    await server.scheduler.drain();
    await waitReceived(server, demo, acc.wxid, p, 1);
    expect((await jobsFor(p)).map((j) => [j.state, j.result])).toEqual([['done', 'sent']]);
  });

  it('queues no reply when the store’s transaction rolls back, and one once it is stored', async () => {
    const id = await idOf(acc.wxid);
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const p = await friend();
    const ev = received(acc.wxid, p, `${p}-1`, '你好，在吗');
    // A kill before the commit, as the store sees it: its transaction rolls back after every
    // handler (the robot's among them) ran.
    const off = onInboundStored(server.deps, async ({ messages: list }) => {
      if (list.some((m) => m.msgId === ev.msgId)) throw new Error('killed before the commit');
      return [];
    });
    let lost: unknown = null;
    try {
      const taken = await ingest().add({ kind: 'message', ev, account });
      await taken.kept.catch((err: unknown) => (lost = err));
    } finally {
      off();
    }
    // Not kept (the platform passes it on again), and no reply of it anywhere.
    expect(lost).toBeInstanceOf(Error);
    expect(await findByMsgId(server.deps.db, id, ev.msgId)).toBeNull();
    expect(await jobsFor(p)).toHaveLength(0);
    await server.scheduler.drain();
    expect(await replies(p)).toHaveLength(0);
    // Passed on again, twice in one batch and once more after: stored once, one reply job.
    await store([ev, account], [ev, account]);
    await store([ev, account]);
    const jobs = await jobsFor(p);
    expect(jobs.map((j) => [j.key, j.payload.msgId])).toEqual([
      [aiReplyKey(id, ev.msgId), ev.msgId],
    ]);
    await server.scheduler.drain();
    await waitReceived(server, demo, acc.wxid, p, 1);
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    expect(await jobsFor(p)).toHaveLength(1);
  });

  it('stores a message whose decision fails, and answers it once through the catch-up', async () => {
    const robot = server.deps.aiRobot;
    const id = await idOf(acc.wxid);
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const p = await friend();
    const ev = received(acc.wxid, p, `${p}-1`, '你好，有新款吗');
    // A statement of the decision fails (which spoils the transaction it runs in).
    robot.forget();
    let failed = 0;
    const spy = vi
      .spyOn(server.deps.ai, 'available')
      .mockImplementationOnce(async (_tenantId, db) => {
        failed += 1;
        await db!.execute(sql`select 1 / 0`);
        return true;
      });
    try {
      await store([ev, account]);
    } finally {
      spy.mockRestore();
    }
    expect(failed).toBe(1);
    const stored = await findByMsgId(server.deps.db, id, ev.msgId);
    expect(stored).toMatchObject({ content: '你好，有新款吗', sendSide: 2 });
    expect(await jobsFor(p)).toHaveLength(0);
    // The catch-up decides on it again, once.
    const at = stored!.msgTime + CATCH_UP_AFTER_MS + 1000;
    expect(await robot.catchUp(at)).toBe(1);
    expect(await robot.catchUp(at)).toBe(0);
    await server.scheduler.drain();
    await waitReceived(server, demo, acc.wxid, p, 1);
    await settle(server);
    expect(await replies(p)).toHaveLength(1);
    expect((await jobsFor(p)).map((j) => j.key)).toEqual([aiReplyKey(id, ev.msgId)]);
  });

  it('answers no platform notice, alone or beside the contact’s words, nor its catch-up', async () => {
    const robot = server.deps.aiRobot;
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const [p, q] = [await friend(), await friend()];
    const notice = (peer: string, msgId: string) => ({
      ...received(acc.wxid, peer, msgId, '你已添加了小美，现在可以开始聊天了。'),
      msgType: 99 as const,
    });
    const before = decisions();
    // A notice alone in its batch, and one after the contact's words in the same batch.
    await store([notice(p, `${p}-n`), account]);
    await store([received(acc.wxid, q, `${q}-1`, '你好'), account], [notice(q, `${q}-n`), account]);
    expect(decisions()).toBe(before + 1);
    expect(await jobsFor(p)).toHaveLength(0);
    expect((await jobsFor(q)).map((j) => j.payload.msgId)).toEqual([`${q}-1`]);
    await robot.catchUp(server.deps.now() + CATCH_UP_AFTER_MS + 1000);
    expect(await jobsFor(p)).toHaveLength(0);
    await server.deps.db
      .update(robotJobs)
      .set({ state: 'skipped', result: 'test' })
      .where(and(eq(robotJobs.kind, 'ai'), eq(robotJobs.state, 'queued')));
  });

  it('leaves alone in its catch-up what the robot means not to answer', async () => {
    const robot = server.deps.aiRobot;
    // Another work account of the tenant writing: never answered, however often looked at.
    await saveRobot({}, [acc.wxid, acc2.wxid]);
    try {
      await say(server, demo, acc.wxid, acc2.wxid, '同事，在吗');
      await settle(server);
      await robot.catchUp(server.deps.now() + CATCH_UP_AFTER_MS + 1000);
      await settle(server);
      expect(await aiJobs(acc.wxid, acc2.wxid)).toHaveLength(0);
      expect(await replies(acc2.wxid)).toHaveLength(0);
      // A chat handed over by its keyword: silent after, the catch-up included.
      const p = person();
      await say(server, demo, acc.wxid, p, '转人工');
      await settle(server);
      expect(await chatState(p)).toMatchObject({ handoffReason: 'keyword' });
      await robot.catchUp(server.deps.now() + CATCH_UP_AFTER_MS + 1000);
      await settle(server);
      expect(await jobsFor(p)).toHaveLength(0);
      expect(await replies(p)).toHaveLength(0);
    } finally {
      await saveRobot({ enabled: false }, [acc2.wxid]);
    }
  });

  it('keeps each tenant’s replies its own when one statement queues both', async () => {
    const other = await otherTenant(server);
    const otherAcc = await addAccount(server, other, { nickname: '别家小美' });
    const on = await apiAs(server, other).post('/task-api/ai-reply/save', {
      workWxids: [otherAcc.wxid],
      enabled: true,
      instructions: '你是别家的客服。',
      handoffKeywords: ['人工'],
      maxRepliesPerConversation: 5,
      replyDelaySec: 3600,
    });
    expect(on.status, on.message).toBe(200);
    await saveRobot({ replyDelaySec: 3600 });
    const robot = server.deps.aiRobot;
    // One person writes to both tenants' accounts; both replies wait and are queued together.
    const p = person();
    const mine = (await server.accounts.accountOf(acc.wxid))!;
    const theirs = (await server.accounts.accountOf(otherAcc.wxid))!;
    try {
      await store(
        [received(acc.wxid, p, `${p}-a`, '你好'), mine],
        [received(otherAcc.wxid, p, `${p}-b`, '你好'), theirs],
      );
      const a = await aiJobs(acc.wxid, p);
      const b = await aiJobs(otherAcc.wxid, p);
      expect(a.map((j) => [j.tenantId, j.payload.msgId])).toEqual([[mine.tenantId, `${p}-a`]]);
      expect(b.map((j) => [j.tenantId, j.payload.msgId])).toEqual([[theirs.tenantId, `${p}-b`]]);
      expect(mine.tenantId).not.toBe(theirs.tenantId);
      // The other tenant's robot turned off: the catch-up queues nothing for its chats.
      const off = await apiAs(server, other).post('/task-api/ai-reply/save', {
        workWxids: [otherAcc.wxid],
        enabled: false,
        handoffKeywords: ['人工'],
        maxRepliesPerConversation: 5,
      });
      expect(off.status, off.message).toBe(200);
      const r = person();
      await say(server, other, otherAcc.wxid, r, '你好');
      await settle(server);
      await robot.catchUp(server.deps.now() + CATCH_UP_AFTER_MS + 1000);
      expect(await aiJobs(otherAcc.wxid, r)).toHaveLength(0);
    } finally {
      await server.deps.db
        .update(robotJobs)
        .set({ state: 'skipped', result: 'test' })
        .where(and(eq(robotJobs.kind, 'ai'), eq(robotJobs.state, 'queued')));
      await saveRobot();
    }
  });
});
