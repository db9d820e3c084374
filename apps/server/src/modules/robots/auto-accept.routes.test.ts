import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AutoAgreeItem,
  AutoAgreeListResult,
  AutoAgreeReplyItem,
  FriendItem,
  FriendRequestItem,
} from '@cst/shared';
import { simFriendRequests, simPeople } from '../../db/schema/index.ts';
import { personForWxid } from '../../gateway/simulator/world.ts';
import { upsertReceived } from '../friend-requests/friend-request.repository.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { jobsOfAccount } from './robot-job.repository.ts';
import { RobotJob } from './robot.job.ts';
import { otherTenant, receivedBy, settle, waitReceived } from './robots.test-support.ts';

// Issue 15 §1–2: auto-accept settings and the greeting on accepting, run by the scheduler.

let demo: Session;
let seat1: Session;
let other: Session;
let acc: ListedAccount;
let capped: ListedAccount;
let manual: ListedAccount;
let tagId: string;
let otherTag: string;
const clock = { offset: 0 };

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);
const settings = {
  enabled: true,
  keywords: [],
  delayMinSec: 0,
  delayMaxSec: 0,
  dailyCap: 100,
  tagIds: [],
};

async function addTag(s: Session, name: string) {
  const g = await api(s).post<{ id: string }>('/main-api/tags/group/add', { name: `${name}组` });
  const t = await api(s).post<{ id: string }>('/main-api/tags/add', { groupId: g.data.id, name });
  expect(t.status, t.message).toBe(200);
  return t.data.id;
}

/** A person asks the account to be friends; their wxid. */
async function ask(a: ListedAccount, verifyContent: string) {
  const r = await api().post<{ fromWxid: string }>('/sim-api/friend-request', {
    workWxid: a.wxid,
    verifyContent,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.fromWxid;
}

async function requestOf(a: ListedAccount, wxid: string) {
  const r = await api().post<{ list: FriendRequestItem[] }>('/main-api/acc/friend-request/list', {
    workWxid: a.wxid,
    direction: 'in',
    pageSize: 100,
  });
  return r.data.list.find((x) => x.wxid === wxid);
}

async function friendOf(a: ListedAccount, wxid: string) {
  const r = await api().post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
    workWxid: a.wxid,
    pageSize: 500,
  });
  return r.data.list.find((x) => x.friendWxid === wxid);
}

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20, reconnectDelayMs: 1000 } },
  scheduler: { pollMs: 100 },
  now: () => Date.now() + clock.offset,
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  seat1 = await signIn(server, 'demo-seat1');
  other = await otherTenant(server);
  acc = await addAccount(server, demo, { nickname: '自动通过号' });
  capped = await addAccount(server, demo, { nickname: '限额号' });
  manual = await addAccount(server, demo, { nickname: '手动号' });
  tagId = await addTag(demo, '自动通过');
  otherTag = await addTag(other, '别家标签');
  await api().post('/sim-api/config', { trafficPerMinute: 0 });
});

