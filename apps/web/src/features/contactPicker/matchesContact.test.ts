import { describe, expect, it } from 'vitest';
import type { ContactListEntry } from '@cst/shared';
import { matchesContact } from './matchesContact.ts';

const entry = (nickname: string, remark = ''): ContactListEntry => ({
  id: 'wxid_a',
  type: 1,
  wxid: 'wxid_acc',
  friendWxid: 'wxid_a',
  nickname,
  remark,
  avatar: '',
});

describe('matchesContact', () => {
  it('finds the keyword in the nickname or the remark, ignoring case', () => {
    expect(matchesContact(entry('张伟'), '伟')).toBe(true);
    expect(matchesContact(entry('Alice'), 'ali')).toBe(true);
    expect(matchesContact(entry('张伟', '大客户'), '客户')).toBe(true);
    expect(matchesContact(entry('张伟'), '李')).toBe(false);
  });

  it('matches everything without a keyword', () => {
    expect(matchesContact(entry('张伟'), '')).toBe(true);
  });
});
