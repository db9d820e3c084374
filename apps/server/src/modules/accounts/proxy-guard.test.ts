import { beforeAll, describe, expect, it } from 'vitest';
import { login, type Session, useTestServer } from '../../../test/support.ts';
import { apiAs } from './account.test-support.ts';

// Proxy lines the server would connect to on its own network are refused at save
// (platform/outbound.ts), unless ALLOW_PRIVATE_NETWORK=1.

/** Lines with a host that is, or resolves to, a loopback, private or link-local address. */
const PRIVATE_LINES = [
  'localhost:1080:u:p',
  '127.0.0.1:1081:u:p',
  '169.254.169.254:80:u:p',
  '10.1.2.3:1080:u:p',
  '172.16.0.9:1080:u:p',
  '192.168.1.10:1080:u:p',
  '100.64.0.1:1080:u:p',
  '0.0.0.0:1080:u:p',
];
/** Forms the line format never takes as a host (IPv6, shorthand IPv4): refused either way. */
const MALFORMED_LINES = ['127.1:1080:u:p', '[::1]:1080:u:p', '::ffff:127.0.0.1:1080:u:p'];

interface AddResult {
  added: number;
  errors: { line: number; text: string; message: string }[];
}

describe('proxy lines on private addresses', () => {
  const ctx = useTestServer();
  let demo: Session;
  beforeAll(async () => {
    demo = await login(ctx, 'demo');
  });

  it('are refused at save with a plain message; public ones are added', async () => {
    const text = [...PRIVATE_LINES, ...MALFORMED_LINES, '1.2.3.4:1080:u:p'].join('\n');
    const r = await apiAs(ctx, demo).post<AddResult>('/main-api/acc/proxy-add', { text });
    expect(r.status).toBe(200);
    expect(r.data.added).toBe(1);
    expect(r.data.errors).toHaveLength(PRIVATE_LINES.length + MALFORMED_LINES.length);
    for (const [i, line] of PRIVATE_LINES.entries()) {
      expect(r.data.errors[i], line).toEqual({
        line: i + 1,
        text: line,
        message: '代理地址不可用',
      });
    }
    for (const e of r.data.errors.slice(PRIVATE_LINES.length)) {
      expect(e.message).not.toBe('代理地址不可用');
    }
    // Nothing about the address or the server's network in what the user reads.
    expect(JSON.stringify(r.data)).not.toMatch(/ECONN|refused|loopback/i);
    const en = await apiAs(ctx, demo, 'en').post<AddResult>('/main-api/acc/proxy-add', {
      text: '127.0.0.2:1080:u:p',
    });
    expect(en.data.errors[0]!.message).toBe('Proxy address not usable');
    const list = await apiAs(ctx, demo).post<{ list: { label: string }[] }>(
      '/main-api/acc/proxy-list',
    );
    expect(list.data.list.map((p) => p.label)).toEqual(['1.2.3.4:1080']);
  });
});

describe('with ALLOW_PRIVATE_NETWORK=1', () => {
  const ctx = useTestServer({ allowPrivateNetwork: true });
  let demo: Session;
  beforeAll(async () => {
    demo = await login(ctx, 'demo');
  });

  it('the same lines are added (a self-hoster with a proxy on the LAN)', async () => {
    const r = await apiAs(ctx, demo).post<AddResult>('/main-api/acc/proxy-add', {
      text: [...PRIVATE_LINES, ...MALFORMED_LINES].join('\n'),
    });
    expect(r.status).toBe(200);
    expect(r.data.added).toBe(PRIVATE_LINES.length);
    expect(r.data.errors.map((e) => e.text)).toEqual(MALFORMED_LINES);
  });
});
