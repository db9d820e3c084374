import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupItem, GroupPush, ListResult } from '@cst/shared';
import { simGroupMembers, simGroups } from '../../db/schema/index.ts';
import type { GatewayEvents } from '../../gateway/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, signInAs } from '../../../test/factories.ts';
import type { AccountRef } from '../accounts/index.ts';
import { apiAs, gatewayIdle, type ListedAccount } from '../accounts/account.test-support.ts';
import { stored } from '../robots/robots.test-support.ts';

// The console's `group` push follows the stored changes of groups, as the webhook event
// `group.updated` does: a platform report that changes nothing pushes nothing, a report that
// changes a group pushes one `group` (however many members it brings), a change told three ways
// (a console command, the platform's notice and its group change) is one push, and the login's
// full read pushes — and records — exactly the groups that changed while the account was away.
// An account's first read records and pushes none.

const ctx = useTestServer({ allowPrivateNetwork: true });
let demo: Session;
let acc: ListedAccount;
let ref: AccountRef;
let owned: GroupItem;
let ws: TestSocket;
let marks = 0;

const api = () => apiAs(ctx, demo);
const runtime = () => ctx.deps.runtime;

/** Hands a platform report to the server as its gateway would; resolves once it is handled. */
async function report<K extends 'groupNotice' | 'groupChanged'>(name: K, ev: GatewayEvents[K]) {
  await runtime()['dispatch'](name, ev);
}

/**
 * The frames the socket received from `from` on, up to a mark published now: the hub sends a
 * user's frames in order, so every push published before the mark has arrived with it.
 */
async function framesSince(from: number) {
  const n = ++marks;
  await ctx.deps.realtime.publish(ref.tenantId, {
    event: 'testMark',
    data: { n },
    userIds: [demo.uid],
  });
  const at = await ws.waitFor(
    (f) => f.event === 'testMark' && (f.data as { n: number }).n === n,
    8000,
    from,
  );
  return ws.frames.slice(from, ws.frames.indexOf(at));
}

const groupPushes = (frames: { event: string; data?: unknown }[]) =>
  frames.filter((f) => f.event === 'group').map((f) => f.data as GroupPush);

/** The recorded `group.updated` events of the account, oldest first. */
async function events(): Promise<GroupPush[]> {
  const rows = rowsOf<{ data: GroupPush }>(
    await ctx.deps.db.execute(
      sql`select data from open_events
          where event = 'group.updated' and work_account_id = ${ref.id} order by id`,
    ),
  );
  return rows.map((r) => r.data);
}

const memberJoined = (wxids: string[], tag: string): GatewayEvents['groupNotice'] => ({
  workWxid: acc.wxid,
  groupId: owned.groupId,
  noticeId: `${owned.groupId}:test:${tag}`,
  kind: 'memberJoined',
  text: '',
  wxids,
  at: Date.now(),
});

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  const quiet = await api().post('/sim-api/config', { trafficPerMinute: 0 });
  expect(quiet.status, quiet.message).toBe(200);
  // Subscribed before the account's first login, so that login's read could record events.
  const hook = await api().post<{ id: string }>('/main-api/open/webhooks/create', {
    url: 'http://127.0.0.1:9/hook',
    events: ['group.updated'],
  });
  expect(hook.status, hook.message).toBe(200);
  acc = await buildAccount(ctx, demo, { nickname: '群推送号' });
  ref = (await runtime().accountOf(acc.wxid))!;
  const groups = await api().get<ListResult<GroupItem>>(
    `/api/v1/group/list?pageSize=100&workWxid=${acc.wxid}`,
  );
  expect(groups.data.total).toBeGreaterThan(2);
  owned = groups.data.list.find((g) => g.myRole === 'owner')!;
  expect(owned).toBeTruthy();
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ws = await openTestSocket(base, { account: 'demo', token: demo.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
  return () => ws.close();
});

