import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_TYPE,
  type GroupDetail,
  type GroupItem,
  type GroupMemberItem,
  type GroupNoticeItem,
  type ListResult,
} from '@cst/shared';
import type { ContactDto } from '../../gateway/index.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import {
  apiAs,
  eventually,
  gatewayIdle,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let sup: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
let friends: ContactDto[];
let owned: GroupItem;
let plain: GroupItem;

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const list = (s: Session, query = '') =>
  api(s).get<ListResult<GroupItem>>(`/api/v1/group/list?pageSize=100${query}`);
const detail = (s: Session, groupId: string, workWxid = acc.wxid) =>
  api(s).post<GroupDetail>('/chatroom/getChatRoom', { workWxid, groupId });
const notices = (s: Session, groupId: string, query = '') =>
  api(s).get<ListResult<GroupNoticeItem>>(
    `/api/v1/group/notices?workWxid=${acc.wxid}&groupId=${encodeURIComponent(groupId)}${query}`,
  );
const nonMembers = (d: GroupDetail) =>
  friends.filter((f) => !d.members.some((m) => m.wxid === f.wxid));

beforeAll(async () => {
  ({ demo, sup, seat1, seat2 } = await signInAs(ctx, 'demo', 'sup', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  readOnly = await buildSeatWithRole(ctx, demo, {
    roleName: '只看群聊',
    permissions: ['conversation.read'],
  });
  acc = await buildAccount(ctx, demo, { nickname: '群聊测试号', distributeTo: seat1 });
  // A second account for a seat whose role only reads.
  acc2 = await buildAccount(ctx, demo, { nickname: '只读号', distributeTo: readOnly });
  friends = await ctx.deps.runtime.gateway.listContacts(acc.wxid);
  const groups = (await list(demo, `&workWxid=${acc.wxid}`)).data.list;
  owned = groups.find((g) => g.myRole === 'owner')!;
  plain = groups.find((g) => g.myRole === 'member')!;
  expect(owned && plain).toBeTruthy();
});

describe('group list', () => {
  it('lists the groups of the visible accounts with owner, role, notice and account', async () => {
    const r = await list(demo, `&workWxid=${acc.wxid}`);
    expect(r.status).toBe(200);
    const held = await ctx.deps.runtime.gateway.listGroups(acc.wxid);
    expect(r.data.total).toBe(held.length);
    const g = r.data.list.find((x) => x.groupId === plain.groupId)!;
    const platform = held.find((x) => x.groupId === plain.groupId)!;
    expect(g).toMatchObject({
      workWxid: acc.wxid,
      accountName: '群聊测试号',
      name: platform.name,
      memberCount: platform.memberCount,
      ownerWxid: platform.ownerWxid,
      notice: platform.notice,
      myRole: 'member',
    });
    expect(g.ownerName).not.toBe('');
    expect(owned.ownerWxid).toBe(acc.wxid);
  });

  it('shows a seat the groups of its accounts only; another tenant never', async () => {
    const ofAcc = (await list(demo, `&workWxid=${acc.wxid}`)).data.total;
    const all = (await list(demo)).data.total;
    expect(all).toBeGreaterThan(ofAcc);
    const seen = await list(seat1);
    expect(seen.data.total).toBe(ofAcc);
    expect(seen.data.list.every((g) => g.workWxid === acc.wxid)).toBe(true);
    // The supervisor sees what its seats see.
    expect((await list(sup)).data.total).toBe(ofAcc);
    expect((await list(seat2)).data.total).toBe(0);
    expect((await list(other)).data.total).toBe(0);
    for (const s of [seat2, other]) {
      const r = await list(s, `&workWxid=${acc.wxid}`);
      expect(r.status).toBe(404);
      expect((await detail(s, plain.groupId)).status).toBe(404);
      expect((await notices(s, plain.groupId)).status).toBe(404);
    }
  });

  it('filters by keyword and by my role, and pages', async () => {
    const byName = await list(demo, `&keyword=${encodeURIComponent(plain.name)}`);
    expect(byName.data.list.map((g) => g.groupId)).toContain(plain.groupId);
    expect(byName.data.list.every((g) => g.name.includes(plain.name))).toBe(true);
    const mine = await list(demo, '&myRole=owner');
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(mine.data.list.every((g) => g.myRole === 'owner')).toBe(true);
    const page = await api().get<ListResult<GroupItem>>('/api/v1/group/list?page=2&pageSize=1');
    expect(page.data.list).toHaveLength(1);
    expect(page.data.total).toBeGreaterThan(1);
    expect((await list(demo, '&keyword=%25')).data.total).toBe(0);
  });

  it('rejects bad input with 400', async () => {
    expect((await list(demo, '&myRole=king')).status).toBe(400);
    expect((await api().get('/api/v1/group/list?pageSize=100000')).status).toBe(400);
    expect((await api().post('/chatroom/getChatRoom', { workWxid: acc.wxid })).status).toBe(400);
    expect((await detail(demo, 'not-a-group')).status).toBe(400);
    expect((await notices(demo, plain.groupId, '&kind=gossip')).status).toBe(400);
    // Hostile strings never break the server.
    for (const bad of ['a\u0000b', '\ud800', '%_\\']) {
      const r = await list(
        demo,
        `&keyword=${bad === '\ud800' ? '%ED%A0%80' : encodeURIComponent(bad)}`,
      );
      expect(r.status, JSON.stringify(bad)).toBeLessThan(500);
      const e = await api().post('/api/v1/group/edit', {
        workWxid: acc.wxid,
        groupId: `${bad}@chatroom`,
        name: bad,
      });
      expect(e.status, JSON.stringify(bad)).toBeLessThan(500);
      const m = await api().post('/main-api/acc/chat-room/members', {
        workWxid: acc.wxid,
        groupId: plain.groupId,
        keyword: bad,
      });
      expect(m.status, JSON.stringify(bad)).toBeLessThan(500);
    }
  });
});

describe('a group panel', () => {
  it('shows members with role and mute state, fresh from the platform', async () => {
    const r = await detail(seat1, plain.groupId);
    expect(r.status).toBe(200);
    const platform = await ctx.deps.runtime.gateway.listGroupMembers(acc.wxid, plain.groupId);
    expect(r.data.members).toHaveLength(platform.length);
    expect(r.data.members[0]!.role).toBe('owner');
    expect(r.data.members.find((m) => m.wxid === acc.wxid)!.role).toBe('member');
    const members = await api(seat1).post<ListResult<GroupMemberItem>>(
      '/main-api/acc/chat-room/members',
      { workWxid: acc.wxid, groupId: plain.groupId, keyword: r.data.members[1]!.nickname },
    );
    expect(members.data.list.map((m) => m.wxid)).toContain(r.data.members[1]!.wxid);
    expect(members.data.total).toBeLessThan(r.data.members.length);
  });

  it('answers 404 for a group the account is not in', async () => {
    const r = await detail(demo, '1234567@chatroom');
    expect(r.status).toBe(404);
    expect(r.message).toBe('群聊不存在');
    const e = await api().post('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: '1234567@chatroom',
      name: 'x',
    });
    expect(e.status).toBe(404);
  });

  it('renames with a required name, reads and sets the topic, and keeps the history', async () => {
    const empty = await api(seat1).post('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      name: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('群名称不能为空');
    const en = await api(seat1, 'en').post('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
    });
    expect(en.message).toBe('Group name is required');
    const r = await api(seat1).post<GroupItem>('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      name: '售后服务群',
    });
    expect(r.status).toBe(200);
    expect(r.data.name).toBe('售后服务群');
    const topic = await api(seat1).post<{ topic: string }>('/main-api/acc/chat-room/topic', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
    });
    expect(topic.data.topic).toBe('售后服务群');
    const set = await api(seat1).post<{ topic: string }>('/main-api/acc/chat-room/topic', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      topic: 'VIP 群',
    });
    expect(set.data.topic).toBe('VIP 群');
    await gatewayIdle(ctx);
    const history = await eventually(async () => {
      const n = await notices(seat1, plain.groupId, '&kind=renamed');
      return n.data.total >= 2 ? n.data : undefined;
    });
    expect(history.list[0]!.text).toContain('VIP 群');
    expect(history.list.every((n) => n.kind === 'renamed')).toBe(true);
    // The group chat is named after the group, and the rename is a system line in it.
    const conv = await eventually(async () => {
      const c = await api(seat1).post<{ list: { receiver_id: string; nickname: string }[] }>(
        '/main-api/conv/list',
        { mode: 'aggregated', pageSize: 200 },
      );
      return c.data.list.find((x) => x.receiver_id === plain.groupId);
    });
    expect(conv.nickname).toBe('VIP 群');
    const lines = await eventually(async () => {
      const m = await api(seat1).post<{ list: { msgType: number; content: string }[] }>(
        '/main-api/conv/messages',
        { index_name: `2__${plain.groupId}__${acc.wxid}` },
      );
      const found = m.data.list.filter((x) => x.content.includes('你修改群名为'));
      return found.length >= 2 ? found : undefined;
    });
    expect(lines.at(-1)).toMatchObject({
      msgType: MSG_TYPE.system,
      content: '你修改群名为"VIP 群"',
    });
  });

  it('refuses announcement, removal and muting to a plain member (409)', async () => {
    const d = await detail(demo, plain.groupId);
    const someone = d.data.members.find((m) => m.role === 'member' && m.wxid !== acc.wxid)!;
    for (const [url, body] of [
      ['/api/v1/group/edit-notice', { notice: '公告' }],
      ['/api/v1/group/remove-members', { wxids: [someone.wxid] }],
      ['/main-api/acc/chat-room/ban', { wxids: [someone.wxid], banned: true }],
    ] as const) {
      const r = await api(seat1).post(url, { workWxid: acc.wxid, groupId: plain.groupId, ...body });
      expect(r.status, url).toBe(409);
      expect(r.message).toBe('仅群主或群管理员可以执行此操作');
    }
  });

  it('lets the owner publish the announcement, mute, unmute and remove', async () => {
    const r = await api(seat1).post<GroupItem>('/api/v1/group/edit-notice', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      notice: '本群只聊售后',
    });
    expect(r.status).toBe(200);
    expect(r.data.notice).toBe('本群只聊售后');
    const d = await detail(seat1, owned.groupId);
    const [a, b] = d.data.members.filter((m) => m.wxid !== acc.wxid);
    const ban = await api(seat1).post('/main-api/acc/chat-room/ban', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      wxids: [a!.wxid],
      banned: true,
    });
    expect(ban.status).toBe(200);
    const bans = await api(seat1).post<ListResult<GroupMemberItem>>(
      '/main-api/acc/chat-room/ban-list',
      { workWxid: acc.wxid, groupId: owned.groupId },
    );
    expect(bans.data.list.map((m) => m.wxid)).toEqual([a!.wxid]);
    expect(
      (await detail(seat1, owned.groupId)).data.members.find((m) => m.wxid === a!.wxid),
    ).toMatchObject({ banned: true });
    await api(seat1).post('/main-api/acc/chat-room/ban', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      wxids: [a!.wxid],
      banned: false,
    });
    expect(
      (
        await api(seat1).post<ListResult<GroupMemberItem>>('/main-api/acc/chat-room/ban-list', {
          workWxid: acc.wxid,
          groupId: owned.groupId,
        })
      ).data.total,
    ).toBe(0);
    // Not a member, or the account itself: refused.
    for (const wxids of [['wxid_nobody_here'], [acc.wxid]]) {
      const bad = await api(seat1).post('/api/v1/group/remove-members', {
        workWxid: acc.wxid,
        groupId: owned.groupId,
        wxids,
      });
      expect(bad.status).toBe(409);
    }
    const removed = await api(seat1).post<GroupItem>('/api/v1/group/remove-members', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      wxids: [b!.wxid],
    });
    expect(removed.data.memberCount).toBe(d.data.memberCount - 1);
    await gatewayIdle(ctx);
    const history = await eventually(async () => {
      const n = await notices(seat1, owned.groupId);
      const kinds = n.data.list.map((x) => x.kind);
      return kinds.includes('announcement') && kinds.includes('memberLeft') ? n.data : undefined;
    });
    expect(history.list.find((n) => n.kind === 'announcement')!.text).toBe('本群只聊售后');
  });

  it('invites friends only, and sets the account’s group card', async () => {
    const d = await detail(seat1, plain.groupId);
    const stranger = d.data.members.find((m) => !m.isFriend && m.wxid !== acc.wxid);
    if (stranger) {
      const r = await api(seat1).post('/api/v1/group/invite', {
        workWxid: acc.wxid,
        groupId: owned.groupId,
        wxids: [stranger.wxid],
      });
      expect(r.status).toBe(409);
      expect(r.message).toBe('只能邀请工作号的好友');
    }
    const nobody = await api(seat1).post('/api/v1/group/invite', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      wxids: [],
    });
    expect(nobody.status).toBe(400);
    expect(nobody.message).toBe('请至少选择一项');
    const friend = nonMembers(d.data)[0]!;
    const r = await api(seat1).post<GroupItem>('/api/v1/group/invite', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      wxids: [friend.wxid],
    });
    expect(r.status).toBe(200);
    expect(r.data.memberCount).toBe(d.data.memberCount + 1);
    const card = await api(seat1).post<GroupItem>('/api/v1/group/set-group-card', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      card: '客服小王',
    });
    expect(card.data.myCard).toBe('客服小王');
    const me = (await detail(seat1, plain.groupId)).data.members.find((m) => m.wxid === acc.wxid);
    expect(me!.card).toBe('客服小王');
    const long = await api(seat1).post('/api/v1/group/set-group-card', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
      card: 'x'.repeat(40),
    });
    expect(long.status).toBe(400);
  });

  it('keeps reading to conversation.read and changes to contact.manage', async () => {
    const mine = await list(readOnly);
    expect(mine.status).toBe(200);
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(mine.data.list.every((g) => g.workWxid === acc2.wxid)).toBe(true);
    const g = mine.data.list[0]!;
    const ref = { workWxid: acc2.wxid, groupId: g.groupId };
    expect((await detail(readOnly, g.groupId, acc2.wxid)).status).toBe(200);
    const topic = await api(readOnly).post<{ topic: string }>('/main-api/acc/chat-room/topic', ref);
    expect(topic.data.topic).toBe(g.name);
    for (const [url, body] of [
      ['/main-api/acc/chat-room/topic', { topic: '改名' }],
      ['/api/v1/group/edit', { name: '改名' }],
      ['/api/v1/group/secede', {}],
    ] as const) {
      const r = await api(readOnly).post(url, { ...ref, ...body });
      expect(r.status, url).toBe(403);
    }
    // Seats do not see each other's accounts.
    expect((await detail(seat1, g.groupId, acc2.wxid)).status).toBe(404);
  });
});

