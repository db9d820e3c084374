import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_FILE_MAX_BYTES,
  MEDIUM_IMAGE_SIZE,
  MEDIUM_SUFFIX,
  mediumAddressOf,
  type UploadResult,
} from '@cst/shared';
import { login, useTestServer, type Session } from '../../../test/support.ts';
import { buildOtherTenant } from '../../../test/factories.ts';
import { chatKey, multipart, ossToken, pngOf, SAMPLE, uploadAs } from './files.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let other: Session;

beforeAll(async () => {
  demo = await login(ctx, 'demo');
  other = await buildOtherTenant(ctx);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('storage token', () => {
  it('gives a signed policy for the caller’s upload folder, valid one hour, on both token routes', async () => {
    for (const url of ['/main-api/oss/token', '/main-api/cos/token']) {
      const res = await get(url, demo.headers);
      expect(res.statusCode).toBe(200);
      const token = JSON.parse((res.json() as { data: { token: string } }).data.token) as Record<
        string,
        unknown
      >;
      expect(token).toMatchObject({ host: '/oss-api', dir: `t/${demo.tenantId}/u/${demo.uid}/` });
      expect(token.accessid).toEqual(expect.any(String));
      const policy = JSON.parse(Buffer.from(String(token.policy), 'base64').toString()) as {
        expiration: string;
        conditions: unknown[];
      };
      expect(policy.conditions).toContainEqual([
        'starts-with',
        '$key',
        `t/${demo.tenantId}/u/${demo.uid}/`,
      ]);
      expect(policy.conditions).toContainEqual(['content-length-range', 0, CHAT_FILE_MAX_BYTES]);
      const expire = Number(token.expire) * 1000;
      expect(expire).toBeGreaterThan(Date.now() + 3500_000);
      expect(expire).toBeLessThan(Date.now() + 3700_000);
      expect(Date.parse(policy.expiration)).toBeCloseTo(expire, -4);
    }
  });

  it('needs a session', async () => {
    expect((await get('/main-api/oss/token')).statusCode).toBe(401);
  });
});

describe('POST /oss-api', () => {
  it('stores a picture with a 100×100 thumbnail and serves it to the tenant only', async () => {
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'png');
    const res = await uploadAs(ctx, token, key, await pngOf(300, 200));
    expect(res.statusCode).toBe(200);
    const file = (res.json() as { data: UploadResult }).data;
    expect(file).toMatchObject({
      key,
      size: expect.any(Number),
      mime: 'image/png',
      kind: 'image',
      width: 300,
      height: 200,
    });
    expect(file.url).toBe(`/oss-api/${key}`);
    const img = await get(file.url, demo.headers);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.length).toBe(file.size);
    // A picture element sends the file cookie; a token in the address is no credential.
    expect((await get(file.url, demo.fileCookie)).statusCode).toBe(200);
    expect((await get(`${file.url}?token=${demo.token}`)).statusCode).toBe(401);
    const thumb = await get(file.thumbUrl!, demo.headers);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const sharp = (await import('sharp')).default;
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 100, height: 100 });
    // Not without a session, not to another tenant.
    expect((await get(file.url)).statusCode).toBe(401);
    expect((await get(file.url, other.headers)).statusCode).toBe(404);
  });

  it('makes a medium variant of a large picture; a small one is its own medium', async () => {
    const sharp = (await import('sharp')).default;
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'png');
    expect((await uploadAs(ctx, token, key, await pngOf(2000, 1000))).statusCode).toBe(200);
    const medium = await get(mediumAddressOf(`/oss-api/${key}`), demo.headers);
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(medium.rawPayload).metadata()).toMatchObject({
      width: MEDIUM_IMAGE_SIZE,
      height: MEDIUM_IMAGE_SIZE / 2,
      format: 'jpeg',
    });
    // Only the tenant sees it, as the picture.
    expect((await get(`/oss-api/${key}${MEDIUM_SUFFIX}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/oss-api/${key}${MEDIUM_SUFFIX}`)).statusCode).toBe(401);

    const small = chatKey(token, 'png');
    const smallPng = await pngOf(300, 200);
    expect((await uploadAs(ctx, token, small, smallPng)).statusCode).toBe(200);
    const same = await get(`/oss-api/${small}${MEDIUM_SUFFIX}`, demo.headers);
    expect(same.statusCode).toBe(200);
    expect(same.headers['content-type']).toBe('image/png');
    expect(same.rawPayload.equals(smallPng)).toBe(true);

    // Not for a file that is not a picture, nor for a key nobody stored.
    const pdf = chatKey(token, 'pdf');
    expect((await uploadAs(ctx, token, pdf, SAMPLE.pdf)).statusCode).toBe(200);
    expect((await get(`/oss-api/${pdf}${MEDIUM_SUFFIX}`, demo.headers)).statusCode).toBe(404);
    expect(
      (await get(`/oss-api/${chatKey(token, 'png')}${MEDIUM_SUFFIX}`, demo.headers)).statusCode,
    ).toBe(404);
  });

  it('refuses an upload onto a variant key (thumbnail or medium)', async () => {
    const token = await ossToken(ctx, demo);
    for (const suffix of ['.thumb.jpg', MEDIUM_SUFFIX]) {
      const key = `${chatKey(token, 'png')}${suffix}`;
      expect((await uploadAs(ctx, token, key, await pngOf())).statusCode).toBe(400);
    }
  });

  it('answers byte ranges (video seeking)', async () => {
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'mp4');
    expect((await uploadAs(ctx, token, key, SAMPLE.mp4)).statusCode).toBe(200);
    const part = await get(`/oss-api/${key}`, { ...demo.headers, range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ftypisom');
    expect(part.headers['content-range']).toBe(`bytes 4-11/${SAMPLE.mp4.length}`);
    expect(
      (await get(`/oss-api/${key}`, { ...demo.headers, range: 'bytes=9999-' })).statusCode,
    ).toBe(416);
  });

  it('takes documents, text, audio and video by their bytes', async () => {
    const token = await ossToken(ctx, demo);
    const cases: [string, Buffer, string][] = [
      ['pdf', SAMPLE.pdf, 'application/pdf'],
      ['txt', SAMPLE.text, 'text/plain; charset=utf-8'],
      ['amr', SAMPLE.amr, 'audio/amr'],
      ['mp3', SAMPLE.mp3, 'audio/mpeg'],
      ['webm', SAMPLE.webm, 'video/webm'],
      // No or an unknown extension: the bytes decide.
      ['bin', SAMPLE.pdf, 'application/pdf'],
    ];
    for (const [ext, data, mime] of cases) {
      const res = await uploadAs(ctx, token, chatKey(token, ext), data);
      expect(res.statusCode, ext).toBe(200);
      expect((res.json() as { data: UploadResult }).data.mime, ext).toBe(mime);
    }
  });

  it('refuses a type the bytes do not allow, or that contradicts the name (400)', async () => {
    const token = await ossToken(ctx, demo);
    const exe = await uploadAs(ctx, token, chatKey(token, 'png'), SAMPLE.exe);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 400, message: '不支持的文件类型' });
    const pdfAsPng = await uploadAs(ctx, token, chatKey(token, 'png'), SAMPLE.pdf);
    expect(pdfAsPng.statusCode).toBe(400);
    expect(pdfAsPng.json()).toMatchObject({ message: '文件内容与扩展名不符' });
    const broken = Buffer.concat([(await pngOf()).subarray(0, 60), Buffer.alloc(200, 7)]);
    const bad = await uploadAs(ctx, token, chatKey(token, 'png'), broken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: '图片已损坏或无法识别' });
    const empty = await uploadAs(ctx, token, chatKey(token, 'txt'), Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses more than 25 MB with 413 and keeps nothing', async () => {
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'txt');
    const big = Buffer.alloc(CHAT_FILE_MAX_BYTES + 1, 0x61);
    const res = await uploadAs(ctx, token, key, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413 });
    expect((await get(`/oss-api/${key}`, demo.headers)).statusCode).toBe(404);
    const exact = await uploadAs(ctx, token, key, big.subarray(0, CHAT_FILE_MAX_BYTES));
    expect(exact.statusCode).toBe(200);
  });

  it('refuses a bad signature, another access id or a changed policy (403)', async () => {
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'pdf');
    const sig = await uploadAs(ctx, token, key, SAMPLE.pdf, {
      signature: 'AAAA' + token.signature.slice(4),
    });
    expect(sig.statusCode).toBe(403);
    expect(sig.json()).toMatchObject({ code: 403 });
    expect(
      (await uploadAs(ctx, token, key, SAMPLE.pdf, { OSSAccessKeyId: 'someone' })).statusCode,
    ).toBe(403);
    const doc = JSON.parse(Buffer.from(token.policy, 'base64').toString()) as {
      conditions: unknown[];
    };
    doc.conditions = [['starts-with', '$key', 't/']];
    const forged = Buffer.from(JSON.stringify(doc)).toString('base64');
    expect((await uploadAs(ctx, token, key, SAMPLE.pdf, { policy: forged })).statusCode).toBe(403);
  });

  it('refuses an expired policy (403)', async () => {
    const token = await ossToken(ctx, demo);
    ctx.clock.offset = 3600_000 + 5000;
    try {
      const res = await uploadAs(ctx, token, chatKey(token, 'pdf'), SAMPLE.pdf);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: '上传凭证已过期，请刷新后重试' });
    } finally {
      ctx.clock.offset = 0;
    }
  });

  it('refuses keys outside the folder, escaping it, absolute or with backslashes (400)', async () => {
    const token = await ossToken(ctx, demo);
    const otherToken = await ossToken(ctx, other);
    const keys = [
      `${otherToken.dir}x/1.pdf`,
      `${token.dir}../${otherToken.dir.slice(2)}1.pdf`,
      `${token.dir}a/../../x.pdf`,
      `/${token.dir}a.pdf`,
      `${token.dir}a\\..\\b.pdf`,
      `${token.dir}a//b.pdf`,
      `${token.dir}a.pdf.thumb.jpg`,
      'sim/escape.pdf',
    ];
    for (const key of keys) {
      const res = await uploadAs(ctx, token, key, SAMPLE.pdf);
      expect(res.statusCode, key).toBe(400);
    }
    // Another tenant's token cannot write into this tenant's folder either.
    expect((await uploadAs(ctx, otherToken, chatKey(token, 'pdf'), SAMPLE.pdf)).statusCode).toBe(
      400,
    );
  });

  it('answers 400 to a form without fields, without a file, or not multipart', async () => {
    const token = await ossToken(ctx, demo);
    const noPolicy = multipart([['key', chatKey(token, 'pdf')]], {
      filename: 'a.pdf',
      data: SAMPLE.pdf,
    });
    const r1 = await ctx.app.inject({ method: 'POST', url: '/oss-api', ...noPolicy });
    expect(r1.statusCode).toBe(400);
    const noFile = multipart([
      ['key', chatKey(token, 'pdf')],
      ['policy', token.policy],
    ]);
    const r2 = await ctx.app.inject({ method: 'POST', url: '/oss-api', ...noFile });
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toMatchObject({ message: '请选择要上传的文件' });
    const r3 = await ctx.app.inject({ method: 'POST', url: '/oss-api', payload: { key: 'x' } });
    expect(r3.statusCode).toBe(400);
    const r4 = await ctx.app.inject({
      method: 'POST',
      url: '/oss-api',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'garbage',
    });
    expect(r4.statusCode).toBeGreaterThanOrEqual(400);
    expect(r4.statusCode).toBeLessThan(500);
  });

  it('does not serve paths outside the tenant folder', async () => {
    for (const url of [
      '/oss-api/sim/x.png',
      '/oss-api/..%2F..%2Fetc%2Fpasswd',
      `/oss-api/t/${demo.tenantId}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/oss-api/t/${demo.tenantId}/%2e%2e/x`,
    ]) {
      const res = await get(url, demo.headers);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
