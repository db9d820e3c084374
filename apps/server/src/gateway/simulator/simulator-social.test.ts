import { MSG_TYPE } from '@cst/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactDto } from '@cst/gateway';
import { codeOf, loginAccount, useSim } from './test-support.ts';

const h = useSim({ seed: 'social' });
let wxid: string;
let friends: ContactDto[];

beforeAll(async () => {
  wxid = await loginAccount(h, '销售一号');
  friends = await h.gateway.listContacts(wxid);
});

describe('contacts and friends', () => {
  it('shows friend info and sets a remark', async () => {
    const f = friends[0]!;
    const info = await h.gateway.getFriendInfo(wxid, f.wxid);
    expect(info).toMatchObject({ wxid: f.wxid, name: f.nickname, isFriend: true, ticket: '' });
    await h.gateway.setRemark(wxid, f.wxid, '重要客户');
    await h.sim.idle();
    expect(h.of('contactsChanged')[0]!.updated[0]).toMatchObject({
      wxid: f.wxid,
      remark: '重要客户',
    });
    expect((await h.gateway.getFriendInfo(wxid, f.wxid)).remark).toBe('重要客户');
    expect(await codeOf(h.gateway.getFriendInfo(wxid, 'wxid_nobody'))).toBe('notFound');
    expect(await codeOf(h.gateway.setRemark(wxid, 'wxid_nobody', 'x'))).toBe('notFriend');
  });

  it('finds a person by phone, adds them, and they accept', async () => {
    await h.sim.setConfig({ friendAcceptRate: 1 });
    expect(await h.gateway.searchUser(wxid, 'nobody-here')).toBeNull();
    const found = await h.gateway.searchUser(wxid, '13912345678');
    expect(found).toMatchObject({ isFriend: false, alias: '13912345678' });
    expect(found!.ticket).toMatch(/^v4_/);
    expect(await h.gateway.searchUser(wxid, '13912345678')).toEqual(found);
    const bad = await h.gateway.addFriend({
      workWxid: wxid,
      wxid: found!.wxid,
      verifyContent: '你好',
      ticket: 'v4_wrong',
    });
    expect(bad.status).toBe(2);
    const res = await h.gateway.addFriend({
      workWxid: wxid,
      wxid: found!.wxid,
      verifyContent: '你好',
      ticket: found!.ticket,
    });
    expect(res.status).toBe(1);
    await h.until(() => h.of('contactsChanged').length === 1);
    expect(h.of('contactsChanged')[0]!.added[0]!.wxid).toBe(found!.wxid);
    const again = await h.gateway.addFriend({
      workWxid: wxid,
      wxid: found!.wxid,
      verifyContent: '你好',
    });
    expect(again.status).toBe(4);
    expect(
      await codeOf(h.gateway.addFriend({ workWxid: wxid, wxid: 'wxid_none', verifyContent: 'x' })),
    ).toBe('notFound');
  });

  it('accepts a friend request (once)', async () => {
    await h.sim.generate(wxid);
    for (let i = 0; i < 200 && h.of('friendRequest').length === 0; i++) {
      await h.sim.generate(wxid);
      await h.sim.idle();
    }
    const req = h.of('friendRequest')[0]!.request;
    const contact = await h.gateway.acceptFriendRequest(wxid, req.requestId);
    expect(contact).toMatchObject({ wxid: req.fromWxid, nickname: req.nickname });
    expect(await h.gateway.acceptFriendRequest(wxid, req.requestId)).toEqual(contact);
    const listed = await h.gateway.listFriendRequests(wxid);
    expect(listed.find((r) => r.requestId === req.requestId)!.status).toBe('accepted');
    expect(await codeOf(h.gateway.acceptFriendRequest(wxid, 'fr_none'))).toBe('notFound');
  });
});

