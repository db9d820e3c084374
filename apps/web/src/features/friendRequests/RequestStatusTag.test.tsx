import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import type { FriendRequestItem } from '@cst/shared';
import { RequestStatusTag } from './RequestStatusTag.tsx';

type Shown = Pick<FriendRequestItem, 'status' | 'direction' | 'reason'>;

function textOf(item: Shown): string {
  render(
    <AppProviders>
      <RequestStatusTag item={item} />
    </AppProviders>,
  );
  return document.body.textContent ?? '';
}

afterEach(cleanup);

describe('RequestStatusTag', () => {
  it('names SPEC §4 statuses from the side of the account', () => {
    expect(textOf({ status: 1, direction: 'in' })).toBe('待处理');
    cleanup();
    expect(textOf({ status: 1, direction: 'out' })).toBe('等待对方通过');
    cleanup();
    expect(textOf({ status: 3, direction: 'out' })).toBe('已添加');
    cleanup();
    expect(textOf({ status: 4, direction: 'out' })).toBe('已是好友');
    cleanup();
    expect(textOf({ status: 2, direction: 'in', reason: '已拒绝' })).toBe('已拒绝');
  });

  it('shows why a sent request failed beside the tag', () => {
    textOf({ status: 2, direction: 'out', reason: '对方拒绝了你的好友申请' });
    expect(screen.getByText('未通过')).toBeTruthy();
    expect(screen.getByTestId('fr-reason').textContent).toBe('对方拒绝了你的好友申请');
  });
});
