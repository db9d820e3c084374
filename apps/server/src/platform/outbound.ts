// MINIMAL STAND-IN, branch sec-media. The outbound guard is written on branch sec-guard
// (platform/outbound.ts there, docs/outbound.md). This file only gives the image proxy the same
// interface until that lands: at merge, TAKE SEC-GUARD'S FILE and drop this one. Used here:
// guardedFetch, OutboundRefusedError, OutboundTooLargeError.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A connection refused by the guard: the host is (or resolves to) a non-public address. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    readonly host: string,
    readonly address?: string,
    reason = 'not a public address',
  ) {
    super(`outbound connection refused: ${host}${address ? ` (${address})` : ''}: ${reason}`);
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

/** Whether an IP address is public (unicast, not an IPv4-mapped private one). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr.range() === 'unicast';
}

function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (bad) return callback(new OutboundRefusedError(hostname, bad.address), '', 0);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

/** A GET through the guard; the answer's bytes up to `maxBytes` (more → OutboundTooLargeError). */
export async function guardedFetch(
  url: string,
  init: { signal?: AbortSignal; headers?: Record<string, string>; maxBytes: number },
  config: OutboundConfig,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new OutboundRefusedError(target.protocol, undefined, 'only http and https');
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !config.allowPrivateNetwork && !isPublicAddress(host)) {
    throw new OutboundRefusedError(host, host);
  }
  const lib = target.protocol === 'https:' ? https : http;
  const signal = init.signal ?? AbortSignal.timeout(15_000);
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: 'GET',
        headers: { 'accept-encoding': 'identity', ...(init.headers ?? {}) },
        lookup: guardedLookup(config.allowPrivateNetwork),
        signal,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > init.maxBytes) {
            req.destroy();
            reject(new OutboundTooLargeError(init.maxBytes));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (typeof v === 'string') headers.set(k, v);
            else if (Array.isArray(v)) for (const x of v) headers.append(k, x);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
