import { beforeAll, describe, expect, it } from 'vitest';
import type { AddFriendsResult, ConversationItem, FriendInfo, PersonalInfo } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import {
  addAccount,
  apiAs,
  eventually,
  gatewayIdle,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc: ListedAccount;

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const FRIEND = 'wxid_card_friend_1';
const GROUP = '4455667788@chatroom';
const MEMBER = 'wxid_card_member_1';
const MEMBER2 = 'wxid_card_member_2';

async function convOf(s: Session, peer: string) {
  const r = await api(s).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
    mode: 'aggregated',
    pageSize: 100,
  });
  return r.data.list.find((c) => c.receiver_id === peer);
}

const info = (s: Session, friendWxid: string, chatRoom?: string, wxid = acc.wxid) =>
  api(s).post<FriendInfo>('/main-api/acc/friend-info', { wxid, friendWxid, chatRoom });

const addFriend = (s: Session, wxid: string, verifyContent = '你好，我是客服', lang?: string) =>
  api(s, lang).post<AddFriendsResult>('/task-api/fans/add', {
    workerWxid: acc.wxid,
    verifyContent,
    charRoom: GROUP,
    addFriends: [{ wxid }],
  });

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  readOnly = await buildSeatWithRole(ctx, demo, {
    roleName: '只看会话',
    permissions: ['conversation.read'],
  });
  acc = await buildAccount(ctx, demo, { nickname: '名片测试号', distributeTo: seat1 });
  for (const [fromWxid, talkType, memberWxid] of [
    [FRIEND, 1, undefined],
    [GROUP, 2, MEMBER],
    [GROUP, 2, MEMBER2],
  ] as const) {
    const r = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid,
      talkType,
      msgType: 1,
      content: '你好',
      memberWxid,
    });
    expect(r.status).toBe(200);
  }
  await eventually(async () => (await convOf(seat1, GROUP)) && (await convOf(seat1, FRIEND)));
  await gatewayIdle(ctx);
  // Both members' messages are stored (a card is only shown for people the account has seen).
  await eventually(async () => {
    const r = await api(seat1).post<{ list: unknown[] }>('/main-api/conv/messages', {
      index_name: `2__${GROUP}__${acc.wxid}`,
    });
    return r.data.list.length === 2;
  });
});

describe('friend info', () => {
  it('shows a friend of a visible conversation with the fields of the card', async () => {
    const r = await info(seat1, FRIEND);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ workWxid: acc.wxid, wxid: FRIEND, isFriend: true, ticket: '' });
    // The card says what the platform holds about the person.
    const held = await ctx.deps.runtime.gateway.getFriendInfo(acc.wxid, FRIEND);
    expect(r.data).toMatchObject({
      name: held.name,
      sex: held.sex,
      province: held.province,
      city: held.city,
      star: held.star,
      blacklist: held.blacklist,
    });
    expect(r.data.name).not.toBe('');
  });

  it('shows a group member who is not a friend, with a ticket for a request', async () => {
    const r = await info(seat1, MEMBER, GROUP);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ wxid: MEMBER, isFriend: false });
    expect(r.data.ticket).not.toBe('');
  });

  it('refuses people the account has not seen', async () => {
    const r = await info(seat1, 'wxid_never_seen_here');
    expect(r.status).toBe(404);
    expect(r.message).toBe('联系人账号不存在');
    expect((await info(seat1, MEMBER)).status).toBe(404);
  });
});

describe('friend remark', () => {
  it('changes the remark; the conversation list shows it as the name', async () => {
    const r = await api(seat1).post('/main-api/acc/friend-remark', {
      remark: '  重要客户张三 ',
      friendWxid: FRIEND,
      uin: acc.wxid,
    });
    expect(r.status).toBe(200);
    const conv = await convOf(seat1, FRIEND);
    expect(conv).toMatchObject({ remark: '重要客户张三', name: '重要客户张三' });
    expect((await convOf(demo, FRIEND))?.name).toBe('重要客户张三');
    expect((await info(seat1, FRIEND)).data.remark).toBe('重要客户张三');
  });

  it('refuses an empty remark with the message of SPEC §5 in both languages', async () => {
    const body = { remark: '   ', friendWxid: FRIEND, uin: acc.wxid };
    const zh = await api(seat1).post('/main-api/acc/friend-remark', body);
    expect(zh.status).toBe(400);
    expect(zh.message).toBe('备注名不能为空');
    const en = await api(seat1, 'en').post('/main-api/acc/friend-remark', body);
    expect(en.message).toBe('Remark name cannot be empty');
    expect((await convOf(seat1, FRIEND))?.remark).toBe('重要客户张三');
  });

  it('shows a remark changed on the phone in the list too', async () => {
    await ctx.deps.runtime.gateway.setRemark(acc.wxid, FRIEND, '手机上改的备注');
    await gatewayIdle(ctx);
    const conv = await eventually(async () => {
      const c = await convOf(seat1, FRIEND);
      return c?.remark === '手机上改的备注' ? c : undefined;
    });
    expect(conv.name).toBe('手机上改的备注');
    const back = await api(seat1).post('/main-api/acc/friend-remark', {
      remark: '重要客户张三',
      friendWxid: FRIEND,
      uin: acc.wxid,
    });
    expect(back.status).toBe(200);
  });

  it('refuses a remark on someone who is not a friend', async () => {
    const r = await api(seat1).post('/main-api/acc/friend-remark', {
      remark: '群友',
      friendWxid: MEMBER,
      uin: acc.wxid,
    });
    expect(r.status).toBe(404);
  });
});

