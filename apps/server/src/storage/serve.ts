import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ObjectStorage } from './object-storage.ts';

/** How a file is answered. */
export interface ServeOptions {
  mime: string;
  /** Name for the save dialog. */
  fileName?: string | null;
  /** Ask the browser to save rather than show. */
  attachment?: boolean;
}

/** Types a browser may show inline; everything else is sent as an attachment. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|video\/|audio\/|application\/pdf|text\/plain)/;

/** `bytes=a-b` of a Range header against a size; undefined = whole, null = unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined | null {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

function headers(reply: FastifyReply, opts: ServeOptions): void {
  const inline = !opts.attachment && INLINE.test(opts.mime);
  const name = opts.fileName ? encodeURIComponent(opts.fileName) : '';
  reply
    .header('content-type', opts.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header('accept-ranges', 'bytes')
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}${name ? `; filename*=UTF-8''${name}` : ''}`,
    );
}

/** Answers a stored object (with Range support); false when the key is missing. */
export async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  opts: ServeOptions,
): Promise<boolean> {
  const st = await storage.stat(key);
  if (!st) return false;
  const range = parseRange(req.headers.range, st.size);
  headers(reply, opts);
  if (range === null) {
    await reply.code(416).header('content-range', `bytes */${st.size}`).send('');
    return true;
  }
  const obj = await storage.get(key, range);
  if (!obj) return false;
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.code(200).header('content-length', String(st.size));
  }
  await reply.send(obj.stream);
  return true;
}

/** Answers bytes held in memory (with Range support). */
export async function sendBytes(
  req: FastifyRequest,
  reply: FastifyReply,
  data: Buffer,
  opts: ServeOptions,
): Promise<void> {
  const range = parseRange(req.headers.range, data.length);
  headers(reply, opts);
  if (range === null) {
    await reply.code(416).header('content-range', `bytes */${data.length}`).send('');
    return;
  }
  const body = range ? data.subarray(range.start, range.end + 1) : data;
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${data.length}`);
  } else {
    reply.code(200);
  }
  await reply.header('content-length', String(body.length)).send(Readable.from([body]));
}
