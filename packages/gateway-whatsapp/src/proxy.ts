import type { LookupFunction } from 'node:net';
import { socksDispatcher } from 'fetch-socks';
import { SocksProxyAgent } from 'socks-proxy-agent';

/** A SOCKS5 proxy of SPEC §3, `ip:port:account:password` (the password may hold colons). */
export interface ProxyParts {
  host: string;
  port: number;
  username: string;
  password: string;
}

/** Parses `ip:port[:account:password]`; null when it is not one. */
export function parseProxy(text: string): ProxyParts | null {
  const [host, port, username = '', ...rest] = text.split(':');
  const n = Number(port);
  if (!host || !Number.isInteger(n) || n < 1 || n > 65_535) return null;
  return { host, port: n, username, password: rest.join(':') };
}

/** The `socks5h://` URL of a proxy (names resolved by the proxy, as WhatsApp's hosts need). */
export function proxyUrl(p: ProxyParts): string {
  const auth = p.username
    ? `${encodeURIComponent(p.username)}:${encodeURIComponent(p.password)}@`
    : '';
  return `socks5h://${auth}${p.host}:${p.port}`;
}

/** What a socket needs to go through a proxy: the websocket, uploads and media downloads. */
export interface ProxyRoutes {
  agent: SocksProxyAgent;
  fetchOptions: RequestInit;
}

/** A proxy line that is not `ip:port[:account:password]`. */
export class MalformedProxyError extends Error {
  constructor() {
    super('malformed proxy');
    this.name = 'MalformedProxyError';
  }
}

/** Resolves a host through a `lookup` (the server's outbound guard refuses it there). */
function resolveWith(lookup: LookupFunction, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    lookup(host, {}, (err, address) => {
      if (err) reject(err);
      else resolve(typeof address === 'string' ? address : address[0]!.address);
    });
  });
}

/**
 * The proxy routes of a session's proxy; null without one. Throws MalformedProxyError on a
 * malformed proxy, and the lookup's error when it refuses the proxy's host. With a `lookup` (the
 * server's outbound guard, passed in the adapter's options) the host is resolved and checked at
 * every connect, and the sockets connect to the address that was checked.
 */
export async function proxyRoutes(
  text: string | null,
  lookup?: LookupFunction,
): Promise<ProxyRoutes | null> {
  if (!text) return null;
  const parsed = parseProxy(text);
  if (!parsed) throw new MalformedProxyError();
  const p = lookup ? { ...parsed, host: await resolveWith(lookup, parsed.host) } : parsed;
  const dispatcher = socksDispatcher({
    type: 5,
    host: p.host,
    port: p.port,
    ...(p.username ? { userId: p.username, password: p.password } : {}),
  });
  return {
    agent: new SocksProxyAgent(proxyUrl(p)),
    fetchOptions: { dispatcher } as unknown as RequestInit,
  };
}
