import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLICE_PATHS, UPLOAD_SLICE_BYTES, type OssTokenPayload } from '@cst/shared';
import { useDevS3, useTestServer, type Session, type TestContext } from '../../../test/support.ts';
import { buildOtherTenant, signInAs } from '../../../test/factories.ts';
import {
  chatKey,
  multipart,
  ossToken,
  pdfOf,
  pngOf,
  SAMPLE,
  slicer,
} from './files.test-support.ts';

const MB = UPLOAD_SLICE_BYTES;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const sliceOf = (file: Buffer, i: number) => file.subarray(i * MB, (i + 1) * MB);

/** Sends a file in slices, skipping `drop` (a connection lost on them), then resumes. */
async function roundTrip(ctx: TestContext, s: Session, token: OssTokenPayload) {
  const up = slicer(ctx, s);
  const file = pdfOf(2 * MB + 12345);
  const key = chatKey(token, 'pdf');
  const fresh = await up.status(key, file.length);
  expect(fresh).toMatchObject({ status: 200, data: { sliceBytes: MB, count: 3, received: [] } });
  // Slice 1 is lost with the connection; 0 and 2 arrived.
  const first = await up.put(key, file.length, 0, sliceOf(file, 0));
  expect(first.status, first.message).toBe(200);
  expect(first.data.received).toEqual([0]);
  expect((await up.put(key, file.length, 2, sliceOf(file, 2))).data.received).toEqual([0, 2]);
  const early = await up.complete(key, file.length);
  expect(early).toMatchObject({ status: 409, message: '还有 1 个分片未上传，请继续上传' });
  // After the reconnect the browser asks what arrived and sends only the missing slice.
  expect((await up.status(key, file.length)).data.received).toEqual([0, 2]);
  // Sending a slice twice is harmless.
  expect((await up.put(key, file.length, 0, sliceOf(file, 0))).status).toBe(200);
  expect((await up.put(key, file.length, 1, sliceOf(file, 1))).data.received).toEqual([0, 1, 2]);
  const done = await up.complete(key, file.length);
  expect(done.status, done.message).toBe(200);
  const final = key.replace(/^incoming\//, '');
  expect(done.data).toMatchObject({ key: final, size: file.length, mime: 'application/pdf' });
  const served = await ctx.app.inject({ method: 'GET', url: done.data.url, headers: s.headers });
  expect(served.statusCode).toBe(200);
  expect(sha(served.rawPayload)).toBe(sha(file));
  // The key is taken now; the slices are gone.
  expect((await up.status(key, file.length)).status).toBe(409);
  expect((await up.complete(key, file.length)).status).toBe(409);
}

describe('sliced uploads, local store', () => {
  const ctx = useTestServer();
  let demo: Session;
  let seat: Session;
  let other: Session;
  beforeAll(async () => {
    ({ demo, seat1: seat } = await signInAs(ctx, 'demo', 'seat1'));
    other = await buildOtherTenant(ctx);
  });

  it('resumes after a dropped connection and keeps the file whole', async () => {
    await roundTrip(ctx, demo, await ossToken(ctx, demo));
  });

  it('joins a single-slice picture with its thumbnail', async () => {
    const token = await ossToken(ctx, demo);
    const up = slicer(ctx, demo);
    const png = await pngOf(300, 200);
    const key = chatKey(token, 'png');
    expect((await up.put(key, png.length, 0, png)).data.received).toEqual([0]);
    const done = await up.complete(key, png.length);
    expect(done.data).toMatchObject({ kind: 'image', width: 300, height: 200 });
    expect(done.data.thumbUrl).toBe(`${done.data.url}.thumb.jpg`);
  });

  it('enforces the limits on the server: folder, size, slice number and size, type', async () => {
    const token = await ossToken(ctx, demo);
    const up = slicer(ctx, demo);
    const key = chatKey(token, 'pdf');
    // Only the caller's own upload folder: not another seat's, not another tenant's.
    const seatDir = (await ossToken(ctx, seat)).dir;
    const theirs = `${seatDir}a/b/20250101/1-x.pdf`;
    expect(await up.status(theirs, 10)).toMatchObject({
      status: 400,
      message: '文件路径无效，必须位于上传目录内',
    });
    expect((await slicer(ctx, other).status(key, 10)).status).toBe(400);
    expect((await slicer(ctx, seat).put(key, 10, 0, SAMPLE.pdf)).status).toBe(400);
    for (const bad of [`${token.dir}../x.pdf`, `${token.dir}x.png.thumb.jpg`, token.dir]) {
      expect((await up.status(bad, 10)).status, bad).toBe(400);
    }
    // 25 MB at most, and not empty.
    expect(await up.status(key, 25 * MB + 1)).toMatchObject({
      status: 413,
      message: '文件大小超出限制（最大 25M）',
    });
    expect((await up.status(key, 0)).status).toBe(400);
    expect((await up.put(key, 25 * MB + 1, 0, SAMPLE.pdf)).status).toBe(413);
    // Slice numbers and sizes.
    const size = MB + 10;
    expect(await up.put(key, size, 2, Buffer.alloc(10))).toMatchObject({
      status: 400,
      message: '分片序号无效（应为 0 到 1）',
    });
    expect((await up.put(key, size, '-1', Buffer.alloc(10))).status).toBe(400);
    expect(await up.put(key, size, 1, Buffer.alloc(11))).toMatchObject({
      status: 400,
      message: '分片大小不对：应为 10 字节',
    });
    expect((await up.put(key, size, 1, Buffer.alloc(9))).status).toBe(400);
    expect((await up.put(key, size, 0, pdfOf(MB + 1).subarray(0, MB + 1))).status).toBe(400);
    expect((await up.status(key, size)).data.received).toEqual([]);
    // The first slice tells the type: an executable, or bytes that contradict the name, stop there.
    const exe = Buffer.concat([SAMPLE.exe, Buffer.alloc(MB - SAMPLE.exe.length)]);
    expect(await up.put(key, size, 0, exe)).toMatchObject({
      status: 400,
      message: '不支持的文件类型',
    });
    const png = await pngOf();
    expect((await up.put(key, png.length, 0, png)).message).toBe('文件内容与扩展名不符');
    // A missing field, no session.
    const noIndex = multipart([['key', key]], { filename: 'b', data: SAMPLE.pdf });
    const res = await ctx.app.inject({
      method: 'POST',
      url: SLICE_PATHS.put,
      headers: { ...demo.headers, ...noIndex.headers },
      payload: noIndex.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((await slicer(ctx, null).status(key, 10)).status).toBe(401);
    expect((await slicer(ctx, null).put(key, 10, 0, SAMPLE.pdf)).status).toBe(401);
  });

  it('refuses a damaged picture at completion and drops its slices', async () => {
    const token = await ossToken(ctx, demo);
    const up = slicer(ctx, demo);
    const png = (await pngOf(400, 400)).subarray(0, 200);
    const key = chatKey(token, 'png');
    await up.put(key, png.length, 0, png);
    expect((await up.complete(key, png.length)).status).toBe(400);
    expect((await up.status(key, png.length)).data.received).toEqual([]);
  });
});

describe('sliced uploads, STORAGE=s3', () => {
  const s3 = useDevS3();
  const ctx = useTestServer(() => s3.config());
  let demo: Session;
  beforeAll(async () => {
    ({ demo } = await signInAs(ctx, 'demo'));
  });

  it('resumes and joins the slices in the bucket', async () => {
    // The token's folder is the bucket's `incoming/…`: the file lands in the final upload folder.
    const token = await ossToken(ctx, demo);
    expect(token.dir).toMatch(/^incoming\//);
    await roundTrip(ctx, demo, token);
  });
});
