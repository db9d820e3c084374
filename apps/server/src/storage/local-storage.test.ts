import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { isSafeKey, StorageLimitError } from './object-storage.ts';

const root = path.join(os.tmpdir(), `cst-storage-${process.pid}-${Date.now()}`);
const store = new LocalStorage(root);
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('local storage', () => {
  it('writes, reads, ranges and deletes', async () => {
    const r = await store.put('t/x/a.txt', Buffer.from('hello world'));
    expect(r.size).toBe(11);
    expect((await store.read('t/x/a.txt'))?.toString()).toBe('hello world');
    const part = await store.get('t/x/a.txt', { start: 6, end: 10 });
    const chunks: Buffer[] = [];
    for await (const c of part!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    await store.delete('t/x/a.txt');
    expect(await store.stat('t/x/a.txt')).toBeNull();
  });

  it('keeps nothing when a write goes over its limit or its head is refused', async () => {
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
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('never leaves its root', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a\\b',
      'a//b',
      '.',
      'C:/x',
      '.tmp/x',
      'a\u0000b',
    ]) {
      expect(() => store.pathOf(key), key).toThrow();
    }
    expect(isSafeKey('t/1/a b/ü.png')).toBe(true);
  });
});
