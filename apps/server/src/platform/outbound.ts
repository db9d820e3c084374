import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// The one guard of every address the server connects to because of data (DESIGN.md §12):
// proxies, the image proxy, webhook endpoints, AI and translation providers. A name is resolved
// and every address it resolves to must be public; the check runs in the socket's `lookup` hook,
// so it holds at connect time (a name that changes its answer after validation is still refused)
// and the socket connects to the address that was checked. ALLOW_PRIVATE_NETWORK=1
// (`config.allowPrivateNetwork`) lifts it for self-hosters with a proxy or service on their LAN.
// docs/outbound.md.

/** A connection refused by the guard: the host is (or resolves to) a non-public address. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    /** The host as given (for the server log; never shown to users as is). */
    readonly host: string,
    /** The address that was refused, when the host resolved. */
    readonly address?: string,
    reason = 'not a public address',
  ) {
    super(
      `outbound connection refused: ${host}${address && address !== host ? ` (${address})` : ''}: ${reason}`,
    );
    this.name = 'OutboundRefusedError';
  }
}

/** An answer larger than the caller allowed (`maxBytes`). */
export class OutboundTooLargeError extends Error {
  readonly code = 'EOUTBOUNDTOOLARGE';
  constructor(readonly maxBytes: number) {
    super(`outbound response larger than ${maxBytes} bytes`);
    this.name = 'OutboundTooLargeError';
  }
}

/** What the guard needs of the configuration. */
export interface OutboundConfig {
  allowPrivateNetwork: boolean;
}

const IPV4_REFUSED = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'carrierGradeNat',
  'private',
  'reserved',
]);
/** IPv6 forms that carry an IPv4 address: judged by that address. */
const IPV6_EMBEDDING_V4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4']);
/** IPv6 ranges that are public (the rest of ipaddr.js's special ranges are not). */
const IPV6_PUBLIC = new Set(['unicast', 'amt', 'as112v6']);
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function publicV4(ip: ipaddr.IPv4): boolean {
  return !IPV4_REFUSED.has(ip.range());
}

function embeddedV4(ip: ipaddr.IPv6, range: string): ipaddr.IPv4 {
  const b = ip.toByteArray();
  // 6to4 carries it in bytes 2–5 (2002:AABB:CCDD::/48); the others in the last four.
  const at = range === '6to4' ? 2 : 12;
  return new ipaddr.IPv4([b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!]);
}

/**
 * Whether an IP address (v4 or v6, in standard notation) is public: not loopback, private,
 * link-local, CGNAT, multicast, broadcast, unspecified, reserved or documentation, nor a unique
 * local or site-local IPv6, nor an IPv6 form that embeds such an IPv4 (`::ffff:127.0.0.1`,
 * NAT64, 6to4). Anything that is not an address is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Only the standard forms: `127.1` or `0x7f.1` are names to the socket layer (and resolve).
  if (net.isIP(text.split('%')[0]!) === 0) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(text);
  } catch {
    return false;
  }
  if (addr.kind() === 'ipv4') return publicV4(addr as ipaddr.IPv4);
  const v6 = addr as ipaddr.IPv6;
  const range = v6.range();
  if (IPV6_EMBEDDING_V4.has(range)) return publicV4(embeddedV4(v6, range));
  return IPV6_PUBLIC.has(range) && v6.match(GLOBAL_UNICAST);
}

type BaseLookup = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for sockets and agents (net, http, https, socks): resolves the name and refuses it
 * when any of its addresses is not public (unless `allowPrivate`). Node skips `lookup` for an IP
 * literal: pair it with `checkLiteral` (guardedFetch and the proxy code do).
 */
