import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationItem, MentionPush, MessageItem, NoteSeat } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { buildAccount, buildOtherTenant, signInAs } from '../../../test/factories.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { chatOf, say, waitReceived } from '../robots/robots.test-support.ts';

/** The chat's messages, none while it does not exist yet. */
async function shown(s: Session, wxid: string, peer: string): Promise<MessageItem[]> {
  const r = await apiAs(server, s).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${peer}__${wxid}`,
    limit: 100,
  });
  return r.status === 200 ? r.data.list : [];
}

// Issue 31 §4: a private note is stored in the chat, shown to the seats who see it and pushed to
// them only, never sent to the platform, never the chat's preview; a mention reaches its seat.

const server = useStartedServer({ accounts: { simulator: { loginDelayMs: 20 } } });
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let accA: ListedAccount;
let accB: ListedAccount;
const sockets: Record<string, TestSocket> = {};
const PEER = 'wxid_note_peer';
const idxA = () => `1__${PEER}__${accA.wxid}`;

async function socketOf(name: string, s: Session) {
  const ws = await openTestSocket(server.url, { token: s.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
  sockets[name] = ws;
  return ws;
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(server, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(server);
  accA = await buildAccount(server, demo, { nickname: '备注号A', distributeTo: seat1 });
  accB = await buildAccount(server, demo, { nickname: '备注号B', distributeTo: seat2 });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0 });
  await socketOf('demo', demo);
  await socketOf('seat1', seat1);
  await socketOf('seat2', seat2);
  await say(server, demo, accA.wxid, PEER, '在吗？想问一下价格');
  await eventually(async () => (await shown(seat1, accA.wxid, PEER)).length > 0);
});
afterAll(async () => {
  for (const ws of Object.values(sockets)) await ws.close();
});

const note = (s: Session, body: Record<string, unknown>) =>
  apiAs(server, s).post<{ messageId: string }>('/main-api/conv/note', body);

describe('private notes', () => {
  it('lists the seats who see the chat, not the others', async () => {
    const r = await apiAs(server, seat1).post<{ list: NoteSeat[] }>('/main-api/conv/note-seats', {
      index_name: idxA(),
    });
    expect(r.status, r.message).toBe(200);
    const uids = r.data.list.map((s) => s.uid);
    expect(uids).toContain(seat1.uid);
    expect(uids).toContain(demo.uid);
    expect(uids).not.toContain(seat2.uid);
  });

  it('stores a note with its author and mentions, pushes it and the mention, never sends it', async () => {
    const r = await note(seat1, {
      index_name: idxA(),
      content: '客户要报价单，@老板 请确认折扣',
      mentions: [demo.uid],
    });
    expect(r.status, r.message).toBe(200);
    const id = r.data.messageId;
    const chat = await chatOf(server, seat1, accA.wxid, PEER);
    const stored = chat.find((m) => m.messageId === id);
    expect(stored).toMatchObject({
      private: true,
      content: '客户要报价单，@老板 请确认折扣',
      noteBy: { uid: seat1.uid, name: '客服一号' },
      mentions: [{ uid: demo.uid }],
    });
    // Ordered by id with the chat's messages: after the contact's question.
    expect(chat.at(-1)?.messageId).toBe(id);

    const pushed = await sockets.seat1!.waitFor(
      (f) => f.event === 'note' && (f.data as MessageItem).messageId === id,
    );
    expect((pushed.data as MessageItem).private).toBe(true);
    await sockets.demo!.waitFor((f) => f.event === 'note');
    const mention = await sockets.demo!.waitFor((f) => f.event === 'mention');
    expect(mention.data as MentionPush).toMatchObject({
      index_name: idxA(),
      messageId: id,
      by: { uid: seat1.uid, name: '客服一号' },
    });
    expect(sockets.seat1!.pushes('mention')).toHaveLength(0);

    // The chat's preview and unread are the contact's message, not the note.
    const list = await apiAs(server, seat1).post<{ list: ConversationItem[] }>(
      '/main-api/conv/list',
      { workWxid: accA.wxid },
    );
    const conv = list.data.list.find((c) => c.index_name === idxA())!;
    expect(conv.msg_text).toBe('在吗？想问一下价格');

    // A real send after the note: the contact receives it, and only it.
    const sent = await apiAs(server, seat1).post('/main-api/conv/send-text', {
      workWxid: accA.wxid,
      receiver_id: PEER,
      talkType: 1,
      content: '您好，稍等我确认一下',
      sendingUUid: 'note-barrier-1',
    });
    expect(sent.status, sent.message).toBe(200);
    const got = await waitReceived(server, demo, accA.wxid, PEER, 1);
    expect(got.map((m) => m.content)).toEqual(['您好，稍等我确认一下']);

    // seat2 does not see the chat: no note, no mention. A mention of seat2 in a chat it sees
    // comes after, so by then any push of the first note would have reached it.
    const idxB = `1__wxid_note_b__${accB.wxid}`;
    await say(server, demo, accB.wxid, 'wxid_note_b', 'hello');
    await eventually(async () => (await shown(seat2, accB.wxid, 'wxid_note_b')).length > 0);
    const second = await note(demo, { index_name: idxB, content: '请跟进', mentions: [seat2.uid] });
    expect(second.status, second.message).toBe(200);
    await sockets.seat2!.waitFor(
      (f) => f.event === 'mention' && (f.data as MentionPush).messageId === second.data.messageId,
    );
    const seen = sockets.seat2!.frames.filter(
      (f) => (f.data as { messageId?: string } | undefined)?.messageId === id,
    );
    expect(seen).toEqual([]);
  });

  it('mentions only seats who see the chat', async () => {
    const r = await note(seat1, { index_name: idxA(), content: '看一下', mentions: [seat2.uid] });
    expect(r.status).toBe(400);
    expect(r.message).toBe('只能 @ 能看到此会话的坐席');
  });

  it('refuses an empty note and another tenant’s chat', async () => {
    expect((await note(seat1, { index_name: idxA(), content: '  ' })).status).toBe(400);
    expect((await note(other, { index_name: idxA(), content: '偷看' })).status).toBe(404);
    expect((await note(seat2, { index_name: idxA(), content: '偷看' })).status).toBe(404);
  });

  it('opens the chat at a note', async () => {
    const r = await note(seat1, { index_name: idxA(), content: '锚点备注' });
    for (let i = 0; i < 5; i++) await say(server, demo, accA.wxid, PEER, `后续 ${i}`);
    await eventually(
      async () =>
        (await chatOf(server, seat1, accA.wxid, PEER)).filter((m) => m.sendSide === 2).length >= 6,
    );
    const around = await apiAs(server, seat1).post<{ list: MessageItem[]; anchored: boolean }>(
      '/main-api/conv/messages',
      { index_name: idxA(), aroundMessageId: r.data.messageId, limit: 4 },
    );
    expect(around.data.anchored).toBe(true);
    expect(around.data.list.map((m) => m.messageId)).toContain(r.data.messageId);
  });
});

describe('notes between pages', () => {
  it('shows each note once, on the page of the messages around it', async () => {
    const peer = 'wxid_note_pages';
    const page = (extra: Record<string, unknown>) =>
      apiAs(server, seat1).post<{ list: MessageItem[]; hasMore: boolean }>(
        '/main-api/conv/messages',
        { index_name: `1__${peer}__${accA.wxid}`, limit: 2, ...extra },
      );
    const texts = (list: MessageItem[]) => list.map((m) => m.content);
    const sayAndWait = async (text: string, count: number) => {
      await say(server, demo, accA.wxid, peer, text);
      await eventually(async () => (await shown(seat1, accA.wxid, peer)).length >= count);
    };
    await sayAndWait('第一条', 1);
    await sayAndWait('第二条', 2);
    const written = await note(seat1, {
      index_name: `1__${peer}__${accA.wxid}`,
      content: '备注在中间',
    });
    expect(written.status, written.message).toBe(200);
    await sayAndWait('第三条', 4);
    await sayAndWait('第四条', 5);

    const first = await page({});
    expect(texts(first.data.list)).toEqual(['第三条', '第四条']);
    expect(first.data.hasMore).toBe(true);
    const second = await page({ beforeMessageId: first.data.list[0]!.messageId });
    expect(texts(second.data.list)).toEqual(['第一条', '第二条', '备注在中间']);
    expect(second.data.hasMore).toBe(false);
    const last = await page({ beforeMessageId: second.data.list[0]!.messageId });
    expect(texts(last.data.list)).toEqual([]);
  });
});

describe('group mentions', () => {
  it('sends the members a group text mentions as platform mentions', async () => {
    const world = await apiAs(server, demo).get<{
      groups: { groupId: string; members: { wxid: string; nickname: string }[] }[];
    }>(`/sim-api/contacts?workWxid=${accA.wxid}`);
    const group = world.data.groups[0]!;
    const member = group.members.find((m) => m.wxid !== accA.wxid)!;
    const r = await apiAs(server, seat1).post('/main-api/conv/send-text', {
      workWxid: accA.wxid,
      receiver_id: group.groupId,
      talkType: 2,
      content: `@${member.nickname} 请看群公告`,
      sendingUUid: 'group-mention-1',
      mentions: [member.wxid],
    });
    expect(r.status, r.message).toBe(200);
    const got = await waitReceived(server, demo, accA.wxid, group.groupId, 1);
    expect(got[0]).toMatchObject({
      content: `@${member.nickname} 请看群公告`,
      atWxids: [member.wxid],
    });
    // A single chat has nobody to mention: the text goes without.
    await apiAs(server, seat1).post('/main-api/conv/send-text', {
      workWxid: accA.wxid,
      receiver_id: PEER,
      talkType: 1,
      content: '单聊不带提及',
      sendingUUid: 'group-mention-2',
      mentions: [member.wxid],
    });
    const single = await waitReceived(server, demo, accA.wxid, PEER, 2);
    expect(single.at(-1)?.atWxids).toBeUndefined();
  });
});