describe('settings routes', () => {
  it('an office seat gets 403; another tenant cannot read or change an account of demo', async () => {
    for (const path of ['get', 'update', 'reply/get', 'reply/save', 'list']) {
      expect((await api(seat1).post(`/api/autoAgree/${path}`, {})).status, path).toBe(403);
    }
    expect((await api(other).post('/api/autoAgree/get', { workWxid: acc.wxid })).status).toBe(404);
    const up = await api(other).post('/api/autoAgree/update', { ...settings, workWxid: acc.wxid });
    expect(up.status).toBe(404);
  });

  it('validates delays, cap, tags and greeting messages (400)', async () => {
    const range = await api().post('/api/autoAgree/update', {
      ...settings,
      delayMinSec: 60,
      delayMaxSec: 10,
    });
    expect(range.status).toBe(400);
    expect(range.message).toBe('最长延迟不能小于最短延迟');
    expect((await api().post('/api/autoAgree/update', { ...settings, dailyCap: 0 })).status).toBe(
      400,
    );
    const foreignTag = await api().post('/api/autoAgree/update', {
      ...settings,
      tagIds: [otherTag],
    });
    expect(foreignTag.status).toBe(400);
    expect(foreignTag.message).toBe('标签不存在');
    const none = await api().post('/api/autoAgree/reply/save', { messages: [], intervalSec: 1 });
    expect(none.status).toBe(400);
    expect(none.message).toBe('文字和图片不能同时为空');
    const six = await api().post('/api/autoAgree/reply/save', {
      messages: Array.from({ length: 6 }, () => ({ kind: 'text', content: 'x' })),
      intervalSec: 1,
    });
    expect(six.status).toBe(400);
  });

  it('an account inherits the default until it has its own settings', async () => {
    const before = await api().post<AutoAgreeItem>('/api/autoAgree/get', {});
    expect(before.data).toMatchObject({ workWxid: null, enabled: false, inherited: false });
    const saved = await api().post<AutoAgreeItem>('/api/autoAgree/update', {
      ...settings,
      enabled: false,
      dailyCap: 50,
    });
    expect(saved.data.dailyCap).toBe(50);
    const inherited = await api().post<AutoAgreeItem>('/api/autoAgree/get', {
      workWxid: capped.wxid,
    });
    expect(inherited.data).toMatchObject({ workWxid: capped.wxid, dailyCap: 50, inherited: true });
    const own = await api().post<AutoAgreeItem>('/api/autoAgree/update', {
      ...settings,
      workWxid: capped.wxid,
      dailyCap: 1,
    });
    expect(own.data).toMatchObject({ dailyCap: 1, inherited: false });
    const list = await api().post<AutoAgreeListResult>('/api/autoAgree/list', {});
    expect(list.data.accept.map((a) => a.workWxid)).toContain(capped.wxid);
    const reply = await api().post<AutoAgreeReplyItem>('/api/autoAgree/reply/get', {
      workWxid: capped.wxid,
    });
    expect(reply.data).toMatchObject({ messages: [], inherited: true });
  });
});

describe('the robot at work', () => {
  it('accepts a request, marks the friend auto-accept, tags them and greets in order', async () => {
    const up = await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: acc.wxid,
      tagIds: [tagId],
    });
    expect(up.status, up.message).toBe(200);
    const g = await api().post('/api/autoAgree/reply/save', {
      workWxid: acc.wxid,
      messages: [
        { kind: 'text', content: '你好，很高兴认识你' },
        { kind: 'link', title: '新人礼包', url: 'https://example.com/gift', description: '' },
      ],
      intervalSec: 1,
    });
    expect(g.status, g.message).toBe(200);
    const who = await ask(acc, '我想了解产品');
    const got = await waitReceived(server, demo, acc.wxid, who, 2);
    expect(got[0]!.content).toBe('你好，很高兴认识你');
    expect(JSON.parse(got[1]!.content)).toMatchObject({ title: '新人礼包' });
    expect((await requestOf(acc, who))?.status).toBe(3);
    const friend = await eventually(async () => {
      const f = await friendOf(acc, who);
      return f?.source === 'autoAccept' && f.tags.length > 0 ? f : undefined;
    });
    expect(friend.tags.map((t) => t.id)).toEqual([tagId]);
    await settle(server);
    expect(await receivedBy(server, demo, acc.wxid, who)).toHaveLength(2);
    const account = (await server.accounts.accountOf(acc.wxid))!;
    const reqId = (await requestOf(acc, who))!.id;
    const mine = (await jobsOfAccount(server.deps.db, account.id)).filter((j) =>
      j.key.includes(reqId),
    );
    expect(mine.map((j) => [j.kind, j.state])).toEqual([
      ['accept', 'done'],
      ['greet', 'done'],
      ['greet', 'done'],
    ]);
    // The second greeting was due one interval after the first.
    expect(mine[2]!.dueAt - mine[1]!.dueAt).toBe(1000);
  });

  it('with words set, only requests whose greeting contains one are accepted', async () => {
    await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: acc.wxid,
      keywords: ['ＶＩＰ', '合作'],
    });
    const yes = await ask(acc, '我是vip客户');
    const no = await ask(acc, '随便看看');
    await eventually(async () => (await requestOf(acc, yes))?.status === 3);
    await settle(server);
    expect((await requestOf(acc, no))?.status).toBe(1);
  });

  it('waits its delay, and keeps to the daily cap until the next day', async () => {
    await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: capped.wxid,
      delayMinSec: 600,
      delayMaxSec: 600,
      dailyCap: 1,
    });
    const a = await ask(capped, '你好');
    const b = await ask(capped, '你好');
    await settle(server);
    expect((await requestOf(capped, a))?.status).toBe(1);
    clock.offset += 601_000;
    await settle(server);
    const statuses = [(await requestOf(capped, a))?.status, (await requestOf(capped, b))?.status];
    expect(statuses.sort()).toEqual([1, 3]);
    const today = await api().post<AutoAgreeItem>('/api/autoAgree/get', { workWxid: capped.wxid });
    expect(today.data.acceptedToday).toBe(1);
    clock.offset += 86_400_000;
    await settle(server);
    expect((await requestOf(capped, a))?.status).toBe(3);
    expect((await requestOf(capped, b))?.status).toBe(3);
  });

  it('a request accepted by hand gets the greeting too, once', async () => {
    await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: manual.wxid,
      enabled: false,
    });
    await api().post('/api/autoAgree/reply/save', {
      workWxid: manual.wxid,
      messages: [{ kind: 'text', content: '手动通过后的问候' }],
      intervalSec: 0,
    });
    const who = await ask(manual, '加个好友');
    const req = await eventually(async () => requestOf(manual, who));
    const ok = await api().post('/main-api/acc/accept-friend/accept', { id: req.id });
    expect(ok.status, ok.message).toBe(200);
    // Accepted on the console: the friend's source is manual, whichever of the accept and the
    // platform's new-friend event was stored first.
    expect((await friendOf(manual, who))?.source).toBe('manual');
    const got = await waitReceived(server, demo, manual.wxid, who, 1);
    expect(got[0]!.content).toBe('手动通过后的问候');
    await settle(server);
    expect(await receivedBy(server, demo, manual.wxid, who)).toHaveLength(1);
  });
});