describe('friend requests', () => {
  it('refuses an empty greeting', async () => {
    const r = await addFriend(seat1, MEMBER, ' ');
    expect(r.status).toBe(400);
    expect(r.message).toBe('请填写申请备注');
  });

  it('sends a request to a group member who is not a friend', async () => {
    const r = await addFriend(seat1, MEMBER);
    expect(r.status).toBe(200);
    expect(r.data.list).toEqual([
      { wxid: MEMBER, status: 1, message: '申请已发送，请等待对方通过' },
    ]);
  });

  it('refuses a friend: already a contact', async () => {
    const r = await addFriend(seat1, FRIEND, '你好', 'en');
    expect(r.status).toBe(409);
    expect(r.message).toBe('Already a contact, cannot add');
  });

  it('reports each person of a batch: one already a contact, one sent', async () => {
    const r = await api(seat1, 'en').post<AddFriendsResult>('/task-api/fans/add', {
      workerWxid: acc.wxid,
      verifyContent: 'Hello',
      charRoom: GROUP,
      addFriends: [{ wxid: FRIEND }, { wxid: MEMBER2 }],
    });
    expect(r.status).toBe(200);
    expect(r.data.list).toEqual([
      { wxid: FRIEND, status: 4, message: 'Already a contact, cannot add' },
      { wxid: MEMBER2, status: 1, message: 'Request sent, wait for the other side to accept' },
    ]);
  });

  it('refuses a person the account has not seen: contact does not exist', async () => {
    const r = await addFriend(seat1, 'wxid_nobody_at_all');
    expect(r.status).toBe(404);
    expect(r.message).toBe('联系人账号不存在');
  });
});

describe('access', () => {
  it('needs contact.manage to change remarks or add friends (403), reading needs only conversation.read', async () => {
    const remark = await api(readOnly).post('/main-api/acc/friend-remark', {
      remark: '越权',
      friendWxid: FRIEND,
      uin: acc.wxid,
    });
    expect(remark.status).toBe(403);
    expect((await addFriend(readOnly, MEMBER)).status).toBe(403);
    // The viewer has no seats below it: the account is not visible to it.
    expect((await info(readOnly, FRIEND)).status).toBe(404);
    expect((await convOf(seat1, FRIEND))?.remark).toBe('重要客户张三');
  });

  it('hides the account from seats it is not distributed to and from other tenants (404)', async () => {
    for (const s of [seat2, other]) {
      expect((await info(s, FRIEND)).status).toBe(404);
      const r = await api(s).post('/main-api/acc/friend-remark', {
        remark: '别人的',
        friendWxid: FRIEND,
        uin: acc.wxid,
      });
      expect(r.status).toBe(404);
      expect((await addFriend(s, MEMBER)).status).toBe(404);
    }
    expect((await convOf(seat1, FRIEND))?.remark).toBe('重要客户张三');
  });
});

describe('personal info', () => {
  const personal = (s: Session, wxid = acc.wxid) =>
    api(s).post<PersonalInfo>('/main-api/acc/get-personal-info', { wxid });

  it('gives the account’s own profile from the platform to those who see it', async () => {
    for (const s of [demo, seat1]) {
      const r = await personal(s);
      expect(r.status, r.message).toBe(200);
      expect(r.data).toMatchObject({
        wxid: acc.wxid,
        nickname: '名片测试号',
        loginStatus: 'online',
        fromPlatform: true,
      });
      expect(['unknown', 'male', 'female']).toContain(r.data.sex);
    }
  });

  it('hides the account from other seats and tenants, and refuses bad ids', async () => {
    for (const s of [seat2, other]) expect((await personal(s)).status).toBe(404);
    expect((await personal(demo, 'wxid_nobody_here')).status).toBe(404);
    expect((await personal(demo, '')).status).toBe(400);
  });

  it('answers what was stored when the account is offline', async () => {
    const offline = await addAccount(ctx, demo, { nickname: '离线资料号' });
    expect(
      (await api().post('/sim-api/fault', { workWxid: offline.wxid, kind: 'drop' })).status,
    ).toBe(200);
    const r = await eventually(async () => {
      const p = await personal(demo, offline.wxid);
      return p.data?.loginStatus !== 'online' ? p : undefined;
    });
    expect(r.data).toMatchObject({
      wxid: offline.wxid,
      nickname: '离线资料号',
      fromPlatform: false,
    });
  });
});
