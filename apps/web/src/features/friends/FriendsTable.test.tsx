import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FriendItem, PlatformInfo } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { accountsKeys } from '../accounts/api.ts';
import { FriendsTable, type FriendFlag } from './FriendsTable.tsx';

const ann: FriendItem = {
  workWxid: '111111111111111@lid',
  friendWxid: '222222222222222@lid',
  nickname: 'Ann',
  remark: '',
  avatar: '',
  tags: [],
  addedAt: null,
  source: 'phone',
  star: false,
  blacklist: false,
  topChat: false,
};

function mount(
  platform: PlatformInfo,
  onFlag: (f: FriendItem, k: FriendFlag, on: boolean) => void,
) {
  const qc = new QueryClient();
  qc.setQueryData(accountsKeys.platform, platform);
  render(
    <QueryClientProvider client={qc}>
      <FriendsTable
        rows={[ann]}
        loading={false}
        height={400}
        accounts={[]}
        canDelete={platform.capabilities.includes('deleteFriend')}
        busy={new Set()}
        empty=""
        onNearEnd={() => undefined}
        onOpenChat={() => undefined}
        onCard={() => undefined}
        onRemark={() => undefined}
        onFlag={onFlag}
        onDelete={() => undefined}
      />
    </QueryClientProvider>,
  );
  return within(screen.getByTestId('friends-table'));
}

beforeEach(async () => {
  signInForTest([]);
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('FriendsTable names', () => {
  it('shows each friend’s platform id under the name', () => {
    const table = mount(
      { platform: 'simulator', capabilities: [], simulator: true },
      () => undefined,
    );
    expect(table.getByTestId('friend-nickname').textContent).toBe('Ann');
    expect(table.getByTestId('friend-wxid').textContent).toBe(ann.friendWxid);
  });
});

describe('FriendsTable flags by capability', () => {
  it('on WhatsApp: the blacklist switch works, star and pin are disabled and say why', () => {
    const onFlag = vi.fn();
    const table = mount(
      { platform: 'whatsapp', capabilities: ['contacts', 'blacklist'], simulator: false },
      onFlag,
    );
    const block = table.getByTestId('friend-blacklist');
    expect(block.hasAttribute('disabled')).toBe(false);
    fireEvent.click(block);
    expect(onFlag).toHaveBeenCalledWith(ann, 'blacklist', true);
    for (const id of ['friend-star', 'friend-topchat']) {
      expect(table.getByTestId(id).hasAttribute('disabled')).toBe(true);
    }
    const why = table.getAllByTestId('unsupported-updateFriendInfo');
    expect(why).toHaveLength(2);
    expect(why[0]!.getAttribute('aria-description')).toBe('Not available on WhatsApp');
    expect(table.queryByTestId('unsupported-blacklist')).toBeNull();
    expect(table.queryByTestId('friend-delete')).toBeNull();
  });

  it('on a platform without the blacklist its switch is the disabled one', () => {
    const onFlag = vi.fn();
    const table = mount(
      { platform: 'simulator', capabilities: ['updateFriendInfo'], simulator: true },
      onFlag,
    );
    expect(table.getByTestId('friend-blacklist').hasAttribute('disabled')).toBe(true);
    expect(table.getByTestId('unsupported-blacklist')).toBeTruthy();
    fireEvent.click(table.getByTestId('friend-star'));
    expect(onFlag).toHaveBeenCalledWith(ann, 'star', true);
  });
});