describe('requests that come by the sync, not by a live event', () => {
  /** The account's accept jobs (with their due time), oldest first. */
  async function acceptJobs(a: ListedAccount) {
    const account = (await server.accounts.accountOf(a.wxid))!;
    return (await jobsOfAccount(server.deps.db, account.id)).filter((j) => j.kind === 'accept');
  }

  /** A person asks on the platform without any event reaching the console; their wxid. */
  async function askSilently(a: ListedAccount, verifyContent: string) {
    const person = personForWxid('robots-test', `wxid_quiet${randomUUID().slice(0, 8)}`);
    await server.deps.db
      .insert(simPeople)
      .values({ ...person, accountWxid: a.wxid, isFriend: false, addedAt: Date.now() });
    await server.deps.db.insert(simFriendRequests).values({
      accountWxid: a.wxid,
      requestId: `fr_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
      fromWxid: person.wxid,
      verifyContent,
      source: 'search',
      status: 'pending',
      createdAt: Date.now(),
    });
    return person.wxid;
  }

  /** The connection drops; while it is down `meanwhile` runs; then it is back online. */
  async function dropAndReturn(a: ListedAccount, meanwhile: () => Promise<void> = async () => {}) {
    const drop = await api().post('/sim-api/fault', { workWxid: a.wxid, kind: 'drop' });
    expect(drop.status, drop.message).toBe(200);
    await waitStatus(server, demo, a.wxid, 'offline');
    await meanwhile();
    await waitStatus(server, demo, a.wxid, 'online');
    await settle(server);
  }

  it('accepts a request that came while the account was offline, its delay counted from the sync', async () => {
    const away = await addAccount(server, demo, { nickname: '掉线号' });
    await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: away.wxid,
      delayMinSec: 300,
      delayMaxSec: 300,
    });
    await api().post('/api/autoAgree/reply/save', {
      workWxid: away.wxid,
      messages: [{ kind: 'text', content: '离线期间的申请也通过了' }],
      intervalSec: 0,
    });
    let who = '';
    let seenAt = 0;
    await dropAndReturn(away, async () => {
      who = await askSilently(away, '你不在线时我加你');
      seenAt = server.deps.now();
    });
    // Pulled on reconnect and decided once: waiting its delay from the moment the console saw it.
    expect((await requestOf(away, who))?.status).toBe(1);
    const [job, ...more] = await acceptJobs(away);
    expect(more).toHaveLength(0);
    expect(job!.state).toBe('queued');
    expect(job!.dueAt - seenAt).toBeGreaterThanOrEqual(300_000);
    expect(job!.dueAt - server.deps.now()).toBeLessThanOrEqual(300_000);
    clock.offset += 301_000;
    await eventually(async () => (await requestOf(away, who))?.status === 3);
    const got = await waitReceived(server, demo, away.wxid, who, 1);
    expect(got[0]!.content).toBe('离线期间的申请也通过了');
    expect((await friendOf(away, who))?.source).toBe('autoAccept');
    await settle(server);
    expect(await receivedBy(server, demo, away.wxid, who)).toHaveLength(1);
  });

  it('a request the live event and the sync both saw is decided and accepted once', async () => {
    const both = await addAccount(server, demo, { nickname: '双路号' });
    await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: both.wxid,
      delayMinSec: 0,
      delayMaxSec: 600,
    });
    await api().post('/api/autoAgree/reply/save', {
      workWxid: both.wxid,
      messages: [{ kind: 'text', content: '只问候一次' }],
      intervalSec: 0,
    });
    const who = await ask(both, '请通过');
    await eventually(async () => ((await acceptJobs(both)).length > 0 ? true : undefined));
    const [first] = await acceptJobs(both);
    // The sync on reconnect lists the same pending request: no second decision, the same delay.
    await dropAndReturn(both);
    const after = await acceptJobs(both);
    expect(after.map((j) => [j.key, j.dueAt])).toEqual([[first!.key, first!.dueAt]]);
    clock.offset += 601_000;
    await eventually(async () => (await requestOf(both, who))?.status === 3);
    await waitReceived(server, demo, both.wxid, who, 1);
    await settle(server);
    expect(await receivedBy(server, demo, both.wxid, who)).toHaveLength(1);
    expect((await acceptJobs(both)).map((j) => j.state)).toEqual(['done']);
  });

  it('a request decided while the robot was off stays for a seat after the robot is on', async () => {
    const late = await addAccount(server, demo, { nickname: '后开号' });
    await api().post('/api/autoAgree/update', { ...settings, workWxid: late.wxid, enabled: false });
    const who = await ask(late, '早到的申请');
    await eventually(async () => requestOf(late, who));
    await settle(server);
    await api().post('/api/autoAgree/update', { ...settings, workWxid: late.wxid });
    await dropAndReturn(late);
    expect((await requestOf(late, who))?.status).toBe(1);
    expect(await acceptJobs(late)).toHaveLength(0);
  });

  it('racing deciders and the upkeep give one accept; the upkeep decides what no handler did', async () => {
    const race = await addAccount(server, demo, { nickname: '并发号' });
    await api().post('/api/autoAgree/update', {
      ...settings,
      workWxid: race.wxid,
      delayMinSec: 600,
      delayMaxSec: 600,
    });
    const account = (await server.accounts.accountOf(race.wxid))!;
    // Stored as the friend-requests module stores a request, but no handler has decided it yet
    // (the instance died between the two).
    const stored = (wxid: string) =>
      upsertReceived(server.deps.db, {
        tenantId: account.tenantId,
        workAccountId: account.id,
        platformRequestId: `fr_${randomUUID()}`,
        wxid,
        nickname: '并发',
        avatar: '',
        verifyContent: '你好',
        source: 'search',
        status: 1,
        reasonKey: null,
        createdAt: new Date(server.deps.now()),
      });
    const a = await stored('wxid_race_a');
    const { autoAccept } = server.deps.robots;
    await Promise.all([
      autoAccept.decidePending(account),
      autoAccept.decidePending(account),
      autoAccept.decidePending(null),
    ]);
    const b = await stored('wxid_race_b');
    await new RobotJob(server.deps).maintain();
    const keys = (await acceptJobs(race)).map((j) => j.key).sort();
    expect(keys).toEqual([`accept:${a}`, `accept:${b}`].sort());
  });
});
