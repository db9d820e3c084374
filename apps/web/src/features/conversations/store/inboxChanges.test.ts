import { describe, expect, it } from 'vitest';
import {
  applyMerged,
  applyMessagePush,
  applyEdit,
  applyRevoke,
  applySendPush,
  ensureChat,
  fromServer,
  putMessage,
  setChatPage,
  setListPage,
  upsertConversation,
  zeroUnread,
} from './inboxChanges.ts';
import { Draft, emptyInboxData, FIRST_ITEM_INDEX, type InboxData } from './inboxStore.ts';
import type { ListView } from './listView.ts';
import { buildConv, buildMessage } from './testFactories.ts';

const NOW = Date.UTC(2026, 0, 2);
const view: ListView = { mode: 'account', workWxid: 'wx_acc' };

function withList(...convs: ReturnType<typeof buildConv>[]): InboxData {
  const d = new Draft(emptyInboxData());
  setListPage(d, view, 1, convs, convs.length, 50, NOW);
  return d.data;
}

const change = (data: InboxData, fn: (d: Draft) => void) => {
  const d = new Draft(data);
  fn(d);
  return d.data;
};

describe('conversation pushes', () => {
  it('move the conversation forward and count inbound messages; the source is not mutated', () => {
    const a = buildConv('a', { latestMsgTime: NOW - 1000 });
    const b = buildConv('b', { latestMsgTime: NOW - 2000 });
    const before = withList(a, b);
    const push = { ...buildMessage(b, 10), conv: { ...b, latestMsgTime: NOW, unRead: 1 } };
    let r = { applied: false, inbound: false };
    const after = change(before, (d) => (r = applyMessagePush(d, push, NOW)));
    expect(r).toEqual({ applied: true, inbound: true });
    expect(after.list.ids).toEqual([b.index_name, a.index_name]);
    expect(after.convs[b.index_name]!.unRead).toBe(1);
    expect(before.list.ids).toEqual([a.index_name, b.index_name]);
    expect(before.convs[b.index_name]!.unRead).toBe(0);
  });

  it('add a new conversation of the view and count it; ignore others', () => {
    const data = withList(buildConv('a'));
    const fresh = buildConv('new', { latestMsgTime: NOW });
    const other = buildConv('x', { workWxid: 'other_acc', latestMsgTime: NOW });
    const after = change(data, (d) => {
      applyMessagePush(d, { ...buildMessage(fresh, 1), conv: fresh }, NOW);
      applyMessagePush(d, { ...buildMessage(other, 2), conv: other }, NOW);
    });
    expect(after.list.ids).toEqual([fresh.index_name, buildConv('a').index_name]);
    expect(after.list.total).toBe(2);
    expect(after.convs[other.index_name]).toBeDefined();
  });

  it('skip blocked conversations entirely', () => {
    const blocked = buildConv('b', { blocked: true });
    const data = change(withList(blocked), (d) => ensureChat(d, blocked.index_name));
    let r = { applied: true, inbound: true };
    const after = change(data, (d) => {
      r = applyMessagePush(
        d,
        { ...buildMessage(blocked, 1), conv: { ...blocked, unRead: 1 } },
        NOW,
      );
    });
    expect(r).toEqual({ applied: false, inbound: false });
    expect(after.convs[blocked.index_name]!.unRead).toBe(0);
    expect(after.chats[blocked.index_name]!.keys).toEqual([]);
  });

  it('replace a 1970 time by the update time', () => {
    const c = buildConv('c', { latestMsgTime: 0 });
    const after = change(withList(), (d) => upsertConversation(d, c, NOW));
    expect(after.convs[c.index_name]!.latestMsgTime).toBe(NOW);
  });

  it('do not count operator messages or system notices as unread', () => {
    const c = buildConv('c');
    const res: boolean[] = [];
    change(withList(c), (d) => {
      res.push(applyMessagePush(d, buildMessage(c, 1, { sendSide: 1 }), NOW).inbound);
      res.push(applyMessagePush(d, buildMessage(c, 2, { msgType: 99 }), NOW).inbound);
      res.push(applyMessagePush(d, buildMessage(c, 3), NOW).inbound);
    });
    expect(res).toEqual([false, false, true]);
  });
});

