import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import {
  KeyExistsError,
  StorageLimitError,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';
import {
  DEV_S3_ACCESS_KEY_ID,
  DEV_S3_REGION,
  DEV_S3_SECRET_ACCESS_KEY,
  startDevS3,
  type DevS3Server,
} from './s3-dev-server.ts';
import { PART_BYTES, S3Storage } from './s3-storage.ts';

const root = path.join(os.tmpdir(), `cst-contract-${process.pid}-${Date.now()}`);
let s3server: DevS3Server;
let s3: S3Storage;

beforeAll(async () => {
  s3server = await startDevS3({ directory: path.join(root, 's3'), bucket: 'contract' });
  s3 = new S3Storage({
    endpoint: s3server.endpoint,
    bucket: 'contract',
    region: DEV_S3_REGION,
    accessKeyId: DEV_S3_ACCESS_KEY_ID,
    secretAccessKey: DEV_S3_SECRET_ACCESS_KEY,
    publicHost: undefined,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3server?.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function text(obj: StoredObject | null): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of obj!.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

const stores: [string, () => ObjectStorage][] = [
  ['local', () => new LocalStorage(path.join(root, 'local'))],
  ['s3', () => s3],
];

describe.each(stores)('object storage contract: %s', (_name, storeOf) => {
  it('writes, reads, ranges, stats and deletes', async () => {
    const store = storeOf();
    const r = await store.put('t/x/a.txt', Buffer.from('hello world'));
    expect(r.size).toBe(11);
    expect(r.head.toString()).toBe('hello world');
    expect((await store.read('t/x/a.txt'))?.toString()).toBe('hello world');
    expect(await store.stat('t/x/a.txt')).toEqual({ size: 11 });
    const part = await store.get('t/x/a.txt', { start: 6, end: 10 });
    expect(part!.size).toBe(11);
    expect(await text(part)).toBe('world');
    await store.delete('t/x/a.txt');
    expect(await store.stat('t/x/a.txt')).toBeNull();
    expect(await store.get('t/x/a.txt')).toBeNull();
    expect(await store.read('t/x/a.txt')).toBeNull();
    await store.delete('t/x/a.txt');
  });

  it('keeps nothing when a write goes over its limit or its head is refused', async () => {
    const store = storeOf();
    await expect(
      store.put('t/x/big.bin', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), {
        maxBytes: 1000,
      }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await store.stat('t/x/big.bin')).toBeNull();
    await store.put('t/x/keep.txt', Buffer.from('old'));
    await expect(
      store.put('t/x/keep.txt', Buffer.from('new'), {
        checkHead: () => {
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect((await store.read('t/x/keep.txt'))?.toString()).toBe('old');
  });

  it('never replaces a key on an exclusive write', async () => {
    const store = storeOf();
    await store.put('t/x/once.txt', Buffer.from('first'), { exclusive: true });
    await expect(
      store.put('t/x/once.txt', Buffer.from('second'), { exclusive: true }),
    ).rejects.toBeInstanceOf(KeyExistsError);
    expect((await store.read('t/x/once.txt'))?.toString()).toBe('first');
  });

  it('streams a file of several parts, seeks across a part boundary and aborts over-limit ones', async () => {
    const store = storeOf();
    const data = randomBytes(2 * PART_BYTES + 1234);
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    let seen: Buffer | null = null;
    const r = await store.put('t/x/video.bin', Readable.from(chunks), {
      checkHead: (head, complete) => {
        expect(complete).toBe(false);
        seen = head;
      },
    });
    expect(r.size).toBe(data.length);
    expect(seen!.equals(data.subarray(0, 4100))).toBe(true);
    expect(await store.stat('t/x/video.bin')).toEqual({ size: data.length });
    const at = PART_BYTES - 10;
    const part = await store.get('t/x/video.bin', { start: at, end: at + 19 });
    const got: Buffer[] = [];
    for await (const c of part!.stream) got.push(c as Buffer);
    expect(Buffer.concat(got).equals(data.subarray(at, at + 20))).toBe(true);

    await expect(
      store.put('t/x/too-big.bin', Readable.from(chunks), { maxBytes: PART_BYTES + 100 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await store.stat('t/x/too-big.bin')).toBeNull();
    await store.delete('t/x/video.bin');
  });

  it('refuses unsafe keys', async () => {
    const store = storeOf();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b', '.', 'a\u0000b']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow();
    }
  });
});

describe('S3 browser uploads (presigned POST)', () => {
  const DIR = 'incoming/t/1/u/2/';

  async function post(over: Record<string, string | null> = {}, size = 10, dir = DIR) {
    const signed = await s3.presignPost({ dir, minBytes: 1, maxBytes: 100, expiresSec: 60 });
    const form = new FormData();
    const fields: Record<string, string | null> = { key: `${DIR}a.txt`, ...signed.fields, ...over };
    for (const [k, v] of Object.entries(fields)) if (v !== null) form.set(k, v);
    form.set('file', new Blob([Buffer.alloc(size, 'a')]), 'a.txt');
    const res = await fetch(signed.url, { method: 'POST', body: form });
    return { status: res.status, body: await res.text(), key: String(fields.key) };
  }

  it('stores a form signed for the caller’s folder and size', async () => {
    const r = await post();
    expect(r.status, r.body).toBe(200);
    expect(await s3.stat(r.key)).toEqual({ size: 10 });
    await s3.delete(r.key);
  });

  it('refuses size, key, signature and extra fields, and keeps nothing', async () => {
    const cases: [Record<string, string | null>, number, number, string][] = [
      [{}, 101, 400, 'EntityTooLarge'],
      [{ key: 'incoming/t/1/u/3/a.txt' }, 10, 403, 'AccessDenied'],
      [{ 'X-Amz-Signature': '0'.repeat(64) }, 10, 403, 'SignatureDoesNotMatch'],
      [{ 'X-Amz-Signature': null }, 10, 403, 'AccessDenied'],
      [{ 'x-amz-meta-evil': '1' }, 10, 403, 'AccessDenied'],
    ];
    for (const [over, size, status, code] of cases) {
      const r = await post(over, size);
      expect(r.status, JSON.stringify(over)).toBe(status);
      expect(r.body).toContain(code);
      expect(await s3.stat(r.key)).toBeNull();
    }
  });

  it('refuses unsigned requests other than form posts', async () => {
    const res = await fetch(`${s3server.endpoint}/contract/incoming/t/1/u/2/x.txt`, {
      method: 'PUT',
      body: 'x',
    });
    expect(res.status).toBe(403);
    expect(await s3.stat('incoming/t/1/u/2/x.txt')).toBeNull();
  });
});
