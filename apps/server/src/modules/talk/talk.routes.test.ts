import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushEvents } from '../../db/schema/index.ts';
import type {
  ChatRecords,
  EmoticonItem,
  MessageItem,
  RichSendResult,
  VoteRecord,
} from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import {
  addAccount,
  apiAs,
  eventually,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { multipart, pngOf, SAMPLE } from '../files/files.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;
let acc2: ListedAccount;

const FRIEND = 'wxid_talk_friend_1';
const FRIEND2 = 'wxid_talk_friend_2';
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

async function messagesOf(s: Session, peerId = FRIEND, account = acc) {
  const r = await api(s).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${peerId}__${account.wxid}`,
    limit: 100,
  });
  return r.status === 200 ? r.data.list : [];
}

async function inbound(msgType: number, content = '', fromWxid = FRIEND, account = acc) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: account.wxid,
    fromWxid,
    talkType: 1,
    msgType,
    content,
  });
  expect(r.status, r.message).toBe(200);
  return eventually(async () =>
    (await messagesOf(demo, fromWxid, account)).find((m) => m.msgId === r.data.msgId),
  );
}

function poll(recordId: string, answerMode: 0 | 1) {
  return JSON.stringify({
    title: '[投票] 周五团建去哪里',
    appName: '群投票',
    vote: {
      record_id: recordId,
      detail: {
        title: '周五团建去哪里',
        answer_mode: answerMode,
        answer_num: 10,
        answered_num: 4,
        answer_option: [
          { key: '1', value: '爬山' },
          { key: '2', value: '烧烤' },
          { key: '3', value: '电影' },
        ],
      },
      statistics: {
        count: 4,
        options: [
          { key: '1', count: 3 },
          { key: '2', count: 1 },
          { key: '3', count: 0 },
        ],
      },
      vote_users: [],
    },
  });
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '工具测试号', distributeTo: seat1 });
  acc2 = await buildAccount(ctx, demo, { nickname: '工具测试号二' });
  await quickSimulator(ctx, demo);
  await inbound(1, '你好');
  await inbound(1, '你好', FRIEND2);
  await inbound(1, '另一个号', FRIEND, acc2);
});

describe('emoticons', () => {
  it('lists a generated system set and serves its pictures', async () => {
    const r = await api(seat1).get<{ list: EmoticonItem[] }>('/api/v1/emoticon/system');
    expect(r.status).toBe(200);
    expect(r.data.list.length).toBeGreaterThanOrEqual(12);
    expect(r.data.list[0]).toMatchObject({ id: 'sys:smile', name: '微笑', system: true });
    const png = await ctx.app.inject({
      method: 'GET',
      url: `${r.data.list[0]!.url}`,
      headers: seat1.fileCookie,
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const en = await api(seat1, 'en').get<{ list: EmoticonItem[] }>('/api/v1/emoticon/system');
    expect(en.data.list[0]!.name).toBe('Smile');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/emoticon/system/nope.png`,
      headers: seat1.fileCookie,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a system sticker and one of the user set', async () => {
    const r = await api(seat1).post<RichSendResult>('/api/v1/talk/message/emoticon', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      sendingUUid: 'emo-1',
      emoticonId: 'sys:heart',
    });
    expect(r.status, r.message).toBe(200);
    const m = await eventually(async () => {
      const x = (await messagesOf(seat1)).find((y) => y.messageId === r.data.messageId);
      return x?.msgId ? x : undefined;
    });
    expect(m).toMatchObject({
      msgType: 4,
      fileUrl: '/api/v1/emoticon/system/heart.png',
      failed: false,
    });
    const unknown = await api(seat1).post('/api/v1/talk/message/emoticon', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      sendingUUid: 'emo-2',
      emoticonId: 'sys:nope',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('表情不存在');
  });

  it('uploads a sticker (field emoticon), saves a received one once, lists and deletes them', async () => {
    const body = multipart([], {
      field: 'emoticon',
      filename: 'cat.png',
      data: await pngOf(120, 120),
    });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emoticon/upload-emoticon',
      headers: { ...seat1.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const item = (up.json() as { data: EmoticonItem }).data;
    expect(item).toMatchObject({ system: false, width: 120, height: 120 });
    const thumb = await ctx.app.inject({
      method: 'GET',
      url: `${item.thumbUrl}`,
      headers: seat1.fileCookie,
    });
    expect(thumb.statusCode).toBe(200);
    // Not a picture, or the wrong field: refused.
    const pdf = multipart([], { field: 'emoticon', filename: 'x.png', data: SAMPLE.pdf });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emoticon/upload-emoticon',
      headers: { ...seat1.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    expect(bad.statusCode).toBe(400);
    const wrong = multipart([], { field: 'file', filename: 'x.png', data: await pngOf() });
    const wr = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emoticon/upload-emoticon',
      headers: { ...seat1.headers, ...wrong.headers },
      payload: wrong.payload,
    });
    expect(wr.statusCode).toBe(400);
    const huge = multipart([], {
      field: 'emoticon',
      filename: 'x.png',
      data: Buffer.alloc(3 * 1024 * 1024, 1),
    });
    const hr = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emoticon/upload-emoticon',
      headers: { ...seat1.headers, ...huge.headers },
      payload: huge.payload,
    });
    expect(hr.statusCode).toBe(413);

    const received = await inbound(4);
    const saved = await api(seat1).post<EmoticonItem>('/api/v1/emoticon/set-user-emoticon', {
      messageId: received.messageId,
    });
    expect(saved.status, saved.message).toBe(200);
    const again = await api(seat1).post<EmoticonItem>('/api/v1/emoticon/set-user-emoticon', {
      messageId: received.messageId,
    });
    expect(again.data.id).toBe(saved.data.id);
    expect(
      (
        await api(seat2).post('/api/v1/emoticon/set-user-emoticon', {
          messageId: received.messageId,
        })
      ).status,
    ).toBe(404);
    const text = await inbound(1, '不是表情');
    expect(
      (await api(seat1).post('/api/v1/emoticon/set-user-emoticon', { messageId: text.messageId }))
        .status,
    ).toBe(400);

    const mine = await api(seat1).post<{ list: EmoticonItem[] }>('/api/v1/emoticon/user-emoticons');
    expect(mine.data.list.map((e) => e.id).sort()).toEqual([item.id, saved.data.id].sort());
    // Each user has their own set.
    expect(
      (await api(demo).post<{ list: EmoticonItem[] }>('/api/v1/emoticon/user-emoticons')).data.list,
    ).toEqual([]);
    const sent = await api(seat1).post('/api/v1/talk/message/emoticon', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      sendingUUid: 'emo-3',
      emoticonId: item.id,
    });
    expect(sent.status).toBe(200);
    const badIds = await api(seat1).post('/api/v1/emoticon/del', { ids: [item.id, 'x'] });
    expect(badIds.status).toBe(400);
    const del = await api(seat1).post<{ deleted: number }>('/api/v1/emoticon/del', {
      ids: [item.id, randomUUID()],
    });
    expect(del.data.deleted).toBe(1);
    expect(
      (await api(seat1).post<{ list: EmoticonItem[] }>('/api/v1/emoticon/user-emoticons')).data
        .list,
    ).toHaveLength(1);

    // `toEmoji` (SPEC §7) to the owner only, for each change of the set; none for a repeat.
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'toEmoji'))
      .orderBy(asc(pushEvents.id));
    expect(pushes.map((p) => [p.audience, p.userIds, p.data])).toEqual([
      ['users', [seat1.uid], { change: 'added', ids: [item.id] }],
      ['users', [seat1.uid], { change: 'added', ids: [saved.data.id] }],
      ['users', [seat1.uid], { change: 'removed', ids: [item.id] }],
    ]);
  });
});