describe('one person, one chat (convMerged)', () => {
  it('drops the gone chat and its messages, shows the survivor once, to be read again', () => {
    const phone = buildConv('8613900000003@s.whatsapp.net', { latestMsgTime: NOW - 1000 });
    const other = buildConv('b', { latestMsgTime: NOW - 2000 });
    const lid = buildConv('444@lid', { latestMsgTime: NOW - 1000, unRead: 3 });
    const before = change(withList(phone, other), (d) => {
      ensureChat(d, phone.index_name);
      putMessage(d, fromServer(buildMessage(phone, 1)));
    });
    const after = change(before, (d) => applyMerged(d, phone.index_name, lid, NOW));
    expect(after.list.ids).toEqual([lid.index_name, other.index_name]);
    expect(after.list.total).toBe(2);
    expect(after.convs[phone.index_name]).toBeUndefined();
    expect(after.chats[phone.index_name]).toBeUndefined();
    expect(after.convs[lid.index_name]!.unRead).toBe(3);
    // A replay changes nothing more.
    const again = change(after, (d) => applyMerged(d, phone.index_name, lid, NOW));
    expect(again.list.ids).toEqual(after.list.ids);
    expect(again.list.total).toBe(2);
  });
});

describe('chats', () => {
  const c = buildConv('c');
  const page = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => buildMessage(c, from + i));

  it('insert each message once, in order, whatever order and however often it arrives', () => {
    const after = change(withList(c), (d) => {
      setChatPage(d, c.index_name, page(5, 7), true, false);
      applyMessagePush(d, buildMessage(c, 9), NOW);
      applyMessagePush(d, buildMessage(c, 8), NOW);
      applyMessagePush(d, buildMessage(c, 9), NOW);
      setChatPage(d, c.index_name, page(6, 9), true, false);
    });
    expect(after.chats[c.index_name]!.keys).toEqual(['m:5', 'm:6', 'm:7', 'm:8', 'm:9']);
  });

  it('keep pushes that arrive while the first page loads', () => {
    const after = change(withList(c), (d) => {
      ensureChat(d, c.index_name);
      applyMessagePush(d, buildMessage(c, 31), NOW);
      setChatPage(d, c.index_name, page(1, 30), true, false);
    });
    const chat = after.chats[c.index_name]!;
    expect(chat.keys).toHaveLength(31);
    expect(chat.keys.at(-1)).toBe('m:31');
    expect(chat.loaded).toBe(true);
  });

  it('prepend older pages and lower firstItemIndex by as many, so the view does not jump', () => {
    const after = change(withList(c), (d) => {
      setChatPage(d, c.index_name, page(61, 90), true, false);
      setChatPage(d, c.index_name, page(31, 60), true, true);
      setChatPage(d, c.index_name, page(1, 30), false, true);
    });
    const chat = after.chats[c.index_name]!;
    expect(chat.keys).toHaveLength(90);
    expect(chat.keys[0]).toBe('m:1');
    expect(chat.firstItemIndex).toBe(FIRST_ITEM_INDEX - 60);
    expect(chat.hasMore).toBe(false);
  });

  it('replace the chat when the latest page leaves a gap after it (long disconnect)', () => {
    const after = change(withList(c), (d) => {
      setChatPage(d, c.index_name, page(1, 30), true, false);
      setChatPage(d, c.index_name, page(100, 129), true, false);
    });
    const chat = after.chats[c.index_name]!;
    expect(chat.keys[0]).toBe('m:100');
    expect(chat.keys).toHaveLength(30);
    expect(chat.generation).toBe(2);
  });
});