export function guardedLookup(
  allowPrivate: boolean,
  base: BaseLookup = dns.lookup as BaseLookup,
): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      if (!allowPrivate) {
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) {
          callback(new OutboundRefusedError(hostname, bad.address), '', 0);
          return;
        }
      }
      if (addresses.length === 0) {
        const none = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        callback(none, '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Strips the brackets of an IPv6 host of a URL. */
function bare(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Refuses a host that is an IP literal and not public (names are checked by the lookup). */
export function checkLiteral(host: string, allowPrivate: boolean): void {
  const h = bare(host);
  if (!allowPrivate && net.isIP(h) !== 0 && !isPublicAddress(h)) {
    throw new OutboundRefusedError(host, h);
  }
}

/**
 * Resolves a host through the guard and returns the address to connect to (the one checked).
 * For code that opens its own connections (a SOCKS client): connect to the answer, not the name.
 */
export function resolveGuarded(
  host: string,
  allowPrivate: boolean,
  lookup: LookupFunction = guardedLookup(allowPrivate),
): Promise<string> {
  const h = bare(host);
  checkLiteral(h, allowPrivate);
  if (net.isIP(h) !== 0) return Promise.resolve(h);
  return new Promise((resolve, reject) => {
    lookup(h, {}, (err, address) => {
      if (err) reject(err);
      else resolve(typeof address === 'string' ? address : address[0]!.address);
    });
  });
}

/**
 * Checks a host someone is saving (a proxy, a webhook): resolves it and throws
 * OutboundRefusedError when it is, or resolves to, a non-public address. A name that does not
 * resolve rejects with the resolver's error (ENOTFOUND…): the caller decides; connecting later
 * goes through the guard again either way.
 */
export async function assertPublicHost(host: string, config: OutboundConfig): Promise<void> {
  if (config.allowPrivateNetwork) return;
  await resolveGuarded(host, false);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
/** Headers kept when a redirect leaves the origin (the caller's credentials are not). */
const CROSS_ORIGIN_KEEP = new Set(['accept', 'accept-language', 'user-agent']);

export interface GuardedFetchInit {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The largest body accepted; a larger answer aborts and throws OutboundTooLargeError. */
  maxBytes: number;
  method?: string;
  body?: string | Buffer;
  /** Whole request, redirects included (default 15 s). */
  timeoutMs?: number;
}

export interface GuardedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * Fetches an http(s) URL through the guard: each hop's host is checked at connect time (an IP
 * literal before, a name in the lookup), at most 3 redirects are followed (each checked again;
 * credentials dropped when the origin changes), the body is capped at `maxBytes`. Credentials in
 * the URL and cookies are never sent; only `init.headers` are.
 */
export async function guardedFetch(
  url: string,
  init: GuardedFetchInit,
  config: OutboundConfig,
): Promise<GuardedResponse> {
  const timeout = AbortSignal.timeout(init.timeoutMs ?? 15_000);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let target = new URL(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  // Cookies are never forwarded, and the host is the URL's.
  let headers = Object.fromEntries(
    Object.entries(init.headers ?? {}).filter(([k]) => !/^(cookie|host)$/i.test(k)),
  );
  const origin = target.origin;
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(target, { method, headers, body, signal }, init.maxBytes, config);
    const location = res.headers.get('location');
    if (!REDIRECTS.has(res.status) || !location) return res;
    if (hop >= MAX_REDIRECTS)
      throw new OutboundRefusedError(target.host, undefined, 'too many redirects');
    target = new URL(location, target);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
    }
    if (target.origin !== origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => CROSS_ORIGIN_KEEP.has(k.toLowerCase())),
      );
    }
  }
}

function requestOnce(
  target: URL,
  req: {
    method: string;
    headers: Record<string, string>;
    body: string | Buffer | undefined;
    signal: AbortSignal;
  },
  maxBytes: number,
  config: OutboundConfig,
): Promise<GuardedResponse> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(
      new OutboundRefusedError(target.href.slice(0, 64), undefined, 'only http and https'),
    );
  }
  const host = bare(target.hostname);
  // Read once a hop: the literal check and the lookup judge this hop alike.
  const allowPrivate = config.allowPrivateNetwork;
  try {
    checkLiteral(host, allowPrivate);
  } catch (err) {
    return Promise.reject(err);
  }
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise<GuardedResponse>((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = lib.request(
      {
        protocol: target.protocol,
        hostname: host,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
        // A fresh connection each time: no pooled socket skips the check.
        agent: false,
        lookup: guardedLookup(allowPrivate),
        signal: req.signal,
      },
      (res) => {
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          r.destroy();
          reject(new OutboundTooLargeError(maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            res.destroy();
            r.destroy();
            reject(new OutboundTooLargeError(maxBytes));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v === undefined) continue;
            for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}
