import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkLiteral, guardedLookup } from '../../platform/outbound.ts';

/** How long an endpoint has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer the log keeps. */
export const BODY_KEEP_BYTES = 1024;

/** A new endpoint secret (`whsec_` and 32 random bytes in hex). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The `X-CST-Signature` header: one `v1=` entry per valid secret, comma-separated. */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return secrets.map((s) => signatureOf(s, timestamp, body)).join(',');
}

/** What one POST to an endpoint came to. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The first {@link BODY_KEEP_BYTES} of the answer. */
  body: string;
}

// Kept-alive connections per protocol and guard setting: a socket is checked by the guard's
// lookup (and literal check) when it connects, so reusing it skips nothing.
const agents = new Map<string, http.Agent>();
function agentOf(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      maxSockets: 64,
      lookup: guardedLookup(allowPrivate),
    };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * POSTs a delivery through the outbound guard (DESIGN.md §12: the host is checked at connect
 * time, so a name that turns private after it was saved is still refused), without following
 * redirects, within {@link DELIVERY_TIMEOUT_MS}; keeps the first 1 KB of the answer.
 */
export function postDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
  clock: () => number = Date.now,
): Promise<PostOutcome> {
  const started = clock();
  const done = (statusCode: number | null, error: string | null, answer = ''): PostOutcome => ({
    statusCode,
    error,
    latencyMs: Math.max(0, clock() - started),
    body: answer,
  });
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('protocol');
    checkLiteral(target.hostname, allowPrivate);
  } catch (err) {
    return Promise.resolve(done(null, messageOf(err)));
  }
  const lib = target.protocol === 'https:' ? https : http;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (o: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = lib.request(
      {
        protocol: target.protocol,
        hostname: host,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        agent: agentOf(target.protocol, allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'CST-Webhooks/1',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < BODY_KEEP_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).subarray(0, BODY_KEEP_BYTES).toString('utf8');
          finish(done(res.statusCode ?? null, null, text.replace(/\uFFFD+$/, '')));
        });
        res.on('error', (err) => finish(done(res.statusCode ?? null, messageOf(err))));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`));
    }, DELIVERY_TIMEOUT_MS);
    req.on('error', (err) => finish(done(null, messageOf(err))));
    req.end(body);
  });
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\0/g, '').slice(0, 300);
}
