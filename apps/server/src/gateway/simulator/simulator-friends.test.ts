import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactDto } from '@cst/gateway';
import { codeOf, loginAccount, useSim } from './test-support.ts';

const h = useSim({ seed: 'friends' });
let wxid: string;
let friends: ContactDto[];

beforeAll(async () => {
  wxid = await loginAccount(h, '好友号');
  friends = await h.gateway.listContacts(wxid);
});

describe('updateFriendInfo', () => {
  it('stars, blacklists and pins a friend; contactsChanged follows', async () => {
    const f = friends[0]!;
    const out = await h.gateway.updateFriendInfo(wxid, f.wxid, { star: true, topChat: true });
    expect(out).toMatchObject({ wxid: f.wxid, star: true, topChat: true, blacklist: f.blacklist });
    await h.sim.idle();
    expect(h.of('contactsChanged')[0]!.updated[0]).toMatchObject({ wxid: f.wxid, star: true });
    await h.gateway.updateFriendInfo(wxid, f.wxid, { blacklist: true });
    const info = await h.gateway.getFriendInfo(wxid, f.wxid);
    expect(info).toMatchObject({ star: true, topChat: true, blacklist: true });
    const listed = (await h.gateway.listContacts(wxid)).find((c) => c.wxid === f.wxid);
    expect(listed).toMatchObject({ star: true, topChat: true, blacklist: true });
  });

  it('refuses strangers, unknown people and accounts it does not hold', async () => {
    expect(await codeOf(h.gateway.updateFriendInfo(wxid, 'wxid_nobody', { star: true }))).toBe(
      'notFound',
    );
    const stranger = await h.gateway.searchUser(wxid, '13900001111');
    expect(await codeOf(h.gateway.updateFriendInfo(wxid, stranger!.wxid, { star: true }))).toBe(
      'notFriend',
    );
    expect(await codeOf(h.gateway.updateFriendInfo('wxid_not_held', 'x', { star: true }))).toBe(
      'notHeld',
    );
  });
});

describe('deleteFriend', () => {
  it('deletes a friend: no longer listed, a stranger with a ticket; removed follows', async () => {
    const f = friends[1]!;
    await h.gateway.deleteFriend(wxid, f.wxid);
    await h.sim.idle();
    expect(h.of('contactsChanged')[0]!.removed).toEqual([f.wxid]);
    expect((await h.gateway.listContacts(wxid)).map((c) => c.wxid)).not.toContain(f.wxid);
    const info = await h.gateway.getFriendInfo(wxid, f.wxid);
    expect(info.isFriend).toBe(false);
    expect(info.ticket).not.toBe('');
    expect(await codeOf(h.gateway.deleteFriend(wxid, f.wxid))).toBe('notFriend');
    expect(await codeOf(h.gateway.deleteFriend(wxid, 'wxid_nobody'))).toBe('notFound');
  });

  it('needs the account online', async () => {
    await h.sim.fault(wxid, 'kickOut');
    await h.sim.idle();
    expect(await codeOf(h.gateway.deleteFriend(wxid, friends[2]!.wxid))).toBe('notOnline');
    expect(await codeOf(h.gateway.updateFriendInfo(wxid, friends[2]!.wxid, { star: true }))).toBe(
      'notOnline',
    );
  });
});
