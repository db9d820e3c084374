import { describe, expect, it } from 'vitest';
import { appendNewerPage, setChatAround, startAnchoredChat } from './anchorChanges.ts';
import { applyMessagePush, ensureChat, setChatPage } from './inboxChanges.ts';
import { Draft, emptyInboxData, FIRST_ITEM_INDEX, type InboxData } from './inboxStore.ts';
import { buildConv, buildMessage } from './testFactories.ts';

const conv = buildConv('a');
const idx = conv.index_name;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => buildMessage(conv, from + i));
const ids = (data: InboxData) =>
  data.chats[idx]!.keys.map((k) => data.messages[k]!.messageId).map(Number);

const change = (data: InboxData, fn: (d: Draft) => void) => {
  const d = new Draft(data);
  fn(d);
  return d.data;
};

/** A chat showing the latest page 91–100, then opened at message 40 (page 35–44). */
function openedAt40(): InboxData {
  let data = change(emptyInboxData(), (d) => {
    ensureChat(d, idx);
    setChatPage(d, idx, range(91, 100), true, false);
  });
  data = change(data, (d) => startAnchoredChat(d, idx, '40'));
  expect(data.chats[idx]).toMatchObject({ keys: [], loaded: false, anchorId: '40', generation: 2 });
  return change(data, (d) =>
    setChatAround(d, idx, range(35, 44), { hasMore: true, hasNewer: true, anchored: true }, '40'),
  );
}

describe('a chat opened at a message', () => {
  it('shows the page around it, marks it, and is away from the latest', () => {
    const data = openedAt40();
    expect(ids(data)).toEqual([35, 36, 37, 38, 39, 40, 41, 42, 43, 44]);
    expect(data.chats[idx]).toMatchObject({
      loaded: true,
      hasMore: true,
      hasNewer: true,
      anchorId: null,
      anchorKey: 'm:40',
      firstItemIndex: FIRST_ITEM_INDEX,
    });
  });

  it('keeps newer pushes out of the list until the pages down reach the latest', () => {
    let data = openedAt40();
    data = change(data, (d) => applyMessagePush(d, buildMessage(conv, 101), Date.now()));
    expect(ids(data)).not.toContain(101);
    expect(data.messages['m:101']).toBeDefined();
    data = change(data, (d) => appendNewerPage(d, idx, range(45, 54), true));
    expect(ids(data).at(-1)).toBe(54);
    expect(data.chats[idx]!.hasNewer).toBe(true);
    // The last page down: the chat joins the latest, the waiting push included, in order.
    data = change(data, (d) => appendNewerPage(d, idx, range(55, 100), false));
    expect(ids(data)).toEqual(range(35, 101).map((m) => Number(m.messageId)));
    expect(data.chats[idx]!.hasNewer).toBe(false);
    // Now pushes are listed at once.
    data = change(data, (d) => applyMessagePush(d, buildMessage(conv, 102), Date.now()));
    expect(ids(data).at(-1)).toBe(102);
  });

  it('a latest page (a resync) brings the chat back to the latest', () => {
    let data = openedAt40();
    data = change(data, (d) => setChatPage(d, idx, range(91, 100), true, false));
    expect(ids(data)).toEqual(range(91, 100).map((m) => Number(m.messageId)));
    expect(data.chats[idx]).toMatchObject({ hasNewer: false, anchorKey: null, generation: 3 });
  });

  it('a message older than the window opens at the latest page without a mark', () => {
    let data = change(emptyInboxData(), (d) => startAnchoredChat(d, idx, '5'));
    data = change(data, (d) =>
      setChatAround(
        d,
        idx,
        range(91, 100),
        { hasMore: true, hasNewer: false, anchored: false },
        '5',
      ),
    );
    expect(ids(data)).toEqual(range(91, 100).map((m) => Number(m.messageId)));
    expect(data.chats[idx]).toMatchObject({ anchorKey: null, hasNewer: false, loaded: true });
  });
});
