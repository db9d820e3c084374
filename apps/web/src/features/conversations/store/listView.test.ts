import { describe, expect, it } from 'vitest';
import {
  belongsToView,
  compareConversations,
  placeInOrder,
  viewKey,
  viewReady,
  type ListView,
} from './listView.ts';
import { buildConv } from './testFactories.ts';

describe('the conversation list order', () => {
  it('puts pinned first, then the newest', () => {
    const a = buildConv('a', { latestMsgTime: 3 });
    const b = buildConv('b', { latestMsgTime: 5 });
    const p = buildConv('p', { latestMsgTime: 1, isPin: true });
    expect([a, b, p].sort(compareConversations).map((c) => c.receiver_id)).toEqual(['p', 'b', 'a']);
  });

  it('moves an item to its place when it changes', () => {
    const convs = {
      a: buildConv('a', { latestMsgTime: 30 }),
      b: buildConv('b', { latestMsgTime: 20 }),
      c: buildConv('c', { latestMsgTime: 10 }),
      p: buildConv('p', { latestMsgTime: 1, isPin: true }),
    };
    const by = (id: string) => convs[id as keyof typeof convs];
    expect(placeInOrder(['p', 'a', 'b', 'c'], 'c', by)).toEqual(['p', 'a', 'b', 'c']);
    convs.c = { ...convs.c, latestMsgTime: 40 };
    expect(placeInOrder(['p', 'a', 'b', 'c'], 'c', by)).toEqual(['p', 'c', 'a', 'b']);
    convs.b = { ...convs.b, isPin: true };
    expect(placeInOrder(['p', 'c', 'a', 'b'], 'b', by)).toEqual(['b', 'p', 'c', 'a']);
    expect(placeInOrder(['a'], 'missing', by)).toEqual(['a']);
  });
});

describe('views', () => {
  it('need an account (account mode) or a group (custom mode)', () => {
    expect(viewReady({ mode: 'account' })).toBe(false);
    expect(viewReady({ mode: 'account', workWxid: 'w' })).toBe(true);
    expect(viewReady({ mode: 'custom' })).toBe(false);
    expect(viewReady({ mode: 'unread' })).toBe(true);
    expect(viewKey({ mode: 'unread' })).not.toBe(viewKey({ mode: 'unread', keyword: 'x' }));
  });

  it('take a pushed conversation only when it matches the mode and filters', () => {
    const c = buildConv('wxid_zhang', { name: '张三', remark: '张三', unRead: 1 });
    expect(belongsToView(c, { mode: 'account', workWxid: 'wx_acc' })).toBe(true);
    expect(belongsToView(c, { mode: 'account', workWxid: 'other' })).toBe(false);
    expect(belongsToView(c, { mode: 'aggregated' })).toBe(true);
    expect(belongsToView(c, { mode: 'unread' })).toBe(true);
    expect(belongsToView({ ...c, unRead: 0 }, { mode: 'unread' })).toBe(false);
    expect(belongsToView(c, { mode: 'pinned' })).toBe(false);
    expect(belongsToView(c, { mode: 'custom', sessionGroupId: 'g' })).toBe(false);
    expect(belongsToView(c, { mode: 'aggregated', keyword: '张' })).toBe(true);
    expect(belongsToView(c, { mode: 'aggregated', keyword: '李' })).toBe(false);
    expect(belongsToView(c, { mode: 'aggregated', talkType: 2 })).toBe(false);
  });
});

describe('the inbox views of the service flow', () => {
  const view = (over: Partial<ListView>): ListView => ({ mode: 'aggregated', ...over });
  it('keeps my open chats in 我的 and lets resolved ones leave', () => {
    const mine = buildConv('m', { assigneeUid: 'u1', assigneeName: 'A' });
    const me = view({ assignee: 'me', me: 'u1' });
    expect(belongsToView(mine, me)).toBe(true);
    expect(belongsToView({ ...mine, status: 'resolved' }, me)).toBe(false);
    expect(belongsToView({ ...mine, assigneeUid: 'u2' }, me)).toBe(false);
    expect(belongsToView({ ...mine, status: 'resolved' }, { ...me, status: 'resolved' })).toBe(
      true,
    );
  });

  it('shows only chats nobody has in 未分配, and tells views apart by key', () => {
    const free = buildConv('f');
    expect(belongsToView(free, view({ assignee: 'unassigned' }))).toBe(true);
    expect(belongsToView({ ...free, assigneeUid: 'u1' }, view({ assignee: 'unassigned' }))).toBe(
      false,
    );
    expect(belongsToView({ ...free, status: 'pending' }, view({ status: 'open' }))).toBe(false);
    expect(viewKey(view({ assignee: 'me' }))).not.toBe(viewKey(view({})));
    expect(viewKey(view({ status: 'open' }))).not.toBe(viewKey(view({ assignee: 'me' })));
  });
});
