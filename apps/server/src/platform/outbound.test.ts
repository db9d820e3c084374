import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundRefusedError,
  OutboundTooLargeError,
  assertPublicHost,
  guardedFetch,
  guardedLookup,
  isPublicAddress,
  resolveGuarded,
} from './outbound.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.1.2',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::127.0.0.1',
    '2002:7f00:1::1',
    '2001:db8::1',
    '::127.0.0.1',
    '[::1]',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '1.2.3.4',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('lets %s through', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each(['localhost', '127.1', '0x7f.0.0.1', '2130706433', '', 'example.com', '1.2.3'])(
    'does not take the name %j for an address',
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

describe('guardedLookup', () => {
  const fake = (answer: string[]) =>
    ((_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(
        null,
        answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as Parameters<typeof guardedLookup>[1];

  it('refuses a name when any of its addresses is not public', async () => {
    const lookup = guardedLookup(false, fake(['8.8.8.8', '10.1.2.3']));
    await expect(resolveGuarded('rebind.example', false, lookup)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
  });

  it('answers in both callback forms', async () => {
    const lookup = guardedLookup(false, fake(['8.8.8.8', '2606:4700::1']));
    const one = await new Promise((r) =>
      lookup('x', {}, (e, address, family) => r({ e, address, family })),
    );
    expect(one).toEqual({ e: null, address: '8.8.8.8', family: 4 });
    const all = await new Promise((r) => lookup('x', { all: true }, (_e, a) => r(a)));
    expect(all).toHaveLength(2);
  });

  it('lets private answers through when allowed', async () => {
    const lookup = guardedLookup(true, fake(['127.0.0.1']));
    expect(await resolveGuarded('local.example', true, lookup)).toBe('127.0.0.1');
  });

  it('checks a name that resolves to loopback (localhost) and literals, unless allowed', async () => {
    const refuse = { allowPrivateNetwork: false };
    for (const host of [
      'localhost',
      '127.0.0.1',
      '127.1',
      '[::1]',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      await expect(assertPublicHost(host, refuse), host).rejects.toBeInstanceOf(
        OutboundRefusedError,
      );
    }
    await expect(assertPublicHost('8.8.8.8', refuse)).resolves.toBeUndefined();
    await expect(
      assertPublicHost('localhost', { allowPrivateNetwork: true }),
    ).resolves.toBeUndefined();
  });
});

describe('guardedFetch', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        // No content-length: the cap must hold while streaming.
        res.write(Buffer.alloc(600));
        res.end(Buffer.alloc(600));
        return;
      }
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': '5000' });
        res.end(Buffer.alloc(5000));
        return;
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/secret' });
        res.end();
        return;
      }
      if (req.url === '/to-self') {
        res.writeHead(302, { location: '/echo' });
        res.end();
        return;
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'a=b' });
      res.end(JSON.stringify({ url: req.url, headers: req.headers, method: req.method }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const allow = { allowPrivateNetwork: true };
  const refuse = { allowPrivateNetwork: false };

  it('refuses a loopback listener, by address and by name', async () => {
    await expect(guardedFetch(`${base}/echo`, { maxBytes: 1000 }, refuse)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    const byName = base.replace('127.0.0.1', 'localhost');
    await expect(guardedFetch(`${byName}/echo`, { maxBytes: 1000 }, refuse)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
  });

  it('fetches from it when private addresses are allowed, without URL credentials', async () => {
    const url = base.replace('http://', 'http://user:pw@').replace('127.0.0.1', 'localhost');
    const res = await guardedFetch(
      `${url}/echo?x=1`,
      { maxBytes: 10_000, headers: { 'x-test': 'yes', Cookie: 'session=1' } },
      allow,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const echoed = JSON.parse(res.body.toString()) as {
      url: string;
      headers: Record<string, string>;
    };
    expect(echoed.url).toBe('/echo?x=1');
    expect(echoed.headers['x-test']).toBe('yes');
    expect(echoed.headers.authorization).toBeUndefined();
    expect(echoed.headers.cookie).toBeUndefined();
  });

  it('caps the body, streamed or declared', async () => {
    await expect(guardedFetch(`${base}/big`, { maxBytes: 1000 }, allow)).rejects.toBeInstanceOf(
      OutboundTooLargeError,
    );
    await expect(
      guardedFetch(`${base}/declared`, { maxBytes: 1000 }, allow),
    ).rejects.toBeInstanceOf(OutboundTooLargeError);
    expect((await guardedFetch(`${base}/big`, { maxBytes: 1200 }, allow)).body.length).toBe(1200);
  });

  it('follows a few redirects, each checked again', async () => {
    const res = await guardedFetch(`${base}/to-self`, { maxBytes: 10_000 }, allow);
    expect(JSON.parse(res.body.toString())).toMatchObject({ url: '/echo' });
    await expect(guardedFetch(`${base}/loop`, { maxBytes: 10_000 }, allow)).rejects.toThrow(
      /too many redirects/,
    );
  });

  it('refuses a redirect to a private address', async () => {
    // The listener is on loopback: a guard that allows private addresses for the first hop only
    // (the setting is read once a hop) reaches it, and the redirect to 10.0.0.1 is then judged
    // like any other hop and refused before connecting.
    let hops = 0;
    const firstHopOnly = {
      get allowPrivateNetwork() {
        return hops++ === 0;
      },
    };
    const err = await guardedFetch(`${base}/to-private`, { maxBytes: 1000 }, firstHopOnly).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect((err as OutboundRefusedError).host).toBe('10.0.0.1');
    expect(hops).toBe(2);
  });

  it('speaks only http and https', async () => {
    await expect(
      guardedFetch('file:///etc/passwd', { maxBytes: 1000 }, allow),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
  });
});
