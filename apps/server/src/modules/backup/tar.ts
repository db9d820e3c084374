import { Transform, type Readable, type TransformCallback } from 'node:stream';

// The POSIX tar format (ustar, with a pax header for a name over 100 bytes) as far as a backup
// uses it: regular files written in order, read back in order. `tar tzf backup.tar.gz` lists
// an archive; nothing here depends on a tar library.

const BLOCK = 512;

/** The 512-byte header of one entry. */
function header(name: string, size: number, type: '0' | '5' | 'x', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const put = (text: string, at: number, len: number) => h.write(text, at, len, 'utf8');
  const octal = (n: number, at: number, len: number) =>
    put(n.toString(8).padStart(len - 1, '0') + '\0', at, len);
  put(name, 0, 100);
  octal(type === '5' ? 0o755 : 0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime / 1000), 136, 12);
  h.fill(' ', 148, 156);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of h) sum += b;
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return h;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** The header(s) of a regular file: a pax `path` record first when the name is long. */
export function fileHeader(name: string, size: number, mtime = Date.now()): Buffer {
  if (Buffer.byteLength(name) < 100) return header(name, size, '0', mtime);
  // A pax record is "<length> path=<name>\n", the length counting itself.
  const body = ` path=${name}\n`;
  let len = Buffer.byteLength(body);
  len += String(len).length;
  if (String(len).length !== String(len - String(len).length).length) len += 1;
  const record = Buffer.from(`${len}${body}`);
  return Buffer.concat([
    header('PaxHeader', record.length, 'x', mtime),
    record,
    padding(record.length),
    header(name.slice(0, 99), size, '0', mtime),
  ]);
}

/** The header of a folder (`name` without its trailing slash); a pax one first when long. */
export function dirHeader(name: string, mtime = Date.now()): Buffer {
  const full = `${name}/`;
  if (Buffer.byteLength(full) < 100) return header(full, 0, '5', mtime);
  const file = fileHeader(full, 0, mtime);
  // The same pax record, with the folder's type in the last header.
  file.write('5', file.length - 512 + 156, 1, 'latin1');
  let sum = 0;
  const h = file.subarray(file.length - 512);
  h.fill(' ', 148, 156);
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'latin1');
  return file;
}

/** What follows a file's bytes: zeros up to the next block. */
export const filePadding = padding;

/** The end of an archive: two zero blocks. */
export const END = Buffer.alloc(BLOCK * 2);

/** One entry as the reader meets it; `body` must be consumed before the next one comes. */
export interface TarEntry {
  name: string;
  size: number;
}

/**
 * Reads a tar stream: calls `onEntry` for each regular file with a readable of its bytes, waits
 * for it to finish, then goes on. Rejects on a bad checksum, a truncated stream or a missing end.
 */
export async function readTar(
  source: Readable,
  onEntry: (entry: TarEntry, body: Readable) => Promise<void>,
  onDir: (name: string) => Promise<void> = async () => undefined,
): Promise<void> {
  const reader = new BlockReader(source);
  let paxName: string | null = null;
  for (;;) {
    const h = await reader.take(BLOCK);
    if (!h) throw new TruncatedError();
    if (h.every((b) => b === 0)) return;
    const stored = parseInt(h.toString('latin1', 148, 156).replace(/\0.*$/, '').trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
    if (stored !== sum) throw new Error('a tar header is damaged (bad checksum)');
    const field = (at: number, len: number) =>
      h.toString('utf8', at, at + len).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(345, 155);
    const name = paxName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    if (type === 'x') {
      const rec = await reader.take(size);
      if (!rec) throw new TruncatedError();
      await reader.take(padding(size).length);
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(rec.toString('utf8'));
      paxName = m ? m[1]! : null;
      continue;
    }
    paxName = null;
    if (type === '5') {
      await onDir(name.replace(/\/+$/, ''));
      await reader.skip(size + padding(size).length);
      continue;
    }
    if (type !== '0') {
      await reader.skip(size + padding(size).length);
      continue;
    }
    const body = reader.stream(size);
    await onEntry({ name, size }, body);
    await reader.finish(body);
    if (!(await reader.take(padding(size).length))) throw new TruncatedError();
  }
}

/** The archive ends before its end marker. */
export class TruncatedError extends Error {
  constructor() {
    super('the archive is truncated');
  }
}

/** Reads exact byte counts from a stream. */
class BlockReader {
  readonly #it: AsyncIterator<Buffer>;
  #buf: Buffer = Buffer.alloc(0);
  #done = false;

  constructor(source: Readable) {
    this.#it = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  async #fill(n: number): Promise<boolean> {
    while (this.#buf.length < n && !this.#done) {
      const r = await this.#it.next();
      if (r.done) this.#done = true;
      else this.#buf = this.#buf.length ? Buffer.concat([this.#buf, r.value]) : r.value;
    }
    return this.#buf.length >= n;
  }

  /** The next `n` bytes, or null when the stream ends first. */
  async take(n: number): Promise<Buffer | null> {
    if (!(await this.#fill(n))) return null;
    const out = this.#buf.subarray(0, n);
    this.#buf = this.#buf.subarray(n);
    return out;
  }

  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) {
      const chunk = await this.take(Math.min(left, 1 << 20));
      if (!chunk) throw new TruncatedError();
      left -= chunk.length;
    }
  }

  /** A readable of the next `n` bytes. */
  stream(n: number): Transform & { left: number } {
    const out = new Transform({
      transform(chunk: Buffer, _e: BufferEncoding, done: TransformCallback) {
        done(null, chunk);
      },
    }) as Transform & { left: number };
    out.left = n;
    const pump = async () => {
      while (out.left > 0) {
        const chunk = await this.take(Math.min(out.left, 1 << 16));
        if (!chunk) {
          out.destroy(new TruncatedError());
          return;
        }
        out.left -= chunk.length;
        if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
      }
      out.end();
    };
    (out as unknown as { pumping: Promise<void> }).pumping = pump().catch((err: unknown) => {
      out.destroy(err as Error);
    });
    return out;
  }

  /** Waits until an entry's bytes were all taken (the consumer may stop early: the rest is read). */
  async finish(body: Transform & { left: number }): Promise<void> {
    await (body as unknown as { pumping: Promise<void> }).pumping;
    if (body.errored) throw body.errored;
    if (body.left > 0) await this.skip(body.left);
  }
}
