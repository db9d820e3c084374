import { describe, expect, it } from 'vitest';
import type { AccountListResult, SwitcherResult, WorkAccountItem } from '@cst/shared';
import { applyContactsToList, applyStatusToList, applyStatusToSwitcher } from './liveCache.ts';

const row = (wxid: string, status: WorkAccountItem['status']): WorkAccountItem => ({
  wxid,
  nickname: wxid,
  remark: '',
  avatar: '',
  status,
  statusReason: '',
  statusAt: 0,
  pool: 'service',
  groupId: null,
  groupName: null,
  proxyId: null,
  proxy: null,
  distributedTo: null,
  distributedToName: null,
  firstLoginAt: null,
  lastLoginAt: null,
  keepIdleUntil: null,
  contactCount: 0,
  groupCount: 0,
  portCode: null,
  portExpiresAt: null,
  createdAt: 0,
  risk: 'normal',
  riskReason: '',
});

const list = (): AccountListResult => ({
  list: [row('a', 'online'), row('b', 'loggingIn')],
  total: 2,
  counts: { online: 1, loggingIn: 1, banned: 0 },
});

describe('applyStatusToList', () => {
  it('changes the row and moves one count from the old status to the new one', () => {
    const next = applyStatusToList(list(), { wxid: 'a', status: 'banned', reason: '封禁' });
    expect(next.list[0]).toMatchObject({ status: 'banned', statusReason: '封禁' });
    expect(next.counts).toMatchObject({ online: 0, loggingIn: 1, banned: 1 });
  });

  it('drops the keep-idle badge of a banned account, keeps it for other changes', () => {
    const idle = (l: AccountListResult): AccountListResult => ({
      ...l,
      list: l.list.map((r) => ({ ...r, keepIdleUntil: 123 })),
    });
    expect(applyStatusToList(idle(list()), { wxid: 'a', status: 'banned' }).list[0]).toMatchObject({
      status: 'banned',
      keepIdleUntil: null,
    });
    expect(
      applyStatusToList(idle(list()), { wxid: 'a', status: 'proxyFailed' }).list[0],
    ).toMatchObject({ status: 'proxyFailed', keepIdleUntil: 123 });
  });

  it('is idempotent and ignores unknown accounts and statuses', () => {
    const once = applyStatusToList(list(), { wxid: 'b', status: 'online' });
    expect(applyStatusToList(once, { wxid: 'b', status: 'online' })).toBe(once);
    const l = list();
    expect(applyStatusToList(l, { wxid: 'zz', status: 'online' })).toBe(l);
    expect(applyStatusToList(l, { wxid: 'a', status: 'sleeping' })).toBe(l);
  });
});

describe('applyContactsToList', () => {
  it('sets the synced contact and group counts of one account', () => {
    const next = applyContactsToList(list(), { wxid: 'b', contactCount: 120, groupCount: 9 });
    expect(next.list[1]).toMatchObject({ contactCount: 120, groupCount: 9 });
    expect(next.list[0]!.contactCount).toBe(0);
  });
});

describe('applyStatusToSwitcher', () => {
  it('changes the status of the account in the switcher', () => {
    const data: SwitcherResult = {
      wxAccount: [
        {
          id: 'id-a',
          wxid: 'a',
          nickname: 'A',
          remark: '',
          avatar: '',
          status: 'online',
          groupId: null,
        },
      ],
      wxTreeData: [{ id: '', name: '未分组', wxids: ['a'], children: [] }],
      sessionWsList: [{ wxid: 'a', unRead: 2 }],
    };
    expect(
      applyStatusToSwitcher(data, { wxid: 'a', status: 'kickedOut' }).wxAccount[0]!.status,
    ).toBe('kickedOut');
    expect(applyStatusToSwitcher(data, { wxid: 'x', status: 'online' })).toBe(data);
  });
});
