import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { eq } from 'drizzle-orm';
import { newOrderNumber } from '@cst/shared';
import { ports } from '../src/db/schema/index.ts';
import { expirePortAccounts } from '../src/modules/billing/port-expiry.job.ts';
import {
  accountOf,
  addAccount,
  apiAs,
  waitStatus,
} from '../src/modules/accounts/account.test-support.ts';
import { api } from './api.ts';
import { login, type Session, useTestServer } from './support.ts';

const B = '/system-api/system/billing';
const PORT = '/system-api/system/user/port';
const DAY = 86400_000;

describe('trial ports of a registration, and expiry', () => {
  const ctx = useTestServer();
  let admin: Session;
  let logSpy: MockInstance;
  beforeAll(async () => {
    admin = await login(ctx, 'admin');
    logSpy = vi.spyOn(ctx.deps.log, 'info');
  });

  /** Registers a company as a person does: a code to the target, then the form. */
  async function register(username: string, target: string) {
    await api(ctx, 'POST', '/api/v1/auth/send-verify-code', {
      body: { target, scene: 'register' },
    });
    const logged = logSpy.mock.calls
      .map((c) => c[0] as { target?: string; code?: string } | undefined)
      .filter((c) => c?.target === target)
      .at(-1);
    const res = await api(ctx, 'POST', '/api/v1/auth/register', {
      body: {
        username,
        password: 'newpass1',
        nickname: '新老板',
        tenantName: `${username}公司`,
        target,
        code: logged?.code,
      },
    });
    expect(res.status).toBe(200);
    return login(ctx, username, 'newpass1');
  }

  it('gives a new company the trial ports, so its first QR login works at once', async () => {
    await api(ctx, 'POST', `${B}/settings`, {
      session: admin,
      body: { portPriceCents: 2000, trialPorts: 1, trialDays: 7, warnDays: 3 },
    });
    const owner = await register('trialco', 'trial@example.com');
    const wallet = await api(ctx, 'GET', `${B}/wallet`, { session: owner });
    expect(wallet.data).toMatchObject({
      balanceCents: 0,
      trialPorts: 1,
      ports: { total: 1, free: 1, expired: 0 },
    });
    const orders = await api(ctx, 'GET', `${B}/orders`, { session: owner });
    expect(orders.data.list).toEqual([
      expect.objectContaining({
        type: 'trial',
        portCount: 1,
        preAmount: 0,
        changeAmount: 0,
        afterAmount: 0,
      }),
    ]);
    const portList = await api(ctx, 'GET', `${PORT}/list`, { session: owner });
    expect(portList.data.list[0].expiresAt - ctx.deps.now()).toBeGreaterThan(6.9 * DAY);
    const account = await addAccount(ctx, owner, { nickname: '试用号' });
    expect(account.status).toBe('online');
    // The only port is taken: a second account needs a purchase, which needs money.
    const second = await apiAs(ctx, owner).post('/main-api/acc/qr-login-code');
    expect(second.status).toBe(409);
    expect(second.message).toBe('没有可用的端口，请先购买或续费端口');
    const poor = await api(ctx, 'POST', `${PORT}/buy`, {
      session: owner,
      body: { count: 1, months: 1, orderNumber: newOrderNumber('PB') },
    });
    expect(poor.status).toBe(409);

    // With no trial allowance, a registration gets no ports and no trial order.
    await api(ctx, 'POST', `${B}/settings`, {
      session: admin,
      body: { portPriceCents: 2000, trialPorts: 0, trialDays: 7, warnDays: 3 },
    });
    const bare = await register('bareco', 'bare@example.com');
    const bareWallet = await api(ctx, 'GET', `${B}/wallet`, { session: bare });
    expect(bareWallet.data).toMatchObject({ trialPorts: 0, ports: { total: 0, free: 0 } });
    expect((await api(ctx, 'GET', `${B}/orders`, { session: bare })).data.total).toBe(0);
  });

  it('warns before expiry, then takes the account offline with the reason; renewing lets it back', async () => {
    const owner = await login(ctx, 'trialco', 'newpass1');
    const [account] = (
      await apiAs(ctx, owner).post<{ list: { wxid: string }[] }>('/main-api/acc/all')
    ).data.list;
    const wxid = account!.wxid;
    const port = (await api(ctx, 'GET', `${PORT}/list`, { session: owner })).data.list[0] as {
      id: string;
    };
    // Within the warning days: the summary says so, the account stays online.
    await ctx.deps.db
      .update(ports)
      .set({ expiresAt: new Date(ctx.deps.now() + DAY) })
      .where(eq(ports.id, port.id));
    const warned = await api(ctx, 'GET', `${B}/wallet`, { session: owner });
    expect(warned.data.ports).toMatchObject({ expiring: 1, expiringBound: 1 });
    expect(await expirePortAccounts(ctx.deps)).toBe(0);
    expect((await accountOf(ctx, owner, wxid))?.status).toBe('online');

    // Expired: offline with the reason, once (running the check again changes nothing).
    await ctx.deps.db
      .update(ports)
      .set({ expiresAt: new Date(ctx.deps.now() - 1000) })
      .where(eq(ports.id, port.id));
    expect(await expirePortAccounts(ctx.deps)).toBe(1);
    const after = await api(ctx, 'GET', `${B}/wallet`, { session: owner });
    expect(after.data.ports).toMatchObject({ expired: 1, expiredBound: 1, expiring: 0 });
    expect(await expirePortAccounts(ctx.deps)).toBe(0);
    const offline = await waitStatus(ctx, owner, wxid, 'offline');
    expect(offline.statusReason).toBe('端口已过期，工作号已下线，请续费端口后重新登录');
    // Its lease is gone, so the instance holding the connection lets go at its next round.
    const runtime = ctx.deps.runtime;
    expect(runtime.gateway.heldAccounts()).toContain(wxid);
    await runtime.leases.tick();
    expect(runtime.gateway.heldAccounts()).not.toContain(wxid);
    const relogin = await apiAs(ctx, owner).post<{ results: { ok: boolean; message?: string }[] }>(
      '/main-api/acc/multi-login',
      { wxids: [wxid] },
    );
    expect(relogin.data.results).toEqual([
      { wxid, ok: false, message: '该工作号的端口已过期，请先续费端口' },
    ]);

    // Recharge, renew from the balance, log in again.
    await api(ctx, 'POST', `${B}/recharge`, {
      session: admin,
      body: { tenantId: owner.tenantId, amountCents: 2000, orderNumber: newOrderNumber('RC') },
    });
    const renew = await api(ctx, 'POST', `${PORT}/pay-renew`, {
      session: owner,
      body: { ids: [port.id], months: 1, orderNumber: newOrderNumber('PR') },
    });
    expect(renew.data.order).toMatchObject({
      preAmount: 2000,
      changeAmount: -2000,
      afterAmount: 0,
    });
    const list = await api(ctx, 'GET', `${PORT}/list`, { session: owner });
    expect(list.data.list[0].state).toBe('inUse');
    const again = await apiAs(ctx, owner).post<{ results: { ok: boolean }[] }>(
      '/main-api/acc/multi-login',
      { wxids: [wxid] },
    );
    expect(again.data.results[0]!.ok).toBe(true);
    await waitStatus(ctx, owner, wxid, 'online');
  });
});
