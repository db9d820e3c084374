import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  mediumAddressOf,
  type MessageItem,
  type RichSendResult,
  type UploadResult,
} from '@cst/shared';
import { messages } from '../../db/schema/index.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { chatKey, ossToken, pngOf, SAMPLE, uploadAs } from '../files/files.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;

const FRIEND = 'wxid_media_friend_1';
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const idx = (peer = FRIEND) => `1__${peer}__${acc.wxid}`;
const peer = () => ({ workWxid: acc.wxid, receiver_id: FRIEND, talkType: 1 as const });

async function upload(s: Session, ext: string, data: Buffer): Promise<UploadResult> {
  const token = await ossToken(ctx, s);
  const res = await uploadAs(ctx, token, chatKey(token, ext, acc.wxid, FRIEND), data);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: UploadResult }).data;
}

async function messagesOf(s: Session = seat1, peerId = FRIEND) {
  const r = await api(s).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: idx(peerId),
    limit: 100,
  });
  // The conversation appears once the ingest stored its first message.
  return r.status === 200 ? r.data.list : [];
}

async function inbound(msgType: number, content = '', fromWxid = FRIEND) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType,
    content,
  });
  expect(r.status, r.message).toBe(200);
  return eventually(async () =>
    (await messagesOf(demo, fromWxid)).find((m) => m.msgId === r.data.msgId),
  );
}

const raw = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '媒体测试号', distributeTo: seat1 });
  await quickSimulator(ctx, demo);
  await inbound(1, '你好');
});

