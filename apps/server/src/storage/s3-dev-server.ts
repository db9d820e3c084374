import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import S3rver from 's3rver';

/** s3rver's one account: the keys every client of the development server signs with. */
export const DEV_S3_ACCESS_KEY_ID = 'S3RVER';
export const DEV_S3_SECRET_ACCESS_KEY = 'S3RVER';
export const DEV_S3_REGION = 'us-east-1';

/** Largest browser POST the gate reads (the product's limit is 25 MB). */
const MAX_POST_BYTES = 32 * 1024 * 1024;

/** A running development S3 server. */
export interface DevS3Server {
  endpoint: string;
  port: number;
  bucket: string;
  close(): Promise<void>;
}

class PolicyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** The AWS signature v4 of a POST policy (hex). */
export function signPolicyV4(secret: string, date: string, region: string, policy: string) {
  const k = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return hmac(k, policy).toString('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a browser POST form as S3 does (signature v4 POST policies): signature and access key
 * (403), expiry (403), every condition (`eq`, `starts-with`, `content-length-range`: 400 for the
 * size, 403 otherwise), and that every form field is named by a condition (403).
 */
export function checkPostPolicy(
  fields: Map<string, string>,
  fileSize: number,
  opts: { bucket: string; accessKeyId: string; secret: string; now: number },
): void {
  const get = (name: string) => fields.get(name.toLowerCase());
  const policy = get('policy');
  const signature = get('x-amz-signature');
  const credential = get('x-amz-credential');
  if (!policy || !signature || !credential || get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    throw new PolicyError(403, 'AccessDenied', 'Bucket POST must be signed (signature v4).');
  }
  const [keyId, date, region, service] = credential.split('/');
  if (keyId !== opts.accessKeyId || !date || !region || service !== 's3') {
    throw new PolicyError(403, 'InvalidAccessKeyId', 'The access key id is not known.');
  }
  if (!sameText(signPolicyV4(opts.secret, date, region, policy), signature)) {
    throw new PolicyError(403, 'SignatureDoesNotMatch', 'The policy signature does not match.');
  }
  let doc: { expiration?: string; conditions?: unknown[] };
  try {
    doc = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof doc;
  } catch {
    throw new PolicyError(400, 'InvalidPolicyDocument', 'The policy is not JSON.');
  }
  const expires = Date.parse(String(doc?.expiration));
  if (!Number.isFinite(expires) || expires <= opts.now) {
    throw new PolicyError(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  }
  if (!Array.isArray(doc.conditions)) {
    throw new PolicyError(400, 'InvalidPolicyDocument', 'The policy has no conditions.');
  }
  const named = new Set(['policy', 'x-amz-signature', 'file']);
  const value = (name: string) => (name === 'bucket' ? opts.bucket : (get(name) ?? ''));
  const violated = (what: string) =>
    new PolicyError(403, 'AccessDenied', `Invalid according to Policy: ${what}`);
  for (const c of doc.conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c as unknown[];
      if (op === 'content-length-range') {
        if (fileSize < Number(a)) throw new PolicyError(400, 'EntityTooSmall', 'Too small.');
        if (fileSize > Number(b)) throw new PolicyError(400, 'EntityTooLarge', 'Too large.');
        continue;
      }
      if (typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string') {
        throw new PolicyError(400, 'InvalidPolicyDocument', 'A condition is malformed.');
      }
      const name = a.slice(1).toLowerCase();
      named.add(name);
      const ok =
        op === 'eq' ? value(name) === b : op === 'starts-with' && value(name).startsWith(b);
      if (!ok) throw violated(`Policy Condition failed: ${JSON.stringify(c)}`);
    } else if (c && typeof c === 'object') {
      for (const [k, v] of Object.entries(c as Record<string, unknown>)) {
        named.add(k.toLowerCase());
        if (value(k.toLowerCase()) !== String(v)) {
          throw violated(`Policy Condition failed: ${JSON.stringify(c)}`);
        }
      }
    } else {
      throw new PolicyError(400, 'InvalidPolicyDocument', 'A condition is malformed.');
    }
  }
  for (const name of fields.keys()) {
    if (!named.has(name) && !name.startsWith('x-ignore-')) {
      throw violated(`Extra input fields: ${name}`);
    }
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_POST_BYTES) {
      req.resume();
      throw new PolicyError(400, 'EntityTooLarge', 'Too large.');
    }
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

function errorXml(code: string, message: string): string {
  const esc = (s: string) => s.replace(/[<>&]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${esc(message)}</Message></Error>`;
}

/**
 * A development S3 server on loopback: s3rver (npm, pure JavaScript: it installs with `npm ci`
 * and needs no Python or binary download) with one bucket, behind a gate that does what s3rver
 * leaves out — browser POST uploads are checked against their signed policy as S3 checks them,
 * and every other request must carry a signature naming the server's access key. For tests and
 * `scripts/cluster.sh`; production uses S3, MinIO, OSS or any S3-compatible service.
 */
export async function startDevS3(opts: {
  directory: string;
  bucket: string;
  port?: number;
}): Promise<DevS3Server> {
  await fs.mkdir(opts.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: process.env.S3_DEV_VERBOSE !== '1',
    directory: opts.directory,
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket }],
  });
  const gate = async (
    ctx: Parameters<(typeof server.middleware)[number]>[0],
    next: () => Promise<void>,
  ) => {
    const parts = ctx.path.split('/').filter(Boolean);
    const isFormPost =
      ctx.method === 'POST' &&
      parts.length === 1 &&
      /^multipart\/form-data/i.test(ctx.req.headers['content-type'] ?? '');
    try {
      if (isFormPost) {
        const body = await readBody(ctx.req);
        const form = await new Response(body, {
          headers: { 'content-type': ctx.req.headers['content-type']! },
        }).formData();
        const fields = new Map<string, string>();
        let fileSize = -1;
        for (const [name, v] of form.entries()) {
          if (name === 'file' && typeof v !== 'string') fileSize = v.size;
          else if (typeof v === 'string') fields.set(name.toLowerCase(), v);
        }
        if (fileSize < 0) throw new PolicyError(400, 'InvalidArgument', 'No file.');
        checkPostPolicy(fields, fileSize, {
          bucket: parts[0]!,
          accessKeyId: DEV_S3_ACCESS_KEY_ID,
          secret: DEV_S3_SECRET_ACCESS_KEY,
          now: Date.now(),
        });
        // s3rver reads the form again from the request: hand it the same bytes.
        const { headers, url, method, httpVersion, socket } = ctx.req;
        const replay = Object.assign(Readable.from([body]), {
          headers,
          url,
          method,
          httpVersion,
          socket,
        }) as unknown as IncomingMessage;
        ctx.req = replay;
        ctx.request.req = replay;
      } else {
        const h = ctx.req.headers;
        const url = new URL(ctx.req.url ?? '/', 'http://x');
        const auth = `${h.authorization ?? ''} ${url.searchParams.get('X-Amz-Credential') ?? ''}`;
        if (!auth.includes(`${DEV_S3_ACCESS_KEY_ID}/`)) {
          throw new PolicyError(403, 'AccessDenied', 'Anonymous access is not allowed.');
        }
      }
    } catch (err) {
      if (!(err instanceof PolicyError)) throw err;
      ctx.status = err.status;
      ctx.type = 'application/xml';
      ctx.body = errorXml(err.code, err.message);
      return;
    }
    await next();
  };
  server.middleware.unshift(gate);
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    port: address.port,
    bucket: opts.bucket,
    close: () => server.close(),
  };
}
