import { describe, expect, it } from 'vitest';
import { friendsOf } from './pickFriends.ts';

describe('friendsOf', () => {
  it('keeps the friends of the group’s account and counts the rest as ignored', () => {
    const r = friendsOf(
      [
        { workWxid: 'acc1', receiver_id: 'wxid_a', talkType: 1, name: '甲' },
        { workWxid: 'acc2', receiver_id: 'wxid_b', talkType: 1, name: '乙' },
        { workWxid: 'acc1', receiver_id: '123@chatroom', talkType: 2, name: '群' },
      ],
      'acc1',
    );
    expect(r).toEqual({ friends: [{ wxid: 'wxid_a', name: '甲' }], ignored: 2 });
  });
});
