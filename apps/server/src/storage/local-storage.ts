import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  HEAD_BYTES,
  isSafeKey,
  KeyExistsError,
  StorageLimitError,
  type ObjectStorage,
  type PutOptions,
  type PutResult,
  type StoredObject,
} from './object-storage.ts';

/** The embedded store: files under `root` (DATA_DIR/files), written through a temp file. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmp = path.join(this.root, '.tmp');
  }

  /** The absolute path of a key; throws when the key is unsafe or escapes the root. */
  pathOf(key: string): string {
    if (!isSafeKey(key) || key.startsWith('.tmp/')) throw new Error(`unsafe storage key: ${key}`);
    const abs = path.resolve(this.root, ...key.split('/'));
    if (!abs.startsWith(this.root + path.sep)) throw new Error(`storage key escapes: ${key}`);
    return abs;
  }

  async put(key: string, source: Readable | Buffer, opts: PutOptions = {}): Promise<PutResult> {
    const target = this.pathOf(key);
    await fsp.mkdir(this.tmp, { recursive: true });
    const tmpFile = path.join(this.tmp, randomUUID());
    let size = 0;
    const chunks: Buffer[] = [];
    let headLen = 0;
    let headChecked = false;
    const head = () => Buffer.concat(chunks, headLen).subarray(0, HEAD_BYTES);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (opts.maxBytes !== undefined && size > opts.maxBytes) {
          done(new StorageLimitError(opts.maxBytes));
          return;
        }
        if (!headChecked) {
          chunks.push(chunk);
          headLen += chunk.length;
          if (headLen >= HEAD_BYTES) {
            headChecked = true;
            try {
              opts.checkHead?.(head(), false);
            } catch (err) {
              done(err as Error);
              return;
            }
          }
        }
        done(null, chunk);
      },
      flush(done) {
        if (!headChecked) {
          headChecked = true;
          try {
            opts.checkHead?.(head(), true);
          } catch (err) {
            done(err as Error);
            return;
          }
        }
        done();
      },
    });
    const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
    // The temp file is opened before the pipeline starts, so a failure can never race the
    // stream's own open and leave a file behind after the cleanup below.
    const handle = await fsp.open(tmpFile, 'wx');
    try {
      await pipeline(input, meter, handle.createWriteStream());
      await fsp.mkdir(path.dirname(target), { recursive: true });
      if (opts.exclusive) {
        // link() never replaces: of two writers of one key, exactly one wins.
        await fsp.link(tmpFile, target).catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'EEXIST' ? new KeyExistsError(key) : err;
        });
        await fsp.rm(tmpFile, { force: true });
      } else {
        await fsp.rename(tmpFile, target);
      }
    } catch (err) {
      await handle.close().catch(() => undefined);
      await fsp.rm(tmpFile, { force: true });
      throw err;
    }
    return { size, head: head() };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    const abs = this.pathOf(key);
    const st = await fsp.stat(abs).catch(() => null);
    if (!st?.isFile()) return null;
    const stream = range
      ? fs.createReadStream(abs, { start: range.start, end: range.end })
      : fs.createReadStream(abs);
    return { stream, size: st.size };
  }

  async read(key: string): Promise<Buffer | null> {
    return fsp.readFile(this.pathOf(key)).catch(() => null);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const st = await fsp.stat(this.pathOf(key)).catch(() => null);
    return st?.isFile() ? { size: st.size } : null;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