describe('forward, delete, collect', () => {
  it('forwards text and a received picture to a friend of the same and of another account', async () => {
    const text = await inbound(1, '转发这段话');
    const img = await inbound(2);
    const r = await api(demo).post<{
      list: { messageId: string; index_name: string; sourceMessageId: string }[];
    }>('/api/v1/talk/forward', {
      messageIds: [img.messageId, text.messageId],
      targets: [
        { workWxid: acc.wxid, receiver_id: FRIEND2, talkType: 1 },
        { workWxid: acc2.wxid, receiver_id: FRIEND, talkType: 1 },
      ],
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.list).toHaveLength(4);
    expect(r.data.list[0]).toMatchObject({
      sourceMessageId: text.messageId,
      index_name: `1__${FRIEND2}__${acc.wxid}`,
    });
    const copies = await eventually(async () => {
      const list = (await messagesOf(demo, FRIEND, acc2)).filter((m) => m.sendSide === 1);
      return list.length === 2 && list.every((m) => m.msgId) ? list : undefined;
    });
    expect(copies[0]).toMatchObject({ msgType: 1, content: '转发这段话' });
    expect(copies[1]).toMatchObject({ msgType: 2, failed: false });
    expect(copies[1]!.fileUrl).toMatch(/^\/oss-api\/t\//);
  });

  it('refuses types that cannot be forwarded, unseen messages and unseen accounts', async () => {
    const red = await inbound(16);
    const r = await api(demo).post('/api/v1/talk/forward', {
      messageIds: [red.messageId],
      targets: [{ workWxid: acc.wxid, receiver_id: FRIEND2, talkType: 1 }],
    });
    expect(r.status).toBe(400);
    expect(r.message).toBe('该类型的消息不支持转发');
    const text = await inbound(1, 'x');
    const seat = await api(seat1).post('/api/v1/talk/forward', {
      messageIds: [text.messageId],
      targets: [{ workWxid: acc2.wxid, receiver_id: FRIEND, talkType: 1 }],
    });
    expect(seat.status).toBe(404);
    const foreign = await api(other).post('/api/v1/talk/forward', {
      messageIds: [text.messageId],
      targets: [{ workWxid: acc.wxid, receiver_id: FRIEND, talkType: 1 }],
    });
    expect(foreign.status).toBe(404);
    const empty = await api(demo).post('/api/v1/talk/forward', {
      messageIds: [text.messageId],
      targets: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('请选择转发对象');
  });

  it('hides deleted messages for the tenant and collects messages per user', async () => {
    const a = await inbound(1, '要删除的消息');
    const b = await inbound(1, '要收藏的消息');
    expect(
      (await api(seat2).post('/api/v1/talk/delete', { messageIds: [a.messageId] })).status,
    ).toBe(404);
    const del = await api(seat1).post<{ deleted: number }>('/api/v1/talk/delete', {
      messageIds: [a.messageId],
    });
    expect(del.data.deleted).toBe(1);
    // A hidden message is gone for everyone of the tenant.
    expect((await api(demo).post('/api/v1/talk/collect', { messageId: a.messageId })).status).toBe(
      404,
    );
    const c = await api(seat1).post<{ id: string }>('/api/v1/talk/collect', {
      messageId: b.messageId,
    });
    expect(c.status).toBe(200);
    const again = await api(seat1).post<{ id: string }>('/api/v1/talk/collect', {
      messageId: b.messageId,
    });
    expect(again.data.id).toBe(c.data.id);
    const list = await api(seat1).post<{
      list: { messageId: string; content: string }[];
      total: number;
    }>('/api/v1/talk/collect/list', {});
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ messageId: b.messageId, content: '要收藏的消息' });
    expect(
      (await api(demo).post<{ total: number }>('/api/v1/talk/collect/list', {})).data.total,
    ).toBe(0);
    const un = await api(seat1).post<{ deleted: number }>('/api/v1/talk/collect/del', {
      ids: [c.data.id],
    });
    expect(un.data.deleted).toBe(1);
  });
});

describe('votes (SPEC §4)', () => {
  it('shows counts and percent, needs one option, allows one in single mode, votes once', async () => {
    const msg = await inbound(22, poll('vote_single_1', 0));
    const rec = await api(seat1).post<VoteRecord>('/api/v1/talk/vote', {
      record_id: 'vote_single_1',
    });
    expect(rec.status, rec.message).toBe(200);
    expect(rec.data).toMatchObject({ messageId: msg.messageId, voted: false });
    expect(rec.data.statistics.options).toEqual([
      { key: '1', value: '爬山', count: 3, percent: 75 },
      { key: '2', value: '烧烤', count: 1, percent: 25 },
      { key: '3', value: '电影', count: 0, percent: 0 },
    ]);
    const none = await api(seat1).post('/api/v1/talk/vote/handle', {
      record_id: 'vote_single_1',
      options: ' , ',
    });
    expect(none.status).toBe(400);
    expect(none.message).toBe('请至少选择一个选项');
    const two = await api(seat1).post('/api/v1/talk/vote/handle', {
      record_id: 'vote_single_1',
      options: '1,2',
    });
    expect(two.status).toBe(400);
    expect(two.message).toBe('该投票只能选择一个选项');
    const bad = await api(seat1).post('/api/v1/talk/vote/handle', {
      record_id: 'vote_single_1',
      options: '9',
    });
    expect(bad.status).toBe(400);
    const ok = await api(seat1).post<VoteRecord>('/api/v1/talk/vote/handle', {
      record_id: 'vote_single_1',
      options: '2',
    });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ voted: true, myOptions: ['2'], vote_users: [acc.wxid] });
    expect(ok.data.statistics.count).toBe(5);
    expect(ok.data.statistics.options.map((o) => [o.count, o.percent])).toEqual([
      [3, 60],
      [2, 40],
      [0, 0],
    ]);
    const twice = await api(seat1).post('/api/v1/talk/vote/handle', {
      record_id: 'vote_single_1',
      options: '1',
    });
    expect(twice.status).toBe(409);
    expect(
      (await api(seat2).post('/api/v1/talk/vote', { record_id: 'vote_single_1' })).status,
    ).toBe(404);
    expect(
      (await api(other).post('/api/v1/talk/vote', { record_id: 'vote_single_1' })).status,
    ).toBe(404);
  });

  it('takes several options joined by a comma in multiple mode', async () => {
    const msg = await inbound(22, poll('vote_multi_1', 1));
    const ok = await api(seat1).post<VoteRecord>('/api/v1/talk/vote/handle', {
      record_id: 'vote_multi_1',
      messageId: msg.messageId,
      options: '1,3',
    });
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.myOptions).toEqual(['1', '3']);
    expect(ok.data.statistics.options.map((o) => o.count)).toEqual([4, 1, 1]);
    const wrongMessage = await api(seat1).post('/api/v1/talk/vote', {
      record_id: 'vote_single_1',
      messageId: msg.messageId,
    });
    expect(wrongMessage.status).toBe(404);
  });
});