describe('create and leave', () => {
  it('creates a group with friends from the picker, with a required name', async () => {
    const picked = friends.slice(0, 2).map((f) => f.wxid);
    const noName = await api(seat1).post('/chatroom/createChatRoom', {
      workWxid: acc.wxid,
      name: '',
      wxids: picked,
    });
    expect(noName.status).toBe(400);
    expect(noName.message).toBe('群名称不能为空');
    const stranger = await api(seat1).post('/chatroom/createChatRoom', {
      workWxid: acc.wxid,
      name: '新群',
      wxids: ['wxid_not_a_friend'],
    });
    expect(stranger.status).toBe(409);
    expect(
      (
        await api(seat2).post('/chatroom/createChatRoom', {
          workWxid: acc.wxid,
          name: '新群',
          wxids: picked,
        })
      ).status,
    ).toBe(404);
    const r = await api(seat1).post<GroupItem>('/chatroom/createChatRoom', {
      workWxid: acc.wxid,
      name: '新品体验群',
      wxids: picked,
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ name: '新品体验群', myRole: 'owner', memberCount: 3 });
    const d = await detail(seat1, r.data.groupId);
    expect(d.data.members.map((m) => m.wxid).sort()).toEqual([acc.wxid, ...picked].sort());
    expect((await list(seat1, '&keyword=新品体验群')).data.total).toBe(1);
  });

  it('leaves a group: it disappears from the list and answers 404', async () => {
    const before = (await list(seat1, `&workWxid=${acc.wxid}`)).data.total;
    const r = await api(seat1).post('/api/v1/group/secede', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
    });
    expect(r.status).toBe(200);
    expect((await list(seat1, `&workWxid=${acc.wxid}`)).data.total).toBe(before - 1);
    expect((await detail(seat1, plain.groupId)).status).toBe(404);
    const again = await api(seat1).post('/api/v1/group/secede', {
      workWxid: acc.wxid,
      groupId: plain.groupId,
    });
    expect(again.status).toBe(404);
  });
});

