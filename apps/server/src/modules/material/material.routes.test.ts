import { beforeAll, describe, expect, it } from 'vitest';
import type {
  MaterialFolderItem,
  MaterialItem,
  MaterialListResult,
  MessageItem,
  RichSendResult,
  UploadResult,
} from '@cst/shared';
import {
  buildUser,
  demoTenant,
  login,
  useTestServer,
  type Session,
} from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSignedInUser,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { chatKey, ossToken, pngOf, SAMPLE, uploadAs } from '../files/files.test-support.ts';
import { mp4Of, multipartFiles, noisyPng, pngDeclaring } from './material.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let sub: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;
let folder: string;

const FRIEND = 'wxid_material_friend_1';
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const peer = () => ({ workWxid: acc.wxid, receiver_id: FRIEND, talkType: 1 as const });

async function upload(
  files: { filename: string; data: Buffer }[],
  s: Session = demo,
  folderId = folder,
  lang = 'zh-CN',
) {
  const body = multipartFiles([['folderId', folderId]], files);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/main-api/material/upload',
    headers: { ...s.headers, ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    ...(res.json() as { message: string; data: { list: MaterialItem[] } }),
  };
}

async function list(body: object = {}, s: Session = demo) {
  const r = await api(s).post<MaterialListResult>('/main-api/material/list', {
    folderId: folder,
    ...body,
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function messagesOf(s: Session = seat1) {
  const r = await api(s).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${FRIEND}__${acc.wxid}`,
    limit: 100,
  });
  return r.status === 200 ? r.data.list : [];
}

async function inbound(msgType: number, content = '') {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: FRIEND,
    talkType: 1,
    msgType,
    content,
  });
  expect(r.status, r.message).toBe(200);
  return eventually(async () => (await messagesOf(demo)).find((m) => m.msgId === r.data.msgId));
}

const raw = (url: string, s: Session) =>
  ctx.app.inject({ method: 'GET', url, headers: s.fileCookie });

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  sub = await buildSignedInUser(ctx, { tenantId: demo.tenantId, role: 'subAdmin' });
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '素材测试号', distributeTo: seat1 });
  await quickSimulator(ctx, demo);
  await inbound(1, '你好');
  const f = await api().post<{ id: string }>('/main-api/material/folder/add', { name: '产品图' });
  expect(f.status, f.message).toBe(200);
  folder = f.data.id;
});

describe('folders', () => {
  it('adds, renames and deletes folders per tenant; names are unique', async () => {
    const a = await api(sub).post<{ id: string }>('/main-api/material/folder/add', {
      name: ' 活动 ',
    });
    expect(a.status).toBe(200);
    const dup = await api(demo, 'en').post('/main-api/material/folder/add', { name: '活动' });
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('A folder with this name exists');
    const empty = await api(demo, 'en').post('/main-api/material/folder/add', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Enter a folder name');
    expect(
      (await api().post('/main-api/material/folder/edit', { id: a.data.id, name: '活动二' }))
        .status,
    ).toBe(200);
    const seen = await api(seat1).post<{ list: MaterialFolderItem[] }>(
      '/main-api/material/folder/list',
    );
    expect(seen.data.list.map((x) => x.name)).toEqual(expect.arrayContaining(['产品图', '活动二']));
    // Another tenant sees none of them and cannot touch them.
    const theirs = await api(other).post<{ list: MaterialFolderItem[] }>(
      '/main-api/material/folder/list',
    );
    expect(theirs.data.list).toEqual([]);
    expect(
      (await api(other).post('/main-api/material/folder/edit', { id: a.data.id, name: 'x' }))
        .status,
    ).toBe(404);
    expect((await api(other).post('/main-api/material/folder/del', { id: a.data.id })).status).toBe(
      404,
    );
    expect((await api().post('/main-api/material/folder/del', { id: a.data.id })).status).toBe(200);
  });

  it('lets seats read and send but not change the library (403)', async () => {
    expect((await api(seat1).post('/main-api/material/folder/add', { name: 'x' })).status).toBe(
      403,
    );
    const add = await api(seat1).post('/main-api/material/add', {
      type: 1,
      folderId: folder,
      content: 'x',
    });
    expect(add.status).toBe(403);
    expect((await upload([{ filename: 'a.png', data: await pngOf(240, 240) }], seat1)).status).toBe(
      403,
    );
    expect((await api(seat1).post('/main-api/material/list', { folderId: folder })).status).toBe(
      200,
    );
  });
});

describe('a custom role without the library', () => {
  it('answers 403 with the no-permission message to every material route, in both languages', async () => {
    // Mass send only: it may not read the library (nor send from it, nor change it).
    const role = await api().post<{ id: string }>('/system-api/system/roles/add', {
      roleName: '只管群发',
      permissions: ['task.manage'],
    });
    expect(role.status, role.message).toBe(200);
    const user = await buildUser(ctx, {
      tenantId: await demoTenant(ctx),
      role: 'office',
      roleId: role.data.id,
    });
    const s = await login(ctx, user.username);
    const calls: [string, object][] = [
      ['/main-api/material/folder/list', {}],
      ['/main-api/material/list', { folderId: folder }],
      ['/main-api/material/folder/add', { name: 'x' }],
      ['/main-api/material/add', { type: 1, folderId: folder, content: 'x' }],
      ['/main-api/material/send', { ...peer(), materialId: folder }],
    ];
    for (const [url, body] of calls) {
      const zh = await api(s).post(url, body);
      expect({ url, status: zh.status, message: zh.message }).toEqual({
        url,
        status: 403,
        message: '没有权限执行此操作',
      });
      const en = await api(s, 'en').post(url, body);
      expect(en.status, url).toBe(403);
      expect(en.message, url).toMatch(/permission/i);
    }
    expect((await upload([{ filename: 'a.png', data: await pngOf(240, 240) }], s)).status).toBe(
      403,
    );
  });
});

describe('uploads', () => {
  it('keeps up to 9 pictures of one upload, with sizes and thumbnails, served to the tenant only', async () => {
    const pics = await Promise.all([pngOf(240, 240), pngOf(800, 200), pngOf(200, 300)]);
    const r = await upload(pics.map((data, i) => ({ filename: `图${i}.png`, data })));
    expect(r.status, r.message).toBe(200);
    expect(r.data.list.map((i) => [i.type, i.width, i.height])).toEqual([
      [2, 240, 240],
      [2, 800, 200],
      [2, 200, 300],
    ]);
    const first = r.data.list[0]!;
    expect(first.thumbUrl).toMatch(/\.thumb\.jpg$/);
    expect((await raw(first.fileUrl!, seat2)).statusCode).toBe(200);
    expect((await raw(first.fileUrl!, other)).statusCode).toBe(404);
    const nine = await Promise.all(Array.from({ length: 9 }, () => pngOf(200, 200)));
    expect((await upload(nine.map((data, i) => ({ filename: `${i}.png`, data })))).status).toBe(
      200,
    );
  });

  it('refuses a tenth picture, a 199×200 picture, one over 5M and a mixed upload; nothing is kept', async () => {
    const before = (await list()).total;
    const ten = await Promise.all(Array.from({ length: 10 }, () => pngOf(200, 200)));
    const tooMany = await upload(
      ten.map((data, i) => ({ filename: `${i}.png`, data })),
      demo,
      folder,
      'en',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe('At most 9 pictures can be uploaded at once');
    const small = await upload(
      [
        { filename: 'ok.png', data: await pngOf(300, 300) },
        { filename: 'small.png', data: await pngOf(199, 200) },
      ],
      demo,
      folder,
      'en',
    );
    // The refused picture of several is named.
    expect(small.status).toBe(400);
    expect(small.message).toBe('"small.png": Pictures must be at least 200×200');
    expect(small.data).toEqual({ fileName: 'small.png' });
    const smallZh = await upload(
      [
        { filename: '横幅.png', data: await pngOf(300, 300) },
        { filename: '小图.png', data: await pngOf(199, 200) },
      ],
      demo,
      folder,
    );
    expect(smallZh.message).toMatch(/^「小图\.png」：/);
    const big = await noisyPng(1450);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const large = await upload([{ filename: 'big.png', data: big }], demo, folder, 'en');
    expect(large.status).toBe(413);
    expect(large.message).toBe('Pictures cannot be larger than 5M');
    const mixed = await upload(
      [
        { filename: 'a.png', data: await pngOf(300, 300) },
        { filename: 'a.pdf', data: SAMPLE.pdf },
      ],
      demo,
      folder,
      'en',
    );
    expect(mixed.status).toBe(400);
    expect(mixed.message).toBe('Upload pictures, videos and files separately');
    expect((await list()).total).toBe(before);
  });

  it('refuses a PNG declaring 100000×100000 from its header, without decoding it', async () => {
    const started = Date.now();
    const r = await upload(
      [{ filename: 'bomb.png', data: pngDeclaring(100_000, 100_000) }],
      demo,
      folder,
      'en',
    );
    expect(r.status).toBe(400);
    expect(r.message).toBe('The picture’s dimensions are too large');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps one video of at most 30 s read from the file, and refuses 30.1 s', async () => {
    const ok = await upload([{ filename: '演示.mp4', data: mp4Of(30_000) }]);
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.list[0]).toMatchObject({ type: 3, durationMs: 30_000, fileName: '演示.mp4' });
    const long = await upload([{ filename: 'long.mp4', data: mp4Of(30_100) }], demo, folder, 'en');
    expect(long.status).toBe(400);
    expect(long.message).toBe('Videos cannot be longer than 30 seconds');
    const noHeader = await upload([{ filename: 'x.mp4', data: SAMPLE.mp4 }], demo, folder, 'en');
    expect(noHeader.status).toBe(400);
    expect(noHeader.message).toBe('The video’s duration cannot be read; upload an MP4 video');
    const two = await upload(
      [
        { filename: 'a.mp4', data: mp4Of(1000) },
        { filename: 'b.mp4', data: mp4Of(1000) },
      ],
      demo,
      folder,
      'en',
    );
    expect(two.status).toBe(400);
    expect(two.message).toBe('Upload one video at a time');
    const heavy = await upload(
      [{ filename: 'heavy.mp4', data: mp4Of(1000, 10 * 1024 * 1024) }],
      demo,
      folder,
      'en',
    );
    expect(heavy.status).toBe(413);
  });

  it('keeps one document of at most 10M', async () => {
    const ok = await upload([{ filename: '报价单.pdf', data: SAMPLE.pdf }]);
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data.list[0]).toMatchObject({ type: 5, mime: 'application/pdf' });
    const exe = await upload([{ filename: 'a.exe', data: SAMPLE.exe }]);
    expect(exe.status).toBe(400);
    const noFolder = await upload([{ filename: 'a.pdf', data: SAMPLE.pdf }], demo, 'nope');
    expect(noFolder.status).toBe(400);
    const theirs = await upload([{ filename: 'a.pdf', data: SAMPLE.pdf }], other, folder);
    expect(theirs.status).toBe(404);
  });
});

describe('typed-in items and the list', () => {
  it('adds texts, links and mini-programs; lists by type and keyword, newest first', async () => {
    const text = await api().post<MaterialItem>('/main-api/material/add', {
      type: 1,
      folderId: folder,
      title: '欢迎语',
      content: '您好，欢迎咨询素材库产品',
    });
    expect(text.status, text.message).toBe(200);
    const link = await api().post<MaterialItem>('/main-api/material/add', {
      type: 6,
      folderId: folder,
      title: '新品发布',
      url: 'https://example.com/new',
      description: '秋季新品',
    });
    expect(link.data.card).toEqual({ url: 'https://example.com/new', description: '秋季新品' });
    const mini = await api().post<MaterialItem>('/main-api/material/add', {
      type: 7,
      folderId: folder,
      title: '积分商城',
      appId: 'wx123',
      pagePath: 'pages/index',
    });
    expect(mini.status).toBe(200);
    const badLink = await api(demo, 'en').post('/main-api/material/add', {
      type: 6,
      folderId: folder,
      title: 'x',
      url: 'javascript:alert(1)',
    });
    expect(badLink.status).toBe(400);
    const emptyText = await api(demo, 'en').post('/main-api/material/add', {
      type: 1,
      folderId: folder,
      content: ' ',
    });
    expect(emptyText.message).toBe('The text cannot be empty');
    expect(
      (await api().post('/main-api/material/add', { type: 2, folderId: folder, content: 'x' }))
        .status,
    ).toBe(400);
    const texts = await list({ type: 1 });
    expect(texts.list[0]!.id).toBe(text.data.id);
    const found = await list({ keyword: '素材库产品' });
    expect(found.list.map((i) => i.id)).toEqual([text.data.id]);
    const page = await list({ pageSize: 2, page: 1 });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThan(10);
    expect((await list({}, other)).total).toBe(0);
  });

  it('renames, moves and deletes items of the tenant only', async () => {
    const f2 = await api().post<{ id: string }>('/main-api/material/folder/add', { name: '移动' });
    const item = await api().post<MaterialItem>('/main-api/material/add', {
      type: 1,
      folderId: folder,
      content: '要移动的',
    });
    const moved = await api().post<MaterialItem>('/main-api/material/edit', {
      id: item.data.id,
      folderId: f2.data.id,
      title: '新标题',
    });
    expect(moved.data).toMatchObject({ folderId: f2.data.id, title: '新标题' });
    expect(
      (await api(other).post('/main-api/material/edit', { id: item.data.id, title: 'x' })).status,
    ).toBe(404);
    const unchanged = await api().post<MaterialItem>('/main-api/material/edit', {
      id: item.data.id,
    });
    expect(unchanged.data.title).toBe('新标题');
    const gone = await api(other).post<{ deleted: number }>('/main-api/material/del', {
      ids: [item.data.id],
    });
    expect(gone.data.deleted).toBe(0);
    const del = await api().post<{ deleted: number }>('/main-api/material/del', {
      ids: [item.data.id],
    });
    expect(del.data.deleted).toBe(1);
  });

  it("changes a text's content and a link's card, checked as when added", async () => {
    const text = await api().post<MaterialItem>('/main-api/material/add', {
      type: 1,
      folderId: folder,
      content: '旧的欢迎语',
    });
    const edited = await api().post<MaterialItem>('/main-api/material/edit', {
      id: text.data.id,
      content: '新的欢迎语',
    });
    expect(edited.status, edited.message).toBe(200);
    expect(edited.data.content).toBe('新的欢迎语');
    const blank = await api(demo, 'en').post('/main-api/material/edit', {
      id: text.data.id,
      content: ' ',
    });
    expect(blank).toMatchObject({ status: 400, message: 'The text cannot be empty' });

    const link = await api().post<MaterialItem>('/main-api/material/add', {
      type: 6,
      folderId: folder,
      title: '旧链接',
      url: 'https://example.com/old',
    });
    const relinked = await api().post<MaterialItem>('/main-api/material/edit', {
      id: link.data.id,
      title: '新链接',
      card: { url: 'https://example.com/new', description: '新描述' },
    });
    expect(relinked.data).toMatchObject({
      title: '新链接',
      card: { url: 'https://example.com/new', description: '新描述' },
    });
    for (const card of [
      { url: 'javascript:alert(1)' },
      { url: 'https://x.example', thumbUrl: 'javascript:alert(1)' },
    ]) {
      const bad = await api().post('/main-api/material/edit', { id: link.data.id, card });
      expect(bad.status).toBe(400);
    }
    // What an item does not have cannot be changed; a link keeps a title.
    const wrong = await api(demo, 'en').post('/main-api/material/edit', {
      id: link.data.id,
      content: 'x',
    });
    expect(wrong).toMatchObject({
      status: 400,
      message: 'This kind of material has no such content to change',
    });
    expect(
      (
        await api().post('/main-api/material/edit', {
          id: text.data.id,
          card: { url: 'https://a.b' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api().post('/main-api/material/edit', { id: link.data.id, title: ' ' })).status,
    ).toBe(400);
    expect(
      (await api(other).post('/main-api/material/edit', { id: text.data.id, content: '偷改' }))
        .status,
    ).toBe(404);
    const after = await list({ keyword: '欢迎语' });
    expect(after.list.find((i) => i.id === text.data.id)?.content).toBe('新的欢迎语');
  });
});

describe('from a chat message', () => {
  it('maps message types to material types and refuses the others', async () => {
    const text = await inbound(1, '可以收藏的话');
    const t = await api().post<MaterialItem>('/main-api/material/from-message', {
      folderId: folder,
      messageId: text.messageId,
    });
    expect(t.status, t.message).toBe(200);
    expect(t.data).toMatchObject({ type: 1, content: '可以收藏的话' });
    const article = await inbound(15);
    const a = await api().post<MaterialItem>('/main-api/material/from-message', {
      folderId: folder,
      messageId: article.messageId,
    });
    expect(a.data.type).toBe(6);
    const sticker = await inbound(4);
    const s = await api(demo, 'en').post('/main-api/material/from-message', {
      folderId: folder,
      messageId: sticker.messageId,
    });
    expect(s.status).toBe(400);
    expect(s.message).toBe('Only text/image/file/audio/video/public-account types can be added');
    const theirs = await api(other).post('/main-api/material/from-message', {
      folderId: folder,
      messageId: text.messageId,
    });
    expect(theirs.status).toBe(404);
  });

  it('needs a contact’s file downloaded first; the operator’s own upload can be added at once', async () => {
    const doc = await inbound(3);
    const first = await api(demo, 'en').post('/main-api/material/from-message', {
      folderId: folder,
      messageId: doc.messageId,
    });
    expect(first.status).toBe(409);
    expect(first.message).toBe(
      'A file from a contact must be downloaded before upload to material',
    );
    const dl = await ctx.app.inject({
      method: 'GET',
      url: doc.fileUrl!,
      headers: demo.fileCookie,
    });
    expect(dl.statusCode).toBe(200);
    const after = await api().post<MaterialItem>('/main-api/material/from-message', {
      folderId: folder,
      messageId: doc.messageId,
    });
    expect(after.status, after.message).toBe(200);
    expect(after.data.type).toBe(5);
    // Served to every seat of the tenant, also one that does not see the account.
    expect((await raw(after.data.fileUrl!, seat2)).statusCode).toBe(200);

    const token = await ossToken(ctx, seat1);
    const up = await uploadAs(
      ctx,
      token,
      chatKey(token, 'png', acc.wxid, FRIEND),
      await pngOf(260, 260),
    );
    const file = (up.json() as { data: UploadResult }).data;
    const sent = await api(seat1).post<RichSendResult>('/main-api/conv/send-file', {
      ...peer(),
      msgType: 2,
      fileUrl: file.url,
      sendingUUid: 'mat-own-1',
    });
    expect(sent.status, sent.message).toBe(200);
    const own = await api().post<MaterialItem>('/main-api/material/from-message', {
      folderId: folder,
      messageId: sent.data.messageId,
    });
    expect(own.status, own.message).toBe(200);
    expect(own.data).toMatchObject({ type: 2, width: 260, height: 260 });
  });
});

describe('sending', () => {
  it('sends a picture and a text through the outbox, as the seat of the account', async () => {
    const pic = (await list({ type: 2 })).list[0]!;
    const r = await api(seat1).post<RichSendResult>('/main-api/material/send', {
      ...peer(),
      sendingUUid: 'mat-send-1',
      materialId: pic.id,
    });
    expect(r.status, r.message).toBe(200);
    const text = (await list({ type: 1 })).list[0]!;
    const t = await api(seat1).post<RichSendResult>('/main-api/material/send', {
      ...peer(),
      sendingUUid: 'mat-send-2',
      materialId: text.id,
    });
    expect(t.status).toBe(200);
    const shown = await eventually(async () => {
      const all = await messagesOf();
      const a = all.find((m) => m.messageId === r.data.messageId);
      const b = all.find((m) => m.messageId === t.data.messageId);
      return a && b && a.sendOk && b.sendOk ? { a, b } : undefined;
    });
    expect(shown.a).toMatchObject({ msgType: 2, sendSide: 1, fileUrl: pic.fileUrl });
    expect(shown.b).toMatchObject({ msgType: 1, content: text.content });
    const received = await api().post<{ list: { msgType: number; content: string }[] }>(
      '/sim-api/received',
      { workWxid: acc.wxid, peerWxid: FRIEND },
    );
    expect(received.data.list.some((m) => m.msgType === 1 && m.content === text.content)).toBe(
      true,
    );
  });

  it('hides accounts and items the caller may not see (404) and needs the send permission', async () => {
    const item = (await list({ type: 1 })).list[0]!;
    const body = { ...peer(), sendingUUid: 'mat-send-x', materialId: item.id };
    expect((await api(seat2).post('/main-api/material/send', body)).status).toBe(404);
    expect((await api(other).post('/main-api/material/send', body)).status).toBe(404);
    const missing = await api(seat1).post('/main-api/material/send', {
      ...body,
      materialId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    expect(
      (await api(seat1).post('/main-api/material/send', { ...body, materialId: 'x' })).status,
    ).toBe(400);
  });
});
