import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditPush, MessageItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { say } from '../robots/robots.test-support.ts';
import { MessageIngest } from './message-ingest.service.ts';

// Issue 17: a platform's `messageEdited` (WhatsApp edits) becomes the message's new text with its
// edit time, in the chat, its preview and an `editMsg` push; revoked and non-text messages stay.

let demo: Session;
let acc: ListedAccount;
let ws: TestSocket;
const PEER = 'wxid_edit_peer';

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '编辑号' });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0 });
  ws = await openTestSocket(server.url, { token: demo.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await ws?.close();
});

/** Stores an edit as the account runtime's handler does. */
async function edit(msgId: string, content: string, at: number) {
  const ingest = new MessageIngest(server.deps);
  const account = (await server.accounts.accountOf(acc.wxid))!;
  await ingest.add({
    kind: 'edited',
    ev: { workWxid: acc.wxid, msgId, talkType: 1, peerId: PEER, content, at },
    account,
  });
  await ingest.drained();
}

/** Stores a revoke as the account runtime's handler does. */
async function revoke(msgId: string) {
  const ingest = new MessageIngest(server.deps);
  const account = (await server.accounts.accountOf(acc.wxid))!;
  await ingest.add({
    kind: 'revoked',
    ev: {
      workWxid: acc.wxid,
      msgId,
      talkType: 1,
      peerId: PEER,
      content: '对方撤回了一条消息',
      bySelf: false,
      at: Date.now(),
    },
    account,
  });
  await ingest.drained();
}

/** The chat's messages (none while the chat does not exist yet). */
async function messagesOf() {
  const r = await apiAs(server, demo).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${PEER}__${acc.wxid}`,
    limit: 100,
  });
  return r.status === 200 ? r.data.list : [];
}

async function stored(msgId: string) {
  return eventually(async () => (await messagesOf()).find((m) => m.msgId === msgId));
}

describe('edited messages', () => {
  it('shows the new text, when it was edited, in the chat and its preview, and pushes editMsg', async () => {
    const msgId = await say(server, demo, acc.wxid, PEER, '明天下午三点见');
    expect((await stored(msgId)).editedAt).toBeUndefined();
    await edit(msgId, '明天下午四点见', 1_800_000_000_000);
    const m = (await messagesOf()).find((x) => x.msgId === msgId)!;
    expect(m).toMatchObject({ content: '明天下午四点见', editedAt: 1_800_000_000_000, msgType: 1 });
    const frame = await ws.waitFor(
      (f) => f.event === 'editMsg' && (f.data as EditPush).msgId === msgId,
    );
    const push = frame.data as EditPush;
    expect(push).toMatchObject({ messageId: m.messageId, content: '明天下午四点见' });
    expect(push.conv?.msg_text).toBe('明天下午四点见');
    const list = await apiAs(server, demo).post<{
      list: { index_name: string; msg_text: string }[];
    }>('/main-api/conv/list', { workWxid: acc.wxid, pageSize: 100 });
    expect(list.data.list.find((c) => c.index_name === m.index_name)?.msg_text).toBe(
      '明天下午四点见',
    );
  });

  it('an older message keeps the chat preview; unknown messages and notices stay', async () => {
    const first = await say(server, demo, acc.wxid, PEER, '第一条');
    const second = await say(server, demo, acc.wxid, PEER, '第二条');
    await stored(second);
    await edit(first, '第一条（改）', 1_800_000_000_001);
    const frame = await ws.waitFor(
      (f) => f.event === 'editMsg' && (f.data as EditPush).msgId === first,
    );
    expect((frame.data as EditPush).conv).toBeUndefined();
    const chat = await messagesOf();
    expect(chat.find((m) => m.msgId === first)?.content).toBe('第一条（改）');
    const pic = await apiAs(server, demo).post<{ msgId: string }>('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: PEER,
      talkType: 1,
      msgType: 99,
      content: '你们已经是好友了',
    });
    expect(pic.status, pic.message).toBe(200);
    const notice = await stored(pic.data.msgId);
    await edit(pic.data.msgId, '不是文字', 1_800_000_000_002);
    await edit('no-such-message', '无', 1_800_000_000_003);
    const after = (await messagesOf()).find((m) => m.msgId === pic.data.msgId);
    expect(after).toMatchObject({ content: notice.content, msgType: 99 });
    expect(after?.editedAt).toBeUndefined();
  });

  it('an edit or a revoke the platform passes on again applies once; an older edit stays behind', async () => {
    const msgId = await say(server, demo, acc.wxid, PEER, '周一交货');
    await stored(msgId);
    const edits = () =>
      ws.frames.filter((f) => f.event === 'editMsg' && (f.data as EditPush).msgId === msgId);
    await edit(msgId, '周二交货', 1_800_000_001_000);
    await edit(msgId, '周三交货', 1_800_000_002_000);
    await ws.waitFor((f) => f.event === 'editMsg' && (f.data as EditPush).content === '周三交货');
    // The first edit again (WhatsApp's replay, or the adapter's after a kill), then the second.
    await edit(msgId, '周二交货', 1_800_000_001_000);
    await edit(msgId, '周三交货', 1_800_000_002_000);
    const m = (await messagesOf()).find((x) => x.msgId === msgId)!;
    expect(m).toMatchObject({ content: '周三交货', editedAt: 1_800_000_002_000 });
    expect(edits().map((f) => (f.data as EditPush).content)).toEqual(['周二交货', '周三交货']);

    const revokes = () =>
      ws.frames.filter(
        (f) => f.event === 'revokeMsg' && (f.data as { msgId: string }).msgId === msgId,
      );
    await revoke(msgId);
    await ws.waitFor(
      (f) => f.event === 'revokeMsg' && (f.data as { msgId: string }).msgId === msgId,
    );
    await revoke(msgId);
    // An edit after the revoke (a replay in the wrong order) does not bring the text back.
    await edit(msgId, '周四交货', 1_800_000_003_000);
    const gone = (await messagesOf()).find((x) => x.msgId === msgId)!;
    expect(gone).toMatchObject({ msgType: 99, content: '对方撤回了一条消息' });
    // Everything stored is pushed after its commit: a second revokeMsg would be here by now.
    await edit(msgId, '周三交货', 1_800_000_002_000);
    expect(revokes()).toHaveLength(1);
    expect(edits()).toHaveLength(2);
  });
});
