import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG_TYPE, REVOKE_WINDOW_MS } from '@cst/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { ConversationMenu, conversationMenuItems } from './list/ConversationMenu.tsx';
import { setChatPage, setListPage } from './store/inboxChanges.ts';
import { resetInbox, useInbox, type ChatMessage } from './store/inboxStore.ts';
import { MessageMenu, messageMenuItems, messageMenuTarget } from './chat/MessageMenu.tsx';
import { menuRowOf } from './PointMenu.tsx';
import { buildConv, buildMessage } from './store/testFactories.ts';

const conv = buildConv('wxid_a');
const t = i18n.t.bind(i18n);
const keysOf = (items: ReturnType<typeof messageMenuItems>) => items.map((i) => String(i?.key));

function chatMessage(over: Partial<ChatMessage> = {}): ChatMessage {
  return { ...buildMessage(conv, 1), key: 'm:1', local: false, ...over };
}

describe('the message menu entries', () => {
  const now = Date.UTC(2026, 0, 1) + 10_000;

  it('offers copy, quote, forward, collect and delete on a received text', () => {
    expect(keysOf(messageMenuItems(chatMessage(), true, t, now))).toEqual([
      'copy',
      'quote',
      'tool:forward',
      'tool:collect',
      'tool:delete',
    ]);
  });

  it('offers revoke on an own message only within the revoke window', () => {
    const own = chatMessage({ sendSide: 1 });
    expect(keysOf(messageMenuItems(own, true, t, now))).toContain('revoke');
    const late = own.msgTime + REVOKE_WINDOW_MS + 1;
    expect(keysOf(messageMenuItems(own, true, t, late))).not.toContain('revoke');
  });

  it('leaves out quote and revoke without the send permission', () => {
    const keys = keysOf(messageMenuItems(chatMessage({ sendSide: 1 }), false, t, now));
    expect(keys).not.toContain('quote');
    expect(keys).not.toContain('revoke');
    expect(keys).toContain('copy');
  });

  it('offers only copy on a message the server does not know yet', () => {
    const local = chatMessage({ local: true, messageId: '', msgId: null, sendSide: 1 });
    expect(keysOf(messageMenuItems(local, true, t, now))).toEqual(['copy']);
  });

  it('has no menu on a system notice', () => {
    expect(messageMenuItems(chatMessage({ msgType: MSG_TYPE.system }), true, t, now)).toEqual([]);
  });
});

describe('the list-wide message menu', () => {
  let key = '';
  beforeEach(() => {
    resetInbox();
    signInForTest(['conversation.read', 'conversation.send']);
    useInbox.getState().mutate((d) => {
      setChatPage(d, conv.index_name, [buildMessage(conv, 7)], false, false);
    });
    key = useInbox.getState().chats[conv.index_name]!.keys[0]!;
  });
  afterEach(() => cleanup());

  it('opens for a right click on a bubble, not elsewhere in the row', () => {
    const row = document.createElement('div');
    row.dataset.testid = 'msg-row';
    row.dataset.key = key;
    row.innerHTML = '<span class="avatar"></span><div class="msg-bubble"><b>text</b></div>';
    document.body.append(row);
    const onText = messageMenuTarget(
      { target: row.querySelector('b'), clientX: 10, clientY: 20 },
      true,
      t,
    );
    expect(onText).toEqual({ key, x: 10, y: 20 });
    const onAvatar = messageMenuTarget(
      { target: row.querySelector('.avatar'), clientX: 10, clientY: 20 },
      true,
      t,
    );
    expect(onAvatar).toBeNull();
    row.remove();
  });

  it('quotes the message it was opened on and closes', async () => {
    let closed = 0;
    render(
      <AppProviders>
        <MessageMenu at={{ key, x: 5, y: 5 }} onClose={() => (closed += 1)} />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByText(i18n.t('inbox.quote')));
    expect(useInbox.getState().quoting[conv.index_name]).toBe(key);
    expect(closed).toBe(1);
  });
});

describe('the conversation list menu', () => {
  beforeEach(() => resetInbox());
  afterEach(() => cleanup());

  it('offers pin, mark read only with unread, groups, do not disturb and transfer', () => {
    const keys = (c: ReturnType<typeof buildConv>) => keysOf(conversationMenuItems(c, t));
    expect(keys(buildConv('wxid_a', { unRead: 2 }))).toEqual(['pin', 'read', 'groups', 'disturb']);
    expect(keys(buildConv('wxid_a'))).toEqual(['pin', 'groups', 'disturb']);
    expect(keysOf(conversationMenuItems(buildConv('wxid_a'), t, { transfer: true })).at(-1)).toBe(
      'transfer',
    );
    const muted = conversationMenuItems(buildConv('wxid_a', { disturb: true }), t)[2];
    expect(muted && 'label' in muted ? muted.label : '').toBe(i18n.t('service.undisturb'));
    const pinned = conversationMenuItems(buildConv('wxid_a', { isPin: true }), t)[0];
    expect(pinned && 'label' in pinned ? pinned.label : '').toBe(i18n.t('inbox.unpin'));
  });

  it('finds the row a right click was on and asks for its groups from the menu', async () => {
    const c = buildConv('wxid_b', { unRead: 1 });
    useInbox.getState().mutate((d) => {
      setListPage(d, { mode: 'account', workWxid: 'wx_acc' }, 1, [c], 1, 50, Date.now());
    });
    const row = document.createElement('div');
    row.dataset.testid = 'conv-row';
    row.dataset.indexName = c.index_name;
    row.innerHTML = '<span class="name">b</span>';
    document.body.append(row);
    const at = menuRowOf(
      { target: row.querySelector('.name'), clientX: 3, clientY: 4 },
      '[data-testid="conv-row"]',
      'data-index-name',
    );
    row.remove();
    expect(at).toEqual({ key: c.index_name, x: 3, y: 4 });
    const picked: string[] = [];
    render(
      <AppProviders>
        <ConversationMenu
          at={at}
          onClose={() => undefined}
          onPickGroups={(id) => picked.push(id)}
          onTransfer={() => undefined}
        />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByText(i18n.t('inbox.setGroups')));
    expect(picked).toEqual([c.index_name]);
  });
});
