import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { failureOf } from '../store/inboxActions.ts';
import type { ChatMessage } from '../store/inboxStore.ts';
import { SendFailure } from './DeliveryTicks.tsx';

const refused = (data: unknown) => new HttpError('api', '工作号状态异常：已被封号', 409, 409, data);

describe('a send refused for the work account’s state', () => {
  afterEach(cleanup);

  it('is marked when the server names the account state, not for other refusals', () => {
    expect(failureOf(refused({ workWxid: 'wxid_a', accountStatus: 'banned' }))).toEqual({
      failed: true,
      errMessage: '工作号状态异常：已被封号',
      accountAbnormal: true,
    });
    expect(failureOf(refused(null)).accountAbnormal).toBe(false);
    expect(failureOf(new HttpError('network', '网络异常')).accountAbnormal).toBe(false);
  });

  it('shows the reason with a link to 工作号管理 beside the resend', () => {
    const message = {
      key: 'u:1',
      failed: true,
      errMessage: '工作号状态异常：已被封号',
      accountAbnormal: true,
    } as ChatMessage;
    render(<SendFailure message={message} indexName="1__a__b" />);
    expect(screen.getByTestId('msg-error').textContent).toBe('工作号状态异常：已被封号');
    const link = screen.getByTestId('msg-account-link');
    expect(link.getAttribute('href')).toBe('#/settings/wxaccount');
    expect(link.textContent).toBe('去工作号管理');
    expect(screen.getByTestId('msg-resend')).toBeTruthy();
    cleanup();
    render(<SendFailure message={{ ...message, accountAbnormal: false }} indexName="1__a__b" />);
    expect(screen.queryByTestId('msg-account-link')).toBeNull();
  });
});
