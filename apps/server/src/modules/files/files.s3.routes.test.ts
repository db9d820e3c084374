import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FILE_MAX_BYTES, type OssTokenPayload, type UploadResult } from '@cst/shared';
import { useDevS3, useTestServer, type Session } from '../../../test/support.ts';
import { buildOtherTenant, signInAs } from '../../../test/factories.ts';
import { chatKey, ossToken, pngOf, SAMPLE } from './files.test-support.ts';

const s3 = useDevS3();
const ctx = useTestServer(() => s3.config());
let demo: Session;
let other: Session;

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  other = await buildOtherTenant(ctx);
});

/** The browser's POST straight to the bucket with the token's presigned fields. */
async function postToBucket(token: OssTokenPayload, key: string, data: Buffer) {
  const form = new FormData();
  form.set('key', key);
  for (const [k, v] of Object.entries(token.fields ?? {})) form.set(k, v);
  form.set('file', new Blob([data]), key.slice(key.lastIndexOf('/') + 1));
  return fetch(token.host, { method: 'POST', body: form });
}

const confirm = (s: Session, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/main-api/oss/confirm',
    headers: s.headers,
    payload: { key },
  });

const storage = () => ctx.deps.storage;

describe('STORAGE=s3 uploads', () => {
  it('issues a presigned POST into the caller’s incoming folder for 1 byte to 25 MB', async () => {
    const token = await ossToken(ctx, demo);
    expect(token.host).toBe(`${s3.endpoint}/files`);
    expect(token.dir).toBe(`incoming/t/${demo.tenantId}/u/${demo.uid}/`);
    expect(token.confirm).toBe('/main-api/oss/confirm');
    expect(token.fields).toMatchObject({ 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(token.policy, 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['starts-with', '$key', token.dir]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, CHAT_FILE_MAX_BYTES]);
  });

  it('checks a picture that arrived, keeps it with a thumbnail and serves it to the tenant only', async () => {
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'png');
    expect((await postToBucket(token, key, await pngOf(300, 200))).status).toBe(200);
    const res = await confirm(demo, key);
    expect(res.statusCode, res.body).toBe(200);
    const file = (res.json() as { data: UploadResult }).data;
    const final = key.slice('incoming/'.length);
    expect(file).toMatchObject({ key: final, mime: 'image/png', width: 300, height: 200 });
    expect(await storage().stat(key)).toBeNull();
    expect(await storage().stat(`${final}.thumb.jpg`)).not.toBeNull();
    const img = await ctx.app.inject({ method: 'GET', url: file.url, headers: demo.headers });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.length).toBe(file.size);
    const part = await ctx.app.inject({
      method: 'GET',
      url: file.url,
      headers: { ...demo.headers, range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const thumb = await ctx.app.inject({
      method: 'GET',
      url: file.thumbUrl!,
      headers: demo.headers,
    });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const foreign = await ctx.app.inject({ method: 'GET', url: file.url, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    // The same key cannot be confirmed twice: the kept file is never replaced.
    expect((await postToBucket(token, key, await pngOf(20, 20))).status).toBe(200);
    const again = await confirm(demo, key);
    expect(again.statusCode).toBe(409);
    expect(await storage().stat(key)).toBeNull();
    expect((await storage().stat(final))?.size).toBe(file.size);
  });

  it('refuses and deletes what fails the checks', async () => {
    const token = await ossToken(ctx, demo);
    const cases: [string, Buffer, number, string][] = [
      ['exe', SAMPLE.exe, 400, '不支持的文件类型'],
      ['png', SAMPLE.pdf, 400, '文件内容与扩展名不符'],
      ['png', Buffer.concat([(await pngOf(50, 50)).subarray(0, 60), Buffer.alloc(10)]), 400, ''],
    ];
    for (const [ext, data, status, message] of cases) {
      const key = chatKey(token, ext);
      expect((await postToBucket(token, key, data)).status).toBe(200);
      const res = await confirm(demo, key);
      expect(res.statusCode, ext).toBe(status);
      if (message) expect((res.json() as { message: string }).message).toBe(message);
      const final = key.slice('incoming/'.length);
      expect(await storage().stat(key)).toBeNull();
      expect(await storage().stat(final)).toBeNull();
      expect(await storage().stat(`${final}.thumb.jpg`)).toBeNull();
    }
  });

  it('confirms only keys of the caller’s own incoming folder and files that arrived', async () => {
    const token = await ossToken(ctx, demo);
    const key = chatKey(token, 'txt');
    expect((await postToBucket(token, key, SAMPLE.text)).status).toBe(200);
    for (const bad of [
      key.slice('incoming/'.length),
      `incoming/t/${demo.tenantId}/media/x.txt`,
      `${token.dir}../x.txt`,
      `${key}.thumb.jpg`,
    ]) {
      expect((await confirm(demo, bad)).statusCode, bad).toBe(400);
    }
    expect((await confirm(other, key)).statusCode).toBe(400);
    expect(await storage().stat(key)).not.toBeNull();
    expect((await confirm(demo, chatKey(token, 'txt'))).statusCode).toBe(409);
    const ok = await confirm(demo, key);
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: UploadResult }).data.mime).toMatch(/^text\/plain/);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/main-api/oss/confirm', payload: { key } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a POST outside the folder, over the size or with a forged signature at the bucket', async () => {
    const token = await ossToken(ctx, demo);
    const big = Buffer.alloc(CHAT_FILE_MAX_BYTES + 1, 0x20);
    expect((await postToBucket(token, chatKey(token, 'txt'), big)).status).toBe(400);
    const outside = chatKey(token, 'txt').replace(demo.uid, other.uid);
    expect((await postToBucket(token, outside, SAMPLE.text)).status).toBe(403);
    const forged = { ...token, fields: { ...token.fields, 'X-Amz-Signature': '0'.repeat(64) } };
    const key = chatKey(token, 'txt');
    expect((await postToBucket(forged, key, SAMPLE.text)).status).toBe(403);
    expect(await storage().stat(key)).toBeNull();
  });
});