describe('live', () => {
  let ws: TestSocket;
  afterAll(async () => ws?.close());

  it('pushes group system notices and group changes to those who see the account', async () => {
    const base = ctx.app.server.listening
      ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ws = await openTestSocket(base, { account: 'demo-seat1', token: seat1.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');
    const other2 = await openTestSocket(base, { account: 'demo-seat2', token: seat2.token });
    other2.send('ping');
    await other2.waitFor((f) => f.event === 'hello');
    // A stranger writes in a group: the platform says they joined.
    const r = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: owned.groupId,
      talkType: 2,
      msgType: 1,
      content: '大家好',
      memberWxid: 'wxid_live_joiner',
    });
    expect(r.status).toBe(200);
    const notice = await ws.waitFor((f) => f.event === 'GroupSystemNotice', 8000);
    expect(notice.data).toMatchObject({
      workWxid: acc.wxid,
      groupId: owned.groupId,
      kind: 'memberJoined',
      wxids: ['wxid_live_joiner'],
    });
    // The open inbox is told the group's new size with the chat (a conv update).
    const held = await ctx.deps.runtime.gateway.listGroupMembers(acc.wxid, owned.groupId);
    const resized = await ws.waitFor(
      (f) =>
        f.event === 'convUpdate' &&
        (f.data as { friendWxid?: string }).friendWxid === owned.groupId,
      8000,
    );
    expect(resized.data).toMatchObject({ memberCount: held.length });
    // The list's member count follows the join without anyone opening the group.
    await eventually(async () => {
      const g = (await list(seat1, `&workWxid=${acc.wxid}`)).data.list.find(
        (x) => x.groupId === owned.groupId,
      );
      const held = await ctx.deps.runtime.gateway.listGroupMembers(acc.wxid, owned.groupId);
      return g?.memberCount === held.length;
    });
    const from = ws.frames.length;
    await api(seat1).post('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      name: '直播群',
    });
    const changed = await ws.waitFor((f) => f.event === 'group', 8000, from);
    expect(changed.data).toMatchObject({ workWxid: acc.wxid, groupId: owned.groupId });
    await gatewayIdle(ctx);
    await new Promise((res) => setTimeout(res, 200));
    expect(
      other2.pushes().filter((f) => f.event === 'group' || f.event === 'GroupSystemNotice'),
    ).toEqual([]);
    await other2.close();
  });

  it('tells a group created just now with its size when its chat first shows', async () => {
    const picked = (await ctx.deps.runtime.gateway.listContacts(acc.wxid))
      .slice(0, 2)
      .map((c) => c.wxid);
    const created = await api(seat1).post<GroupItem>('/chatroom/createChatRoom', {
      workWxid: acc.wxid,
      name: '刚建的群',
      wxids: picked,
    });
    expect(created.status).toBe(200);
    const from = ws.frames.length;
    await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: created.data.groupId,
      talkType: 2,
      msgType: 1,
      content: '新群第一条',
      memberWxid: picked[0],
    });
    const first = await ws.waitFor(
      (f) => (f.data as { content?: string } | undefined)?.content === '新群第一条',
      8000,
      from,
    );
    expect((first.data as { conv: { memberCount?: number } }).conv.memberCount).toBe(3);
  });
});

describe('an account that is not online', () => {
  it('refuses group commands with 409 and still shows the stored group', async () => {
    await api().post('/sim-api/fault', { workWxid: acc.wxid, kind: 'kickOut' });
    await waitStatus(ctx, demo, acc.wxid, 'kickedOut');
    const r = await api(seat1).post('/api/v1/group/edit', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
      name: '离线改名',
    });
    expect(r.status).toBe(409);
    const d = await detail(seat1, owned.groupId);
    expect(d.status).toBe(200);
    expect(d.data.members.length).toBeGreaterThan(0);
  });
});