describe('sending', () => {
  const c = buildConv('c');
  it('reconciles the optimistic message with the echo and the send pushes by sendingUUid', () => {
    const local = {
      ...buildMessage(c, 0, { sendSide: 1, sendingUUid: 'u1', messageId: '', msgId: null }),
      key: 'u:u1',
      local: true,
      createSort: Number.MAX_SAFE_INTEGER,
    };
    let data = change(withList(c), (d) => {
      setChatPage(d, c.index_name, [buildMessage(c, 1)], false, false);
      putMessage(d, local);
      applyMessagePush(d, buildMessage(c, 2), NOW);
    });
    expect(data.chats[c.index_name]!.keys).toEqual(['m:1', 'm:2', 'u:u1']);
    data = change(data, (d) =>
      applyMessagePush(d, buildMessage(c, 3, { sendSide: 1, sendingUUid: 'u1', msgId: null }), NOW),
    );
    expect(data.chats[c.index_name]!.keys).toEqual(['m:1', 'm:2', 'u:u1']);
    expect(data.messages['u:u1']).toMatchObject({ messageId: '3', local: false });
    const progress = { messageId: '3', sendingUUid: 'u1', msgId: 'p3', status: 0 };
    data = change(data, (d) =>
      applySendPush(d, { ...progress, sendOk: true, deliveryOK: false, readOK: false }),
    );
    expect(data.messages['u:u1']).toMatchObject({ sendOk: true, msgId: 'p3', failed: false });
    data = change(data, (d) =>
      applySendPush(d, { ...progress, status: 1, sendOk: true, deliveryOK: true, readOK: true }),
    );
    expect(data.messages['u:u1']).toMatchObject({ readOK: true, deliveryOK: true });
    data = change(data, (d) =>
      applySendPush(d, {
        ...progress,
        sendingUUid: null,
        status: 2,
        sendOk: false,
        deliveryOK: false,
        readOK: false,
        errMessage: '对方已拒收',
      }),
    );
    expect(data.messages['u:u1']).toMatchObject({ failed: true, errMessage: '对方已拒收' });
  });

  it('keeps a failed or read bubble when a picture of the send taken before arrives after', () => {
    const sent = (over: Parameters<typeof buildMessage>[2] = {}) =>
      buildMessage(c, 4, { sendSide: 1, sendingUUid: 'u4', msgId: null, requestId: 'r1', ...over });
    const refused = {
      requestId: 'r1',
      messageId: '4',
      sendingUUid: 'u4',
      msgId: 'p4',
      status: 2,
      sendOk: false,
      deliveryOK: false,
      readOK: false,
      errMessage: '对方已开启朋友验证',
    };
    const opened = change(withList(c), (d) => setChatPage(d, c.index_name, [], false, false));
    // The send's own push first, then the refusal: failed.
    let data = change(opened, (d) => {
      applyMessagePush(d, sent(), NOW);
      applySendPush(d, refused);
    });
    expect(data.messages['u:u4']).toMatchObject({ failed: true, errMessage: '对方已开启朋友验证' });
    // The refusal first, then the send's own push (taken before it): still failed.
    data = change(opened, (d) => {
      putMessage(d, { ...fromServer(sent({ messageId: '' })), local: true });
      applySendPush(d, refused);
      applyMessagePush(d, sent(), NOW);
    });
    expect(data.messages['u:u4']).toMatchObject({
      messageId: '4',
      msgId: 'p4',
      failed: true,
      errMessage: '对方已开启朋友验证',
      local: false,
    });
    // Read, then an older picture: still read.
    data = change(opened, (d) => {
      applyMessagePush(d, sent(), NOW);
      applySendPush(d, { ...refused, status: 1, sendOk: true, deliveryOK: true, readOK: true });
      applyMessagePush(d, sent(), NOW);
    });
    expect(data.messages['u:u4']).toMatchObject({ sendOk: true, deliveryOK: true, readOK: true });
    // A resend is a new attempt: its picture starts over.
    data = change(data, (d) => {
      applySendPush(d, refused);
      applyMessagePush(d, sent({ requestId: 'r2' }), NOW);
    });
    expect(data.messages['u:u4']).toMatchObject({ failed: false, errMessage: null, readOK: false });
  });

  it("marks a chat's row when its last message failed, and clears it on a resend", () => {
    const conv = buildConv('wx_failing', { messageId: '7' });
    const failure = {
      messageId: '7',
      sendingUUid: null,
      msgId: null,
      sendOk: false,
      deliveryOK: false,
      readOK: false,
      index_name: conv.index_name,
    };
    // The chat is in the list, its messages never opened.
    let data = change(withList(conv), (d) =>
      applySendPush(d, { ...failure, status: 2, errMessage: '对方已拒收' }),
    );
    expect(data.convs[conv.index_name]!.lastFailed).toBe(true);
    // A rename keeps the mark; an earlier message failing does not set it.
    data = change(data, (d) => upsertConversation(d, { ...conv, nickname: '新名字' }, NOW));
    expect(data.convs[conv.index_name]!.lastFailed).toBe(true);
    data = change(data, (d) => applySendPush(d, { ...failure, status: 0, sendOk: true }));
    expect(data.convs[conv.index_name]!.lastFailed).toBeFalsy();
    data = change(data, (d) => applySendPush(d, { ...failure, messageId: '6', status: 2 }));
    expect(data.convs[conv.index_name]!.lastFailed).toBeFalsy();
  });

  it('keeps the words of an own text recalled here, for editing again', () => {
    const c2 = buildConv('wx_recall', { messageId: '2' });
    const mine = { ...buildMessage(c2, 1), sendSide: 1 as const, content: '写错了' };
    const theirs = { ...buildMessage(c2, 2), sendSide: 2 as const, content: '对方的' };
    let data = change(withList(c2), (d) =>
      setChatPage(d, c2.index_name, [mine, theirs], false, false),
    );
    const revoke = (messageId: string) => (d: Draft) =>
      applyRevoke(d, { index_name: c2.index_name, messageId, content: '撤回了一条消息' }, NOW);
    data = change(data, revoke('1'));
    data = change(data, revoke('2'));
    const byId = (id: string) => data.messages[data.keyByMessageId[id]!]!;
    expect(byId('1')).toMatchObject({ revoked: true, recalledText: '写错了' });
    expect(byId('2').revoked).toBe(true);
    expect(byId('2').recalledText).toBeUndefined();
  });

  it('shows an edited text with its edit time; the preview moves only with a conv', () => {
    let data = change(withList(c), (d) =>
      setChatPage(d, c.index_name, [buildMessage(c, 1), buildMessage(c, 2)], false, false),
    );
    data = change(data, (d) =>
      applyEdit(d, { messageId: '1', content: '改过的第一条', editedAt: NOW }, NOW),
    );
    expect(data.messages['m:1']).toMatchObject({ content: '改过的第一条', editedAt: NOW });
    expect(data.convs[c.index_name]!.msg_text).toBe(c.msg_text);
    data = change(data, (d) =>
      applyEdit(
        d,
        {
          messageId: '2',
          content: '改过的第二条',
          editedAt: NOW + 1,
          conv: { ...c, msg_text: '改过的第二条' },
        },
        NOW,
      ),
    );
    expect(data.messages['m:2']).toMatchObject({ content: '改过的第二条', editedAt: NOW + 1 });
    expect(data.convs[c.index_name]!.msg_text).toBe('改过的第二条');
  });

  it('turns a revoked message into the notice and updates the preview', () => {
    let data = change(withList(c), (d) =>
      setChatPage(d, c.index_name, [buildMessage(c, 1)], false, false),
    );
    data = change(data, (d) =>
      applyRevoke(
        d,
        {
          index_name: c.index_name,
          messageId: '1',
          content: '你撤回了一条消息',
          conv: { ...c, msg_text: '你撤回了一条消息', lastMsgType: 99 },
        },
        NOW,
      ),
    );
    expect(data.messages['m:1']).toMatchObject({
      msgType: 99,
      revoked: true,
      content: '你撤回了一条消息',
    });
    expect(data.convs[c.index_name]!.msg_text).toBe('你撤回了一条消息');
  });
});

