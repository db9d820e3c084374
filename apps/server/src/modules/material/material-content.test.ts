import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AutoAgreeReplyItem,
  KeywordRuleItem,
  MaterialItem,
  SimReceivedItem,
} from '@cst/shared';
import { buildUser, useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import {
  FAST_BULK_SETTINGS,
  createBulk,
  friendsOf,
  waitBulk,
} from '../bulk-send/bulk-send.test-support.ts';
import { pngOf, SAMPLE } from '../files/files.test-support.ts';
import { createPost, waitPost } from '../moments/moment.test-support.ts';
import { otherTenant, ruleOf, say, waitReceived } from '../robots/robots.test-support.ts';
import { mp4Of, multipartFiles } from './material.test-support.ts';

// Issues 15 and 18 §1: material of the library as the content of keyword replies, greetings,
// mass sends and moment posts — tenant, type and deletion.

let demo: Session;
let sub: Session;
let seat1: Session;
let other: Session;
let acc: ListedAccount;
let folder: string;
let text: MaterialItem;
let link: MaterialItem;
let voice: MaterialItem;
let foreign: MaterialItem;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);
let n = 0;
const person = () => `wxid_matc${Date.now().toString(36)}${n++}`;

async function upload(s: Session, folderId: string, filename: string, data: Buffer) {
  const body = multipartFiles([['folderId', folderId]], [{ filename, data }]);
  const res = await server.app.inject({
    method: 'POST',
    url: '/main-api/material/upload',
    headers: { ...s.headers, ...body.headers },
    payload: body.payload,
  });
  const json = res.json<{ message: string; data: { list: MaterialItem[] } }>();
  expect(res.statusCode, json.message).toBe(200);
  return json.data.list[0]!;
}

async function addItem(s: Session, body: Record<string, unknown>) {
  const r = await api(s).post<MaterialItem>('/main-api/material/add', body);
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function folderOf(s: Session, name: string) {
  const r = await api(s).post<{ id: string }>('/main-api/material/folder/add', { name });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

const image = () => pngOf(240, 240).then((d) => upload(demo, folder, '海报.png', d));
const del = async (id: string) =>
  expect((await api().post('/main-api/material/del', { ids: [id] })).status).toBe(200);
const ref = (m: MaterialItem) => ({ kind: 'material', materialId: m.id });
const GONE = '00000000-0000-4000-8000-000000000000';

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 100 },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  seat1 = await signIn(server, 'demo-seat1');
  sub = await signIn(
    server,
    (await buildUser(server, { tenantId: demo.tenantId, role: 'subAdmin' })).username,
  );
  other = await otherTenant(server);
  acc = await addAccount(server, demo, { nickname: '素材内容号' });
  const d = await api().post('/main-api/acc/distribute', { wxids: [acc.wxid], uid: seat1.uid });
  expect(d.status).toBe(200);
  await api().post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
  folder = await folderOf(demo, '内容素材');
  text = await addItem(demo, { type: 1, folderId: folder, content: '欢迎光临，素材文本' });
  link = await addItem(demo, {
    type: 6,
    folderId: folder,
    title: '活动页',
    url: 'https://example.com/sale',
    description: '双十一',
  });
  voice = await upload(demo, folder, '语音.mp3', SAMPLE.mp3);
  foreign = await addItem(other, {
    type: 1,
    folderId: await folderOf(other, '别家'),
    content: '别家的文本',
  });
  expect(
    (await api().post('/task-api/bulk-send-task/settings/save', FAST_BULK_SETTINGS)).status,
  ).toBe(200);
});