describe('groups', () => {
  it('creates, invites, removes, renames, sets card, notice and bans, then leaves', async () => {
    const [a, b, c] = friends;
    const g = await h.gateway.createGroup(wxid, '', [a!.wxid, b!.wxid]);
    expect(g).toMatchObject({ ownerWxid: wxid, memberCount: 3 });
    expect(g.name).toContain(a!.nickname);
    expect(g.groupId).toMatch(/@chatroom$/);
    await h.gateway.inviteToGroup(wxid, g.groupId, [c!.wxid]);
    let members = await h.gateway.listGroupMembers(wxid, g.groupId);
    expect(members.map((m) => m.wxid).sort()).toEqual([wxid, a!.wxid, b!.wxid, c!.wxid].sort());
    expect(members.find((m) => m.wxid === wxid)).toMatchObject({
      isOwner: true,
      nickname: '销售一号',
    });

    await h.gateway.removeFromGroup(wxid, g.groupId, [b!.wxid]);
    await h.gateway.renameGroup(wxid, g.groupId, 'VIP 客户群');
    await h.gateway.setGroupCard(wxid, g.groupId, '客服');
    await h.gateway.setGroupNotice(wxid, g.groupId, '本群只聊售后');
    await h.gateway.setGroupBan(wxid, g.groupId, [a!.wxid], true);
    expect((await h.gateway.listGroupBans(wxid, g.groupId)).map((m) => m.wxid)).toEqual([a!.wxid]);
    members = await h.gateway.listGroupMembers(wxid, g.groupId);
    expect(members).toHaveLength(3);
    const listed = (await h.gateway.listGroups(wxid)).find((x) => x.groupId === g.groupId)!;
    expect(listed).toMatchObject({ name: 'VIP 客户群', myCard: '客服', notice: '本群只聊售后' });
    await h.sim.idle();
    expect(h.of('groupNotice').map((n) => n.kind)).toEqual([
      'memberJoined',
      'memberLeft',
      'renamed',
      'announcement',
    ]);
    expect(new Set(h.of('groupNotice').map((n) => n.noticeId)).size).toBe(4);
    expect(h.of('groupChanged')[0]).toMatchObject({ kind: 'created' });

    const send = await h.gateway.send({
      workWxid: wxid,
      peerId: g.groupId,
      talkType: 2,
      requestId: 'group-1',
      message: { kind: 'text', content: '大家好' },
    });
    expect(send.msgType).toBe(MSG_TYPE.text);

    await h.gateway.leaveGroup(wxid, g.groupId);
    await h.sim.idle();
    expect(h.of('groupChanged').at(-1)).toMatchObject({ kind: 'left' });
    expect((await h.gateway.listGroups(wxid)).some((x) => x.groupId === g.groupId)).toBe(false);
    expect(await codeOf(h.gateway.listGroupMembers(wxid, g.groupId))).toBe('notMember');
  });

  it('keeps owner-only operations to the owner and admins and checks members', async () => {
    const groups = await h.gateway.listGroups(wxid);
    const roles = await Promise.all(
      groups.map(async (g) => {
        const members = await h.gateway.listGroupMembers(wxid, g.groupId);
        const self = members.find((m) => m.wxid === wxid)!;
        return { g, members, role: self.isOwner ? 'owner' : self.isAdmin ? 'admin' : 'member' };
      }),
    );
    const notOwned = roles.find((r) => r.role === 'member')!.g;
    const member = (await h.gateway.listGroupMembers(wxid, notOwned.groupId)).find(
      (m) => m.wxid !== wxid,
    )!;
    expect(await codeOf(h.gateway.removeFromGroup(wxid, notOwned.groupId, [member.wxid]))).toBe(
      'notOwner',
    );
    expect(await codeOf(h.gateway.setGroupNotice(wxid, notOwned.groupId, 'x'))).toBe('notOwner');
    expect(await codeOf(h.gateway.setGroupBan(wxid, notOwned.groupId, [member.wxid], true))).toBe(
      'notOwner',
    );
    expect(await codeOf(h.gateway.createGroup(wxid, 'x', ['wxid_stranger']))).toBe('notFriend');
    expect(await codeOf(h.gateway.createGroup(wxid, 'x', []))).toBe('invalid');
    expect(await codeOf(h.gateway.renameGroup(wxid, notOwned.groupId, '  '))).toBe('invalid');
    expect(await codeOf(h.gateway.inviteToGroup(wxid, 'bad', [friends[0]!.wxid]))).toBe(
      'notMember',
    );

    // An admin manages plain members, but not the owner.
    const admin = roles.find((r) => r.role === 'admin')!;
    const plain = admin.members.find((m) => !m.isOwner && !m.isAdmin && m.wxid !== wxid)!;
    const owner = admin.members.find((m) => m.isOwner)!;
    expect(await codeOf(h.gateway.removeFromGroup(wxid, admin.g.groupId, [owner.wxid]))).toBe(
      'notOwner',
    );
    expect(await codeOf(h.gateway.setGroupBan(wxid, admin.g.groupId, [owner.wxid], true))).toBe(
      'notOwner',
    );
    await h.gateway.setGroupBan(wxid, admin.g.groupId, [plain.wxid], true);
    expect((await h.gateway.listGroupBans(wxid, admin.g.groupId)).map((m) => m.wxid)).toEqual([
      plain.wxid,
    ]);
    await h.gateway.setGroupNotice(wxid, admin.g.groupId, '管理员公告');
    await h.gateway.removeFromGroup(wxid, admin.g.groupId, [plain.wxid]);
    const after = await h.gateway.listGroupMembers(wxid, admin.g.groupId);
    expect(after.some((m) => m.wxid === plain.wxid)).toBe(false);
  });

  it('puts each group notice into the group chat as a system line', async () => {
    const [a, b, c] = friends;
    const g = await h.gateway.createGroup(wxid, '通知群', [a!.wxid, b!.wxid]);
    h.events.length = 0;
    await h.gateway.inviteToGroup(wxid, g.groupId, [c!.wxid]);
    await h.gateway.setGroupNotice(wxid, g.groupId, '周末休息');
    await h.sim.idle();
    const lines = h
      .of('message')
      .filter((m) => m.peerId === g.groupId && m.msgType === MSG_TYPE.system);
    expect(lines.map((m) => m.content)).toEqual([
      `你邀请"${c!.nickname}"加入了群聊`,
      '你修改了群公告：周末休息',
    ]);
    expect(lines.every((m) => m.talkType === 2 && m.memberWxid === null)).toBe(true);
    // Inviting someone already in the group announces nothing.
    h.events.length = 0;
    await h.gateway.inviteToGroup(wxid, g.groupId, [c!.wxid]);
    await h.sim.idle();
    expect(h.of('groupNotice')).toEqual([]);
  });
});

