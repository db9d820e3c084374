import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildOtherTenant, signInAs } from '../../../test/factories.ts';
import { openTestSocket } from '../../realtime/test-socket.ts';
import { accountOf, apiAs, eventually } from './account.test-support.ts';

// Linking a number by pairing code (API.md "Keeping accounts alive"), end to end on the simulator.
const ctx = useTestServer();
let demo: Session;
let other: Session;

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  other = await buildOtherTenant(ctx);
});

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

describe('pairing-code login', () => {
  it('a phone number gets a code; typing it on the phone links the account with the QR pushes', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = await openTestSocket(base, { account: 'demo', token: demo.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');

    const res = await api().post<{ loginId: string; code: string; expiresAt: number }>(
      '/main-api/acc/pair-code',
      { phone: '+86 138-0013-8000' },
    );
    expect(res.status).toBe(200);
    const { loginId, code } = res.data;
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    expect(res.data.expiresAt).toBeGreaterThan(Date.now());

    // The simulator page lists it with its code instead of a QR image.
    const pending =
      await api().get<{ loginId: string; qrImage: string; pairingCode?: string }[]>(
        '/sim-api/pending-qr',
      );
    expect(pending.data.find((p) => p.loginId === loginId)).toMatchObject({
      qrImage: '',
      pairingCode: code,
    });
    // Another tenant cannot type this tenant's code.
    expect((await api(other).post('/sim-api/pair', { code, confirm: true })).status).toBe(404);

    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const paired = await api().post<{ wxid: string }>('/sim-api/pair', {
      code: typed,
      confirm: true,
      nickname: '配对小号',
    });
    expect(paired.status).toBe(200);
    const wxid = paired.data.wxid;
    await ws.waitFor((f) => f.event === 'qrAckSucceed');
    expect(ws.frames.find((f) => f.event === 'qrAckUpdate')!.data).toEqual({ loginId, status: 1 });
    expect(ws.frames.find((f) => f.event === 'qrAckSucceed')!.data).toEqual({
      loginId,
      status: 2,
      wxid,
    });
    // No QR image was pushed for it.
    expect(
      ws.pushes('qr').filter((f) => (f.data as { loginId: string }).loginId === loginId),
    ).toEqual([]);
    const item = await eventually(async () => {
      const a = await accountOf(ctx, demo, wxid);
      return a?.status === 'online' ? a : undefined;
    });
    expect(item).toMatchObject({ nickname: '配对小号' });
    const state = await api().post<{ status: string }>('/main-api/acc/qr-login-status', {
      loginId,
    });
    expect(state.data.status).toBe('confirmed');
    // The code is used up.
    const again = await api().post('/sim-api/pair', { code, confirm: true });
    expect(again.status).toBe(404);
    expect(again.message).toBe('配对码不正确或已过期');
    await ws.close();
  });

  it('a declined code fails the login as a declined scan does', async () => {
    const res = await api().post<{ loginId: string; code: string }>('/main-api/acc/pair-code', {
      phone: '8613800138001',
    });
    expect(
      (await api().post('/sim-api/pair', { code: res.data.code, confirm: false })).status,
    ).toBe(200);
    const state = await eventually(async () => {
      const r = await api().post<{ status: string; message: string }>(
        '/main-api/acc/qr-login-status',
        { loginId: res.data.loginId },
      );
      return r.data.status === 'failed' ? r.data : undefined;
    });
    expect(state.message).not.toBe('');
  });

  it('refuses a malformed phone number with a clear 400', async () => {
    for (const phone of ['', 'abc', '12', '+0 123 456']) {
      const r = await api().post('/main-api/acc/pair-code', { phone });
      expect(r.status, phone).toBe(400);
      expect(r.message).toBe('请输入带国家区号的手机号，例如 8613800138000');
    }
    const en = await api(demo, 'en').post('/main-api/acc/pair-code', { phone: 'x' });
    expect(en.message).toBe('Enter the phone number with its country code, e.g. 8613800138000');
    expect((await api().post('/main-api/acc/pair-code', {})).status).toBe(400);
  });
});