describe('keyword replies', () => {
  const rule = (replies: unknown[], keywords = [`素材词${n++}`]) => ({
    keywords,
    matchMode: 'contains',
    scope: { workWxids: [], talkTypes: [1], mentionOnly: false },
    replies,
  });

  it('resolves material into the rule’s replies, which still go out after the item is deleted', async () => {
    const pic = await image();
    const body = rule([ref(text), ref(pic), ref(link)]);
    const r = await api(sub).post<{ id: string }>('/task-api/auto-reply/keywords/create', body);
    expect(r.status, r.message).toBe(200);
    const saved = (await ruleOf(server, sub, r.data.id)) as KeywordRuleItem;
    expect(saved.replies).toEqual([
      { kind: 'text', content: '欢迎光临，素材文本' },
      { kind: 'image', fileUrl: pic.fileUrl, fileName: '海报.png' },
      expect.objectContaining({ kind: 'link', title: '活动页', url: 'https://example.com/sale' }),
    ]);
    await del(pic.id);
    const p = person();
    await say(server, demo, acc.wxid, p, `请问${body.keywords[0]!}`);
    const got = await waitReceived(server, demo, acc.wxid, p, 3);
    // A link of the library goes out as the forms' own link message.
    expect(got.map((m) => m.msgType)).toEqual([1, 2, 10]);
    expect(got[0]!.content).toBe('欢迎光临，素材文本');
    expect(got[1]!.content).toBe('海报.png');
    expect(JSON.parse(got[2]!.content)).toMatchObject({ title: '活动页' });
    // The file of the deleted item is still served to the tenant (sent messages show it).
    const file = await server.app.inject({
      method: 'GET',
      url: `${pic.fileUrl}`,
      headers: demo.fileCookie,
    });
    expect(file.statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s or a deleted item and 400 for a voice, in both languages', async () => {
    const create = (replies: unknown[], s = demo, lang?: string) =>
      api(s, lang).post('/task-api/auto-reply/keywords/create', rule(replies));
    const theirs = await create([ref(foreign)]);
    expect([theirs.status, theirs.message]).toEqual([404, '素材不存在']);
    const mine = await create([ref(text)], other, 'en');
    expect([mine.status, mine.message]).toEqual([404, 'The material does not exist']);
    expect((await create([{ kind: 'material', materialId: GONE }])).status).toBe(404);
    const zh = await create([ref(voice)]);
    expect([zh.status, zh.message]).toEqual([
      400,
      '此处只能使用文本、图片、视频、文件、链接或小程序素材',
    ]);
    const en = await create([ref(voice)], demo, 'en');
    expect(en.message).toBe(
      'Only text, image, video, file, link or mini-program material can be used here',
    );
    expect((await create([{ kind: 'material', materialId: 'nope' }])).status).toBe(400);
    // Office seats do not manage robots at all.
    expect((await create([ref(text)], seat1)).status).toBe(403);
  });
});

describe('greeting on accepting', () => {
  it('greets a new friend with material, per tenant', async () => {
    const vid = await upload(demo, folder, '介绍.mp4', mp4Of(5000));
    const r = await api().post<AutoAgreeReplyItem>('/api/autoAgree/reply/save', {
      workWxid: acc.wxid,
      messages: [ref(text), ref(vid)],
      intervalSec: 0,
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.messages).toEqual([
      { kind: 'text', content: '欢迎光临，素材文本' },
      { kind: 'video', fileUrl: vid.fileUrl, fileName: '介绍.mp4' },
    ]);
    // A request accepted by the robot gets the greeting, the video of a since-deleted item too.
    await del(vid.id);
    const on = await api().post('/api/autoAgree/update', {
      workWxid: acc.wxid,
      enabled: true,
      keywords: [],
      delayMinSec: 0,
      delayMaxSec: 0,
      dailyCap: 100,
      tagIds: [],
    });
    expect(on.status, on.message).toBe(200);
    const ask = await api().post<{ fromWxid: string }>('/sim-api/friend-request', {
      workWxid: acc.wxid,
      verifyContent: '你好',
    });
    expect(ask.status, ask.message).toBe(200);
    const got = await waitReceived(server, demo, acc.wxid, ask.data.fromWxid, 2);
    expect(got.map((m) => [m.msgType, m.content])).toEqual([
      [1, '欢迎光临，素材文本'],
      [5, '介绍.mp4'],
    ]);
    const theirs = await api().post('/api/autoAgree/reply/save', {
      messages: [ref(foreign)],
      intervalSec: 0,
    });
    expect(theirs.status).toBe(404);
    const wrong = await api(demo, 'en').post('/api/autoAgree/reply/save', {
      messages: [ref(voice)],
      intervalSec: 0,
    });
    expect([wrong.status, wrong.message]).toEqual([
      400,
      'Only text, image, video, file, link or mini-program material can be used here',
    ]);
  });
});

describe('mass send', () => {
  it('sends material to the targets, also when the item is deleted after the task was made', async () => {
    const pic = await image();
    const [friend] = await friendsOf(server, demo, acc.wxid, 1);
    const r = await createBulk(server, seat1, {
      workWxids: [acc.wxid],
      targets: { mode: 'list', wxids: [friend!.friendWxid] },
      messages: [ref(text), ref(pic)],
      sendType: 'scheduled',
      sendAt: Date.now() + 1500,
    });
    expect(r.status, r.message).toBe(200);
    await del(pic.id);
    await waitBulk(server, demo, r.data.taskId, (t) => t.status === 'completed');
    const got = await api().post<{ list: SimReceivedItem[] }>('/sim-api/received', {
      workWxid: acc.wxid,
      peerWxid: friend!.friendWxid,
    });
    const sent = got.data.list.filter((m) => m.requestId?.startsWith(`bs:${r.data.taskId}:`));
    expect(sent.map((m) => [m.msgType, m.content])).toEqual([
      [1, '欢迎光临，素材文本'],
      [2, '海报.png'],
    ]);
  });

  it('refuses another tenant’s item (404), a deleted one (404) and a voice (400)', async () => {
    const base = { workWxids: [acc.wxid], targets: { mode: 'all' } };
    const theirs = await createBulk(server, demo, { ...base, messages: [ref(foreign)] });
    expect([theirs.status, theirs.message]).toEqual([404, '素材不存在']);
    const gone = await createBulk(server, demo, {
      ...base,
      messages: [{ kind: 'material', materialId: GONE }],
    });
    expect(gone.status).toBe(404);
    const wrong = await createBulk(server, demo, { ...base, messages: [ref(voice)] }, 'en');
    expect([wrong.status, wrong.message]).toEqual([
      400,
      'Only text, image, video, file, link or mini-program material can be used here',
    ]);
  });
});

describe('moment posts', () => {
  it('posts a picture of the library, also when the item is deleted before the post goes out', async () => {
    const pic = await image();
    const r = await createPost(server, seat1, {
      workWxids: [acc.wxid],
      text: '素材朋友圈',
      media: [{ materialId: pic.id }],
      sendType: 'scheduled',
      sendAt: Date.now() + 1500,
    });
    expect(r.status, r.message).toBe(200);
    await del(pic.id);
    const post = await waitPost(server, seat1, r.data.postId, (p) => p.counts.posted === 1);
    expect(post.media).toEqual([expect.objectContaining({ url: pic.fileUrl, kind: 'image' })]);
  });

  it('refuses text material (400), another tenant’s (404) and a deleted item (404)', async () => {
    const post = (media: unknown[], s = demo, lang?: string) =>
      createPost(server, s, { workWxids: [acc.wxid], text: 'x', media }, lang);
    const t = await post([{ materialId: text.id }]);
    expect([t.status, t.message]).toEqual([400, '朋友圈只能使用图片或视频素材']);
    const en = await post([{ materialId: link.id }], demo, 'en');
    expect(en.message).toBe('Only image or video material can be posted to moments');
    expect((await post([{ materialId: foreign.id }])).status).toBe(404);
    expect((await post([{ materialId: GONE }])).status).toBe(404);
  });
});
