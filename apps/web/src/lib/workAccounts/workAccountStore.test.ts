import { beforeEach, describe, expect, it } from 'vitest';
import type { SwitcherAccount, SwitcherResult } from '@cst/shared';
import { CURRENT_WX_KEY, totalUnread, useWorkAccounts } from './workAccountStore.ts';

const acc = (wxid: string, status: SwitcherAccount['status'] = 'online'): SwitcherAccount => ({
  id: `id-${wxid}`,
  wxid,
  nickname: wxid.toUpperCase(),
  remark: '',
  avatar: '',
  status,
  groupId: null,
});
const data = (...accounts: SwitcherAccount[]): SwitcherResult => ({
  wxAccount: accounts,
  wxTreeData: [{ id: '', name: '未分组', wxids: accounts.map((a) => a.wxid), children: [] }],
  sessionWsList: accounts.map((a) => ({ wxid: a.wxid, unRead: 1 })),
});

describe('the work-account store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useWorkAccounts.setState({ wxAccount: null, accounts: [], wxTreeData: [], sessionWsList: [] });
  });

  it('starts on the first online account and remembers the choice for the session', () => {
    useWorkAccounts.getState().load(data(acc('a', 'offline'), acc('b'), acc('c')));
    expect(useWorkAccounts.getState().wxAccount?.wxid).toBe('b');
    useWorkAccounts.getState().choose('c');
    expect(useWorkAccounts.getState().wxAccount?.wxid).toBe('c');
    expect(sessionStorage.getItem(CURRENT_WX_KEY)).toBe('c');
    // A reload (fresh store) comes back to the chosen account.
    useWorkAccounts.setState({ wxAccount: null });
    useWorkAccounts.getState().load(data(acc('a'), acc('b'), acc('c')));
    expect(useWorkAccounts.getState().wxAccount?.wxid).toBe('c');
  });

  it('moves on when the current account is no longer visible, and ignores unknown choices', () => {
    useWorkAccounts.getState().load(data(acc('a'), acc('b')));
    useWorkAccounts.getState().choose('b');
    useWorkAccounts.getState().load(data(acc('a')));
    expect(useWorkAccounts.getState().wxAccount?.wxid).toBe('a');
    useWorkAccounts.getState().choose('nope');
    expect(useWorkAccounts.getState().wxAccount?.wxid).toBe('a');
    useWorkAccounts.getState().load(data());
    expect(useWorkAccounts.getState().wxAccount).toBeNull();
  });

  it('keeps unread counts at 0 or more', () => {
    useWorkAccounts.getState().load(data(acc('a'), acc('b')));
    useWorkAccounts.getState().setUnread('a', -3);
    useWorkAccounts.getState().setUnread('z', 4);
    const list = useWorkAccounts.getState().sessionWsList;
    expect(list).toEqual([
      { wxid: 'a', unRead: 0 },
      { wxid: 'b', unRead: 1 },
      { wxid: 'z', unRead: 4 },
    ]);
    expect(totalUnread(list)).toBe(5);
  });
});