describe('send-file', () => {
  it('sends a picture: stored row with permanent address and thumbnail, sent by the holder', async () => {
    const file = await upload(seat1, 'png', await pngOf(320, 240));
    const r = await api(seat1).post<RichSendResult>('/main-api/conv/send-file', {
      ...peer(),
      msgType: 2,
      fileUrl: file.url,
      sendingUUid: 'img-1',
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.list).toHaveLength(1);
    const sent = await eventually(async () => {
      const m = (await messagesOf()).find((x) => x.messageId === r.data.messageId);
      return m?.msgId ? m : undefined;
    });
    expect(sent).toMatchObject({
      msgType: 2,
      sendSide: 1,
      sendingUUid: 'img-1',
      fileUrl: file.url,
      fileCdnUrl: null,
      jpegThumbnail: file.thumbUrl,
      fileLen: file.size,
      failed: false,
    });
    expect((await raw(sent.fileUrl!, seat1.fileCookie)).statusCode).toBe(200);
  });

  it('sends up to 5 pictures in one call as 5 messages, refuses 6', async () => {
    const files = [];
    for (let i = 0; i < 6; i++) files.push(await upload(seat1, 'png', await pngOf(50 + i, 40)));
    const six = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 2,
      sendingUUid: 'many',
      files: files.map((f) => ({ fileUrl: f.url })),
    });
    expect(six.status).toBe(400);
    expect(six.message).toBe('一次最多发送 5 张图片');
    const five = await api(seat1).post<RichSendResult>('/main-api/conv/send-file', {
      ...peer(),
      msgType: 2,
      sendingUUid: 'many',
      files: files.slice(0, 5).map((f) => ({ fileUrl: f.url })),
    });
    expect(five.status).toBe(200);
    expect(five.data.list.map((x) => x.sendingUUid)).toEqual([
      'many',
      'many:1',
      'many:2',
      'many:3',
      'many:4',
    ]);
    const list = await messagesOf();
    for (const item of five.data.list) {
      expect(list.find((m) => m.messageId === item.messageId)?.msgType).toBe(2);
    }
  });

  it('sends a document, a video and a voice by their bytes', async () => {
    const pdf = await upload(seat1, 'pdf', SAMPLE.pdf);
    const doc = await api(seat1).post<RichSendResult>('/main-api/conv/send-file', {
      ...peer(),
      msgType: 3,
      fileUrl: pdf.url,
      fileName: '报价单.pdf',
      sendingUUid: 'doc',
    });
    expect(doc.status).toBe(200);
    const mp4 = await upload(seat1, 'mp4', SAMPLE.mp4);
    const video = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 5,
      fileUrl: mp4.url,
      sendingUUid: 'vid',
    });
    expect(video.status).toBe(200);
    const amr = await upload(seat1, 'amr', SAMPLE.amr);
    const voice = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 6,
      fileUrl: amr.url,
      durationMs: 3000,
      sendingUUid: 'ptt',
    });
    expect(voice.status).toBe(200);
    const m = (await messagesOf()).find((x) => x.messageId === doc.data.messageId);
    expect(m).toMatchObject({ msgType: 3, fileName: '报价单.pdf', content: '报价单.pdf' });
  });

  it('refuses a file whose type does not fit the message, a video over 10M, foreign or unknown files', async () => {
    const pdf = await upload(seat1, 'pdf', SAMPLE.pdf);
    const asImage = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 2,
      fileUrl: pdf.url,
      sendingUUid: 'x',
    });
    expect(asImage.status).toBe(400);
    expect(asImage.message).toBe('文件类型与消息类型不符');
    const big = await upload(
      seat1,
      'mp4',
      Buffer.concat([SAMPLE.mp4, Buffer.alloc(10 * 1024 * 1024, 0)]),
    );
    const video = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 5,
      fileUrl: big.url,
      sendingUUid: 'x',
    });
    expect(video.status).toBe(413);
    expect(video.message).toBe('视频不能超过 10M');
    const foreign = await upload(other, 'pdf', SAMPLE.pdf);
    for (const fileUrl of [
      foreign.url,
      '/oss-api/t/nothing/here.pdf',
      'https://example.com/a.pdf',
      '../../etc/passwd',
    ]) {
      const r = await api(seat1).post('/main-api/conv/send-file', {
        ...peer(),
        msgType: 3,
        fileUrl,
        sendingUUid: 'x',
      });
      expect(r.status, fileUrl).toBe(400);
      expect(r.message).toBe('文件地址无效，请重新上传');
    }
    const none = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 3,
      sendingUUid: 'x',
    });
    expect(none.status).toBe(400);
    const badType = await api(seat1).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 9,
      fileUrl: pdf.url,
      sendingUUid: 'x',
    });
    expect(badType.status).toBe(400);
  });

  it('is refused for an account the caller does not see (404) and needs conversation.send', async () => {
    const pdf = await upload(seat2, 'pdf', SAMPLE.pdf);
    const r = await api(seat2).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 3,
      fileUrl: pdf.url,
      sendingUUid: 'x',
    });
    expect(r.status).toBe(404);
    const o = await api(other).post('/main-api/conv/send-file', {
      ...peer(),
      msgType: 3,
      fileUrl: pdf.url,
      sendingUUid: 'x',
    });
    expect(o.status).toBe(404);
  });
});