describe('unread', () => {
  it('zeroes a conversation and tells the count it had; unknown ones give null', () => {
    const c = buildConv('c', { unRead: 4 });
    let prev: number | null = -1;
    const data = change(withList(c), (d) => (prev = zeroUnread(d, c.index_name)));
    expect(prev).toBe(4);
    expect(data.convs[c.index_name]!.unRead).toBe(0);
    change(data, (d) => (prev = zeroUnread(d, 'nope')));
    expect(prev).toBeNull();
  });

  it('keeps a pushed conversation that is newer than the list page that raced it', () => {
    const c = buildConv('c', { messageId: '5', unRead: 0 });
    let data = withList();
    data = change(data, (d) => upsertConversation(d, { ...c, messageId: '9', unRead: 2 }, NOW));
    data = change(data, (d) => setListPage(d, view, 1, [c], 1, 50, NOW));
    expect(data.convs[c.index_name]).toMatchObject({ messageId: '9', unRead: 2 });
  });
});

describe('the group-chat view', () => {
  it('keeps only group chats and counts what it holds when the server did not filter', () => {
    const single = buildConv('s');
    const group = buildConv('g@chatroom', { talkType: 2 });
    const v: ListView = { mode: 'aggregated', talkType: 2 };
    const data = change(emptyInboxData(), (d) => setListPage(d, v, 1, [single, group], 2, 50, NOW));
    expect(data.list.ids).toEqual([group.index_name]);
    expect(data.list.total).toBe(1);
  });

  it("keeps a group's member count from the list when a push leaves it out", () => {
    const group = buildConv('g@chatroom', { talkType: 2, memberCount: 38, messageId: '1' });
    const v: ListView = { mode: 'aggregated', talkType: 2 };
    let data = change(emptyInboxData(), (d) => setListPage(d, v, 1, [group], 1, 50, NOW));
    const { memberCount: _dropped, ...pushed } = { ...group, messageId: '5' };
    data = change(data, (d) => upsertConversation(d, pushed, NOW));
    expect(data.convs[group.index_name]).toMatchObject({ messageId: '5', memberCount: 38 });
    // A later page read while the store holds a newer message: the page's count wins.
    data = change(data, (d) =>
      setListPage(d, v, 1, [{ ...group, messageId: '2', memberCount: 40 }], 1, 50, NOW),
    );
    expect(data.convs[group.index_name]).toMatchObject({ messageId: '5', memberCount: 40 });
  });
});