describe('the `group` push follows the stored changes', () => {
  it("an account's first read records and pushes no group, however many it has", async () => {
    expect(await events()).toEqual([]);
  });

  it('a report that changes nothing pushes no `group`, nor the group chat', async () => {
    // The account has a chat with the group (a member wrote there).
    const members = await runtime().gateway.listGroupMembers(acc.wxid, owned.groupId);
    const said = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: owned.groupId,
      memberWxid: members[1]!.wxid,
      talkType: 2,
      msgType: 1,
      content: '群里说一句',
    });
    expect(said.status, said.message).toBe(200);
    await runtime().gateway.simulator!.idle();
    await stored(ctx);
    const from = ws.frames.length;
    await report('groupNotice', memberJoined([members[1]!.wxid], 'known'));
    const [platform] = (await runtime().gateway.listGroups(acc.wxid)).filter(
      (g) => g.groupId === owned.groupId,
    );
    await report('groupChanged', { workWxid: acc.wxid, kind: 'updated', group: platform! });
    const frames = await framesSince(from);
    // The notice is news of its own; the group did not change, nor did its chat.
    expect(frames.filter((f) => f.event === 'GroupSystemNotice')).toHaveLength(1);
    expect(groupPushes(frames)).toEqual([]);
    expect(frames.filter((f) => f.event === 'convUpdate')).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it('a report of 200 members joining is one `group`, and telling it again is none', async () => {
    const joiners = Array.from({ length: 200 }, (_, i) => `wxid_push_joiner_${i}`);
    await ctx.deps.db.insert(simGroupMembers).values(
      joiners.map((wxid, i) => ({
        accountWxid: acc.wxid,
        groupId: owned.groupId,
        wxid,
        joinedAt: Date.now() + i,
      })),
    );
    let from = ws.frames.length;
    await report('groupNotice', memberJoined(joiners, 'many'));
    let frames = await framesSince(from);
    const one = { workWxid: acc.wxid, groupId: owned.groupId, change: 'updated' };
    expect(groupPushes(frames)).toEqual([one]);
    expect(await events()).toEqual([one]);
    const listed = await api().get<ListResult<GroupItem>>(
      `/api/v1/group/list?pageSize=100&workWxid=${acc.wxid}`,
    );
    const held = await runtime().gateway.listGroupMembers(acc.wxid, owned.groupId);
    expect(listed.data.list.find((g) => g.groupId === owned.groupId)?.memberCount).toBe(
      held.length,
    );
    // The group chat (opened in the test before) is told its new size once.
    const chat = (fs: typeof frames) =>
      fs
        .filter((f) => f.event === 'convUpdate')
        .map((f) => (f.data as { memberCount?: number }).memberCount);
    expect(chat(frames)).toEqual([held.length]);

    from = ws.frames.length;
    await report('groupNotice', memberJoined(joiners, 'many-again'));
    frames = await framesSince(from);
    expect(groupPushes(frames)).toEqual([]);
    expect(chat(frames)).toEqual([]);
    expect(await events()).toEqual([one]);
  });

  it('a console rename, told by the command, a notice and a group change, is one `group`', async () => {
    const before = (await events()).length;
    const from = ws.frames.length;
    const r = await api().post('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      name: '推送一次',
    });
    expect(r.status, r.message).toBe(200);
    await gatewayIdle(ctx);
    const frames = await framesSince(from);
    const one = { workWxid: acc.wxid, groupId: owned.groupId, change: 'updated' };
    expect(groupPushes(frames)).toEqual([one]);
    expect((await events()).slice(before)).toEqual([one]);
  });
});

describe("the login's full read", () => {
  it('records and pushes nothing when nothing changed while the account was away', async () => {
    const before = (await events()).length;
    const from = ws.frames.length;
    await runtime().syncAfterLogin(ref);
    const frames = await framesSince(from);
    expect(frames.some((f) => f.event === 'flushContactor')).toBe(true);
    expect(groupPushes(frames)).toEqual([]);
    expect((await events()).length).toBe(before);
  });

  it('records and pushes each group created, changed and lost while away, once', async () => {
    const before = (await events()).length;
    const groups = (await runtime().gateway.listGroups(acc.wxid)).filter(
      (g) => g.groupId !== owned.groupId,
    );
    const [renamed, lost] = groups;
    const db = ctx.deps.db;
    const inAccount = (groupId: string) =>
      and(eq(simGroups.accountWxid, acc.wxid), eq(simGroups.groupId, groupId));
    await db.update(simGroups).set({ name: '离线时改的名' }).where(inAccount(renamed!.groupId));
    await db.update(simGroups).set({ active: false }).where(inAccount(lost!.groupId));
    const joined = '99999999901@chatroom';
    await db.insert(simGroups).values({
      accountWxid: acc.wxid,
      groupId: joined,
      name: '离线时进的群',
      avatar: '',
      ownerWxid: 'wxid_push_stranger',
      createdAt: Date.now(),
    });
    await db.insert(simGroupMembers).values(
      [acc.wxid, 'wxid_push_stranger'].map((wxid) => ({
        accountWxid: acc.wxid,
        groupId: joined,
        wxid,
        joinedAt: Date.now(),
      })),
    );

    const from = ws.frames.length;
    await runtime().syncAfterLogin(ref);
    const frames = await framesSince(from);
    const expected: GroupPush[] = [
      { workWxid: acc.wxid, groupId: renamed!.groupId, change: 'updated' },
      { workWxid: acc.wxid, groupId: joined, change: 'created' },
      { workWxid: acc.wxid, groupId: lost!.groupId, change: 'removed' },
    ];
    const byGroup = (a: GroupPush, b: GroupPush) => a.groupId.localeCompare(b.groupId);
    expect(groupPushes(frames).sort(byGroup)).toEqual([...expected].sort(byGroup));
    expect((await events()).slice(before).sort(byGroup)).toEqual([...expected].sort(byGroup));
    const listed = await api().get<ListResult<GroupItem>>(
      `/api/v1/group/list?pageSize=100&workWxid=${acc.wxid}`,
    );
    const ids = listed.data.list.map((g) => g.groupId);
    expect(ids).toContain(joined);
    expect(ids).not.toContain(lost!.groupId);
  });
});
