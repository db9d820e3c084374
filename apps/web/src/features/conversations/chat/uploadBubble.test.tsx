import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { applyMessagePush } from '../store/inboxChanges.ts';
import { dropUploadBubble, putUploadBubble, setUploadProgress } from '../store/inboxActions.ts';
import { resetInbox, useInbox } from '../store/inboxStore.ts';
import { buildConv, buildMessage } from '../store/testFactories.ts';
import { MessageRow } from './MessageRow.tsx';

const conv = buildConv('wxid_peer');
const idx = conv.index_name;

describe('a file uploading from this browser', () => {
  afterEach(() => {
    cleanup();
    resetInbox();
  });

  it('shows as a bubble with a progress bar until the sent message takes its place', () => {
    useInbox.setState({ convs: { [idx]: conv } });
    const key = putUploadBubble(idx, 'up-1', { name: 'big.pdf', size: 3_000_000 })!;
    expect(key).toBe('u:up-1');
    expect(useInbox.getState().messages[key]).toMatchObject({
      uploadStatus: 'uploading',
      uploadUid: 'up-1',
      sendingUUid: 'up-1',
      fileName: 'big.pdf',
      sendSide: 1,
    });
    expect(useInbox.getState().chats[idx]!.keys).toContain(key);

    render(<MessageRow messageKey={key} conv={conv} />);
    const bar = () => screen.queryByTestId('msg-upload-progress');
    expect(bar()?.textContent).toBe('0%');
    // Nothing to download yet: the file is still on its way.
    expect(screen.queryByText('下载')).toBeNull();
    act(() => setUploadProgress(key, 2 / 3));
    expect(bar()?.textContent).toBe('67%');

    // The server's message with the same sendingUUid replaces the bubble: no bar any more.
    const sent = buildMessage(conv, 7, {
      msgType: 3,
      sendSide: 1,
      sendingUUid: 'up-1',
      fileName: 'big.pdf',
      fileUrl: '/oss-api/t/x/u/y/big.pdf',
    });
    act(() => useInbox.getState().mutate((d) => applyMessagePush(d, sent, Date.now())));
    expect(bar()).toBeNull();
    expect(screen.getByText('下载').closest('a')?.getAttribute('href')).toContain('big.pdf');
    expect(useInbox.getState().messages[key]).toMatchObject({ messageId: sent.messageId });
    expect(useInbox.getState().messages[key]!.uploadStatus).toBeUndefined();
    // A late progress report changes nothing.
    act(() => setUploadProgress(key, 1));
    expect(bar()).toBeNull();
  });

  it('goes away when its upload fails', () => {
    useInbox.setState({ convs: { [idx]: conv } });
    const key = putUploadBubble(idx, 'up-2', { name: 'x.pdf', size: 10 })!;
    dropUploadBubble(key);
    expect(useInbox.getState().chats[idx]!.keys).not.toContain(key);
    expect(useInbox.getState().messages[key]).toBeUndefined();
  });
});
