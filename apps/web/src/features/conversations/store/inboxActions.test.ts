import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageItem } from '@cst/shared';
import { conversationsApi } from '../api.ts';
import { loadLatestMessages, loadNewerMessages, openConversationAt } from './inboxActions.ts';
import { resetInbox, useInbox } from './inboxStore.ts';
import { buildConv, buildMessage } from './testFactories.ts';

const conv = buildConv('a');
const idx = conv.index_name;
const range = (from: number, to: number): MessageItem[] =>
  Array.from({ length: to - from + 1 }, (_, i) => buildMessage(conv, from + i));
const ids = () => {
  const s = useInbox.getState();
  return s.chats[idx]!.keys.map((k) => Number(s.messages[k]!.messageId));
};

afterEach(() => {
  vi.restoreAllMocks();
  resetInbox();
});

describe('opening a chat at a message', () => {
  it('a latest page still on its way does not replace the page around the message', async () => {
    let answerLatest: (v: { list: MessageItem[]; hasMore: boolean }) => void = () => undefined;
    vi.spyOn(conversationsApi, 'messages').mockImplementation(
      () => new Promise((resolve) => (answerLatest = resolve)),
    );
    vi.spyOn(conversationsApi, 'messagesAround').mockResolvedValue({
      list: range(35, 44),
      hasMore: true,
      hasNewer: true,
      anchored: true,
    });
    const latest = loadLatestMessages(idx);
    openConversationAt(idx, '40');
    await loadLatestMessages(idx);
    answerLatest({ list: range(91, 100), hasMore: true });
    await latest;
    expect(ids()).toEqual(range(35, 44).map((m) => Number(m.messageId)));
    expect(useInbox.getState().chats[idx]).toMatchObject({ anchorKey: 'm:40', hasNewer: true });
    expect(useInbox.getState().active).toBe(idx);
  });

  it('pages down after the newest loaded message until none are newer', async () => {
    vi.spyOn(conversationsApi, 'messagesAround').mockResolvedValue({
      list: range(35, 44),
      hasMore: true,
      hasNewer: true,
      anchored: true,
    });
    const after = vi
      .spyOn(conversationsApi, 'messagesAfter')
      .mockResolvedValueOnce({ list: range(45, 54), hasMore: true, hasNewer: true })
      .mockResolvedValueOnce({ list: range(55, 60), hasMore: true, hasNewer: false });
    openConversationAt(idx, '40');
    await loadLatestMessages(idx);
    await loadNewerMessages(idx);
    await loadNewerMessages(idx);
    await loadNewerMessages(idx); // at the latest: nothing more is asked
    expect(after.mock.calls.map((c) => c[1])).toEqual(['44', '54']);
    expect(ids()).toEqual(range(35, 60).map((m) => Number(m.messageId)));
    expect(useInbox.getState().chats[idx]!.hasNewer).toBe(false);
  });
});
