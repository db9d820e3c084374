import { MSG_TYPE } from '@cst/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactDto } from '@cst/gateway';
import { buildSim, codeOf, loginAccount, type SimHarness, useSim } from './test-support.ts';

const h = useSim({ seed: 'requests' });
let wxid: string;
let friends: ContactDto[];

beforeAll(async () => {
  wxid = await loginAccount(h, '申请测试号');
  friends = await h.gateway.listContacts(wxid);
});

const PHONES = Array.from({ length: 12 }, (_, i) => `1390000${String(1000 + i)}`);

/** Asks the people of these phone numbers; returns their wxids and the sent request ids. */
async function askPhones(harness: SimHarness, acc: string, phones: string[]) {
  const out: { wxid: string; requestId: string }[] = [];
  for (const phone of phones) {
    const found = (await harness.gateway.searchUser(acc, phone))!;
    const res = await harness.gateway.addFriend({
      workWxid: acc,
      wxid: found.wxid,
      verifyContent: `你好 ${phone}`,
      ticket: found.ticket,
    });
    expect(res.status).toBe(1);
    expect(res.requestId).toMatch(/^fr_[0-9a-f]{16}$/);
    out.push({ wxid: found.wxid, requestId: res.requestId! });
  }
  return out;
}

/** Waits until every asked person has answered; returns who accepted. */
async function answers(harness: SimHarness, asked: { wxid: string }[]) {
  await harness.until(() => harness.of('friendRequestAnswered').length >= asked.length);
  await harness.sim.idle();
  const got = harness.of('friendRequestAnswered');
  return new Map(got.map((a) => [a.wxid, a]));
}

describe('people asking the account', () => {
  it('a new stranger asks with the given greeting; the request is listed as pending', async () => {
    const res = await h.sim.friendRequest({ workWxid: wxid, verifyContent: '我是老客户' });
    expect(res.requestId).toMatch(/^fr_/);
    await h.sim.idle();
    const [ev] = h.of('friendRequest');
    expect(ev!.request).toMatchObject({
      requestId: res.requestId,
      fromWxid: res.fromWxid,
      verifyContent: '我是老客户',
      status: 'pending',
    });
    expect(ev!.request.nickname).not.toBe('');
    const listed = await h.gateway.listFriendRequests(wxid);
    expect(listed.find((r) => r.requestId === res.requestId)?.status).toBe('pending');
  });

  it('a named unknown person becomes a stranger; an empty greeting is generated', async () => {
    const res = await h.sim.friendRequest({
      workWxid: wxid,
      fromWxid: 'wxid_asker_001',
      verifyContent: '  ',
    });
    expect(res.fromWxid).toBe('wxid_asker_001');
    await h.sim.idle();
    const req = h.of('friendRequest')[0]!.request;
    expect(req.verifyContent).toBe(`你好，我是${req.nickname}`);
    expect((await h.gateway.getFriendInfo(wxid, 'wxid_asker_001')).isFriend).toBe(false);
  });

  it('refuses a friend, the account itself or a group as the asker', async () => {
    const friend = friends[0]!.wxid;
    expect(
      await codeOf(h.sim.friendRequest({ workWxid: wxid, fromWxid: friend, verifyContent: 'x' })),
    ).toBe('alreadyFriend');
    expect(
      await codeOf(h.sim.friendRequest({ workWxid: wxid, fromWxid: wxid, verifyContent: 'x' })),
    ).toBe('invalid');
    expect(
      await codeOf(
        h.sim.friendRequest({ workWxid: wxid, fromWxid: '1@chatroom', verifyContent: '' }),
      ),
    ).toBe('invalid');
  });

  it('accepting makes a friend and the platform says so in the chat', async () => {
    const res = await h.sim.friendRequest({ workWxid: wxid, verifyContent: '加一下' });
    const contact = await h.gateway.acceptFriendRequest(wxid, res.requestId);
    expect(contact.wxid).toBe(res.fromWxid);
    await h.sim.idle();
    expect(h.of('contactsChanged').at(-1)!.added[0]!.wxid).toBe(res.fromWxid);
    const notice = h.of('message').find((m) => m.peerId === res.fromWxid)!;
    expect(notice).toMatchObject({ msgType: MSG_TYPE.system, talkType: 1, fromSelf: false });
    expect(notice.content).toBe(`你已添加了${contact.nickname}，现在可以开始聊天了。`);
  });

  it('declines a pending request once; a declined one cannot be accepted', async () => {
    const res = await h.sim.friendRequest({ workWxid: wxid, verifyContent: '推销' });
    await h.gateway.declineFriendRequest(wxid, res.requestId);
    await h.gateway.declineFriendRequest(wxid, res.requestId);
    const listed = await h.gateway.listFriendRequests(wxid);
    expect(listed.find((r) => r.requestId === res.requestId)?.status).toBe('declined');
    expect(await codeOf(h.gateway.acceptFriendRequest(wxid, res.requestId))).toBe('notFound');
    expect((await h.gateway.getFriendInfo(wxid, res.fromWxid)).isFriend).toBe(false);
    expect(await codeOf(h.gateway.declineFriendRequest(wxid, 'fr_none'))).toBe('notFound');
    const other = await h.sim.friendRequest({ workWxid: wxid, verifyContent: '好' });
    await h.gateway.acceptFriendRequest(wxid, other.requestId);
    expect(await codeOf(h.gateway.declineFriendRequest(wxid, other.requestId))).toBe('invalid');
  });
});