describe('links and mini-programs', () => {
  it('sends a graphic link and refuses script or empty addresses', async () => {
    const ok = await api(seat1).post<RichSendResult>('/main-api/conv/send-graphic-link', {
      ...peer(),
      title: '新品上市',
      description: '点击查看详情',
      url: 'https://shop.example.com/p/1',
      sendingUUid: 'link',
    });
    expect(ok.status).toBe(200);
    const m = await eventually(async () => {
      const x = (await messagesOf()).find((y) => y.messageId === ok.data.messageId);
      return x?.msgId ? x : undefined;
    });
    expect(m.msgType).toBe(10);
    expect(JSON.parse(m.content)).toMatchObject({
      title: '新品上市',
      url: 'https://shop.example.com/p/1',
    });
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'shop.example.com',
    ]) {
      const r = await api(seat1).post('/main-api/conv/send-graphic-link', {
        ...peer(),
        title: 't',
        url,
        sendingUUid: 'x',
      });
      expect(r.status, url).toBe(400);
      expect(r.message).toBe('链接地址必须以 http:// 或 https:// 开头');
    }
    const noTitle = await api(seat1).post('/main-api/conv/send-graphic-link', {
      ...peer(),
      title: '   ',
      url: 'https://a.example.com',
      sendingUUid: 'x',
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.message).toBe('标题不能为空');
  });

  it('shares a mini-program; title, AppID and page are required', async () => {
    const ok = await api(seat1).post<RichSendResult>('/main-api/conv/share-mini-app', {
      ...peer(),
      title: '积分商城',
      appId: 'wx1234567890abcdef',
      appName: '商城',
      pagePath: 'pages/index/index',
      sendingUUid: 'mini',
    });
    expect(ok.status).toBe(200);
    const m = await eventually(async () => {
      const x = (await messagesOf()).find((y) => y.messageId === ok.data.messageId);
      return x?.msgId ? x : undefined;
    });
    expect(m.msgType).toBe(14);
    const bad = await api(seat1, 'en').post('/main-api/conv/share-mini-app', {
      ...peer(),
      title: '积分商城',
      pagePath: 'pages/index',
      sendingUUid: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('The mini-program title, AppID and page path cannot be empty');
  });
});

describe('downloads of received files', () => {
  it('gives received media a permanent and a CDN address, served with the token to those who see it', async () => {
    const img = await inbound(2);
    expect(img.fileUrl).toBe(`/api/v1/download/user-chat-file?cr_id=${img.messageId}`);
    expect(img.fileCdnUrl).toBe(`${img.fileUrl}&source=cdn`);
    expect(img.jpegThumbnail).toBe(`${img.fileUrl}&thumb=1`);
    const res = await raw(img.fileUrl!, seat1.fileCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeGreaterThan(0);
    // Cached: the second download does not need the platform.
    const again = await raw(img.fileCdnUrl!, seat1.fileCookie);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const thumb = await raw(img.jpegThumbnail!, seat1.fileCookie);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      width: 100,
      height: 100,
      format: 'jpeg',
    });
    // The medium address (SPEC §4): the simulator's picture is small, so it is its own medium.
    const medium = await raw(mediumAddressOf(img.fileUrl!), seat1.fileCookie);
    expect(medium.statusCode).toBe(200);
    expect(medium.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await raw(mediumAddressOf(img.fileUrl!), seat2.fileCookie)).statusCode).toBe(404);
    // The token is checked, and so is who may see the message.
    expect((await raw(img.fileUrl!)).statusCode).toBe(401);
    expect((await raw(img.fileUrl!, { cookie: 'cst_file=nope' })).statusCode).toBe(401);
    // Never a token in the address: `token=` is not a credential (not even a valid one).
    expect((await raw(`${img.fileUrl}&token=${seat1.token}`)).statusCode).toBe(401);
    // The file cookie is taken on GET under its paths only; the header works everywhere.
    expect((await raw(img.fileUrl!, seat1.headers)).statusCode).toBe(200);
    expect((await raw(img.fileUrl!, seat2.fileCookie)).statusCode).toBe(404);
    expect((await raw(img.fileUrl!, other.fileCookie)).statusCode).toBe(404);
    expect(
      (await raw(`/api/v1/download/user-chat-file?cr_id=abc`, seat1.fileCookie)).statusCode,
    ).toBe(400);
    expect(
      (await raw(`/api/v1/download/user-chat-file?cr_id=999999999`, seat1.fileCookie)).statusCode,
    ).toBe(404);
  });

  it('serves documents as attachments and refuses files over 10 MB', async () => {
    const doc = await inbound(3, '合同.pdf');
    const res = await raw(doc.fileUrl!, seat1.fileCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.body.startsWith('%PDF')).toBe(true);
    const video = await inbound(5);
    await ctx.deps.db
      .update(messages)
      .set({ fileLen: 10_485_761 })
      .where(eq(messages.id, Number(video.messageId)));
    const big = await raw(video.fileUrl!, seat1.fileCookie);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413, message: '文件过大，请到手机上下载' });
    const en = await raw(video.fileUrl!, { ...seat1.fileCookie, 'accept-language': 'en' });
    expect(en.json()).toMatchObject({ message: 'File too large, download it on the phone' });
  });

  it('refuses messages without a file', async () => {
    const text = await inbound(1, '没有文件');
    const r = await raw(
      `/api/v1/download/user-chat-file?cr_id=${text.messageId}`,
      seat1.fileCookie,
    );
    expect(r.statusCode).toBe(404);
  });
});