describe('moments', () => {
  it('lists friends’ moments and posts once per requestId; friends react later', async () => {
    const initial = await h.gateway.listMoments(wxid);
    expect(initial.length).toBeGreaterThan(0);
    expect(initial[0]!.authorName).toBeTruthy();
    const cmd = {
      workWxid: wxid,
      requestId: 'moment-1',
      text: '新品上市',
      media: [{ fileUrl: '/oss-api/a.png', fileName: 'a.png', mime: 'image/png', size: 3 }],
    };
    const posted = await h.gateway.postMoment(cmd);
    expect(posted).toMatchObject({ authorWxid: wxid, authorName: '销售一号', text: '新品上市' });
    expect(posted.media[0]).toMatchObject({ url: '/oss-api/a.png' });
    expect((await h.gateway.postMoment(cmd)).momentId).toBe(posted.momentId);
    await h.until(() => h.of('moment').length === 2);
    const liked = h.of('moment')[1]!.moment;
    expect(liked.momentId).toBe(posted.momentId);
    expect(liked.likes.length).toBeGreaterThan(0);
    const mine = await h.gateway.listMoments(wxid, { authorWxid: wxid });
    expect(mine.map((m) => m.momentId)).toEqual([posted.momentId]);
    expect(
      await codeOf(h.gateway.postMoment({ ...cmd, requestId: 'moment-2', text: '', media: [] })),
    ).toBe('invalid');
  });
});