describe('people answering the account', () => {
  it('accept or refuse by the seed: the same people in a second world of the same seed', async () => {
    await h.sim.setConfig({ friendAcceptRate: 0.5 });
    const asked = await askPhones(h, wxid, PHONES);
    const got = await answers(h, asked);
    const accepted = asked.filter((a) => got.get(a.wxid)!.accepted).map((a) => a.wxid);
    // Some of each at a rate of one half.
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(asked.length);
    for (const a of asked) {
      const ans = got.get(a.wxid)!;
      expect(ans.requestId).toBe(a.requestId);
      const info = await h.gateway.getFriendInfo(wxid, a.wxid);
      expect(info.isFriend).toBe(ans.accepted);
      if (!ans.accepted) expect(ans.reason).toMatch(/拒绝|不允许/);
    }
    const added = h.of('contactsChanged').flatMap((c) => c.added.map((x) => x.wxid));
    expect(added.sort()).toEqual([...accepted].sort());

    const twin = await buildSim({ seed: 'requests' });
    try {
      const twinAcc = await loginAccount(twin, '申请测试号');
      expect(twinAcc).toBe(wxid);
      await twin.sim.setConfig({ friendAcceptRate: 0.5 });
      const again = await askPhones(twin, twinAcc, PHONES);
      const twinGot = await answers(twin, again);
      const twinAccepted = again.filter((a) => twinGot.get(a.wxid)!.accepted).map((a) => a.wxid);
      expect(twinAccepted).toEqual(accepted);
    } finally {
      await twin.close();
    }
  });

  it('everyone accepts at rate 1 and everyone refuses at rate 0', async () => {
    await h.sim.setConfig({ friendAcceptRate: 0 });
    const refused = await askPhones(h, wxid, ['13911110001', '13911110002']);
    const no = await answers(h, refused);
    expect([...no.values()].every((a) => !a.accepted && a.reason !== '')).toBe(true);
    h.events.length = 0;
    await h.sim.setConfig({ friendAcceptRate: 1 });
    const yes = await answers(h, await askPhones(h, wxid, ['13911110003', '13911110004']));
    expect([...yes.values()].every((a) => a.accepted)).toBe(true);
  });
});

describe('what people received', () => {
  it('lists sent messages and friend requests of the accounts, oldest first, with filters', async () => {
    const acc = await loginAccount(h, '收件测试号');
    const [f1, f2] = await h.gateway.listContacts(acc);
    const t0 = h.clock.t;
    await h.gateway.send({
      workWxid: acc,
      peerId: f1!.wxid,
      talkType: 1,
      requestId: 'req-1',
      message: { kind: 'text', content: '第一条' },
    });
    h.clock.t += 10;
    await h.gateway.send({
      workWxid: acc,
      peerId: f2!.wxid,
      talkType: 1,
      requestId: 'req-2',
      message: { kind: 'text', content: '第二条' },
    });
    h.clock.t += 10;
    const found = (await h.gateway.searchUser(acc, '13922223333'))!;
    const asked = await h.gateway.addFriend({
      workWxid: acc,
      wxid: found.wxid,
      verifyContent: '你好，我是客服小王',
      ticket: found.ticket,
    });
    h.clock.t += 10;
    // A failed send reached nobody; what people write is not "received from the account".
    await h.sim.setConfig({ failRate: 1 });
    await h.gateway.send({
      workWxid: acc,
      peerId: f1!.wxid,
      talkType: 1,
      requestId: 'req-3',
      message: { kind: 'text', content: '失败的' },
    });
    await h.sim.setConfig({ failRate: 0 });
    await h.sim.inbound({
      workWxid: acc,
      fromWxid: f1!.wxid,
      talkType: 1,
      msgType: MSG_TYPE.text,
      content: '客户写的',
    });
    await h.sim.idle();

    const all = await h.sim.received({ workWxids: [acc] });
    expect(all.map(({ msgId: _m, ...rest }) => rest)).toEqual([
      {
        kind: 'message',
        workWxid: acc,
        peerWxid: f1!.wxid,
        msgType: 1,
        content: '第一条',
        requestId: 'req-1',
        at: t0,
      },
      {
        kind: 'message',
        workWxid: acc,
        peerWxid: f2!.wxid,
        msgType: 1,
        content: '第二条',
        requestId: 'req-2',
        at: t0 + 10,
      },
      {
        kind: 'friendRequest',
        workWxid: acc,
        peerWxid: found.wxid,
        content: '你好，我是客服小王',
        requestId: asked.requestId,
        at: t0 + 20,
      },
    ]);
    expect(all[0]!.msgId).toMatch(/^\d{19}$/);
    expect(all[2]!.msgId).toBeNull();
    expect(all[2]).not.toHaveProperty('msgType');

    expect(
      (await h.sim.received({ workWxids: [acc], peerWxid: f2!.wxid })).map((r) => r.content),
    ).toEqual(['第二条']);
    expect(
      (await h.sim.received({ workWxids: [acc], sinceMs: t0 + 10 })).map((r) => r.content),
    ).toEqual(['第二条', '你好，我是客服小王']);
    // Another account's sends are not in this account's list.
    expect(await h.sim.received({ workWxids: [wxid], peerWxid: f1!.wxid })).toEqual([]);
    expect(await h.sim.received({ workWxids: [] })).toEqual([]);
  });
});