describe('chat records and voice', () => {
  it('opens a forwarded chat record and lists the records of a conversation', async () => {
    const rec = await inbound(21);
    const r = await api(seat1).get<ChatRecords>(
      `/api/v1/talk/find-chat-records?record_id=${rec.messageId}`,
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data.list.length).toBe(r.data.total);
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.title).toMatch(/聊天记录/);
    const list = await api(seat1).get<{ list: { record_id: string }[]; total: number }>(
      `/api/v1/talk/get-forward-records?index_name=${encodeURIComponent(`1__${FRIEND}__${acc.wxid}`)}`,
    );
    expect(list.status).toBe(200);
    expect(list.data.list.map((x) => x.record_id)).toContain(rec.messageId);
    const text = await inbound(1, 'plain');
    expect(
      (await api(seat1).get(`/api/v1/talk/find-chat-records?record_id=${text.messageId}`)).status,
    ).toBe(404);
    expect(
      (await api(seat2).get(`/api/v1/talk/find-chat-records?record_id=${rec.messageId}`)).status,
    ).toBe(404);
    expect((await api(seat1).get('/api/v1/talk/find-chat-records?record_id=abc')).status).toBe(400);
  });

  it('transcribes a voice message through the holder', async () => {
    const voice = await inbound(6, '明天上午十点见');
    const r = await api(seat1).post<{ text: string }>('/wechat_api/message/voiceToText', {
      messageId: voice.messageId,
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.text).toBe('明天上午十点见');
    const text = await inbound(1, 'x');
    const notVoice = await api(seat1).post('/wechat_api/message/voiceToText', {
      messageId: text.messageId,
    });
    expect(notVoice.status).toBe(400);
    expect(
      (await api(seat2).post('/wechat_api/message/voiceToText', { messageId: voice.messageId }))
        .status,
    ).toBe(404);
  });

  it('asks the platform once per voice: the text is kept, also for an account gone offline', async () => {
    const later = await addAccount(ctx, demo, { nickname: '转文字号' });
    const voice = await inbound(6, '下周二交货', FRIEND, later);
    const ask = () =>
      api(demo).post<{ text: string }>('/wechat_api/message/voiceToText', {
        messageId: voice.messageId,
      });
    const first = await ask();
    expect(first.status, first.message).toBe(200);
    expect(first.data.text).toBe('下周二交货');
    expect((await api().post('/sim-api/fault', { workWxid: later.wxid, kind: 'ban' })).status).toBe(
      200,
    );
    await waitStatus(ctx, demo, later.wxid, 'banned');
    const again = await ask();
    expect(again.status, again.message).toBe(200);
    expect(again.data.text).toBe('下周二交货');
  });
});
