import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PROXY_MAX_BYTES } from '@cst/shared';
import { login, type Session, type TestContext, useTestServer } from '../../../test/support.ts';

// The image proxy (docs/files-and-media.md): outside pictures reach a seat only through the
// server, fetched through the outbound guard, pictures only, at most 5 MB, with no credential.

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

let listener: http.Server;
let origin: string;
const seen: Seen[] = [];
let png: Buffer;

beforeAll(async () => {
  png = await sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  listener = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/a.png')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (req.url === '/page.png') {
      // Says it is a picture; the bytes say HTML.
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>1</script></html>');
    } else if (req.url === '/drawing.svg') {
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    } else if (req.url === '/big.png') {
      const body = Buffer.alloc(IMAGE_PROXY_MAX_BYTES + 1024);
      png.copy(body);
      res.writeHead(200, { 'content-type': 'image/png' }).end(body);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => listener.close(() => r())));

const proxied = (ctx: TestContext, url: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/image-proxy?url=${encodeURIComponent(url)}`,
    headers,
  });

describe('image proxy with the outbound guard on (ALLOW_PRIVATE_NETWORK unset)', () => {
  const ctx = useTestServer();
  let demo: Session;
  beforeAll(async () => {
    demo = await login(ctx, 'demo');
  });

  it('refuses loopback and private addresses, and anything not http(s)', async () => {
    const before = seen.length;
    for (const url of [
      `${origin}/a.png`,
      'http://localhost:1/a.png',
      'http://10.0.0.1/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://0.0.0.0/a.png',
    ]) {
      const r = await proxied(ctx, url, demo.fileCookie);
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toMatchObject({ message: '该图片地址不可访问' });
    }
    for (const url of ['//127.0.0.1/a.png', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect((await proxied(ctx, url, demo.fileCookie)).statusCode, url).toBe(400);
    }
    expect(seen.length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect((await proxied(ctx, 'https://example.com/a.png', {})).statusCode).toBe(401);
  });
});

describe('image proxy with private networks allowed', () => {
  const ctx = useTestServer({ allowPrivateNetwork: true });
  let demo: Session;
  beforeAll(async () => {
    demo = await login(ctx, 'demo');
  });

  it('serves a real picture, forwards no credential, and keeps it on disk', async () => {
    const before = seen.length;
    const url = `${origin}/a.png?v=1`;
    const r = await proxied(ctx, url, { ...demo.fileCookie, ...demo.headers });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.rawPayload.equals(png)).toBe(true);
    const got = seen.slice(before);
    expect(got).toHaveLength(1);
    const h = got[0]!.headers;
    expect(h.cookie).toBeUndefined();
    expect(h['cst-token']).toBeUndefined();
    expect(h.authorization).toBeUndefined();
    expect(JSON.stringify(got[0])).not.toContain(demo.token);
    // The second look comes from the disk cache.
    const again = await proxied(ctx, url, demo.fileCookie);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(png)).toBe(true);
    expect(seen.length).toBe(before + 1);
  });

  it('refuses what is not a picture by its bytes, SVG, and pictures over 5 MB', async () => {
    const notImage = await proxied(ctx, `${origin}/page.png`, demo.fileCookie);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ message: '该地址不是图片' });
    expect((await proxied(ctx, `${origin}/drawing.svg`, demo.fileCookie)).statusCode).toBe(400);
    const big = await proxied(ctx, `${origin}/big.png`, {
      ...demo.fileCookie,
      'accept-language': 'en',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'Pictures cannot be larger than 5M' });
    expect((await proxied(ctx, `${origin}/missing.png`, demo.fileCookie)).statusCode).toBe(409);
  });
});
