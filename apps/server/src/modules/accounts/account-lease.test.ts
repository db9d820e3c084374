import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, workAccounts } from '../../db/schema/index.ts';
import type { ServerOptions } from '../../server.ts';
import { useServersOnStores } from '../../../test/support.ts';
import { openTestSocket } from '../../realtime/test-socket.ts';
import {
  accountOf,
  addAccount,
  apiAs,
  eventually,
  signIn,
  waitStatus,
} from './account.test-support.ts';

const PG = process.env.TEST_DATABASE_URL;

const fast: ServerOptions = {
  realtime: { liveGraceMs: 100 },
  accounts: {
    lease: { leaseMs: 1500, renewMs: 250 },
    simulator: { loginDelayMs: 50, reconnectDelayMs: 200 },
  },
};

const { store: freshStore, start } = useServersOnStores(fast);

describe('restart', () => {
  it('brings every account that was online back (autoLoggingIn → online) without a QR code', async () => {
    const store = await freshStore();
    const first = await start(store);
    const demo = await signIn(first, 'demo');
    const a = await addAccount(first, demo, { nickname: '重启甲' });
    const b = await addAccount(first, demo, { nickname: '重启乙' });
    const c = await addAccount(first, demo, { nickname: '重启丙' });
    await apiAs(first, demo).post('/sim-api/fault', { workWxid: c.wxid, kind: 'ban' });
    await waitStatus(first, demo, c.wxid, 'banned');
    // b is cut short mid-login (phone confirmed, friends not synced yet) when the server stops.
    await first.deps.db
      .update(workAccounts)
      .set({ status: 'loggingIn' })
      .where(eq(workAccounts.wxid, b.wxid));
    const [bRow] = await first.deps.db
      .select()
      .from(workAccounts)
      .where(eq(workAccounts.wxid, b.wxid));
    await first.deps.db.delete(contacts).where(eq(contacts.workAccountId, bRow!.id));
    await first.stop();

    const second = await start(store);
    const again = await signIn(second, 'demo');
    const ws = await openTestSocket(second.url, { token: again.token });
    ws.send('ping');
    for (const acc of [a, b]) {
      const back = await waitStatus(second, again, acc.wxid, 'online');
      expect(back.contactCount).toBe(acc.contactCount);
    }
    expect((await accountOf(second, again, c.wxid))!.status).toBe('banned');
    expect(second.accounts.gateway.heldAccounts().sort()).toEqual([a.wxid, b.wxid].sort());
    expect((await apiAs(second, again).get<unknown[]>('/sim-api/pending-qr')).data).toEqual([]);
    await ws.close();
  });
});

describe.skipIf(!PG)('two server processes on one PostgreSQL', () => {
  it('holds each account in exactly one process and takes a stopped one’s accounts over', async () => {
    const store = await freshStore();
    const A = await start(store);
    const B = await start(store);
    const sa = await signIn(A, 'demo');
    const sb = await signIn(B, 'demo');
    const onA = [
      await addAccount(A, sa, { nickname: 'A1' }),
      await addAccount(A, sa, { nickname: 'A2' }),
    ];
    const onB = [
      await addAccount(B, sb, { nickname: 'B1' }),
      await addAccount(B, sb, { nickname: 'B2' }),
    ];
    const all = [...onA, ...onB].map((x) => x.wxid);
    // Let a few lease rounds pass: nothing moves while both renew.
    await new Promise((r) => setTimeout(r, 1000));
    const heldA = A.accounts.gateway.heldAccounts();
    const heldB = B.accounts.gateway.heldAccounts();
    expect(heldA.sort()).toEqual(onA.map((x) => x.wxid).sort());
    expect(heldB.sort()).toEqual(onB.map((x) => x.wxid).sort());
    const rows = await A.deps.db.select().from(workAccounts).where(inArray(workAccounts.wxid, all));
    for (const r of rows) {
      expect(r.leaseOwner).toBe(
        heldA.includes(r.wxid) ? A.accounts.instanceId : B.accounts.instanceId,
      );
    }

    // A push about an account held by A reaches a browser connected to B.
    const ws = await openTestSocket(B.url, { token: sb.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');
    await apiAs(A, sa).post('/sim-api/fault', { workWxid: onA[1]!.wxid, kind: 'proxyFail' });
    await ws.waitFor(
      (f) =>
        f.event === 'userStatusChanged' &&
        (f.data as { wxid: string; status: string }).wxid === onA[1]!.wxid &&
        (f.data as { status: string }).status === 'proxyFailed',
    );
    await apiAs(A, sa).post('/main-api/acc/multi-login', { wxids: [onA[1]!.wxid] });
    await waitStatus(B, sb, onA[1]!.wxid, 'online');

    // A stops: B takes its accounts over, without a QR code (after A's leases run out, 1.5 s;
    // not bounded by the wall clock here: a starved machine may take longer to notice).
    await A.stop();
    await eventually(
      async () => B.accounts.gateway.heldAccounts().length === 4 || undefined,
      30_000,
    );
    for (const w of all) await waitStatus(B, sb, w, 'online');
    const statuses = ws
      .pushes('userStatusChanged')
      .filter((f) => (f.data as { wxid: string }).wxid === onA[0]!.wxid)
      .map((f) => (f.data as { status: string }).status);
    expect(statuses.slice(-2)).toEqual(['autoLoggingIn', 'online']);
    await ws.close();

    // A holder that dies without letting go: B leaves a lease that has not run out alone (a
    // few renew rounds of 250 ms pass) …
    const victim = onB[0]!.wxid;
    await B.accounts.gateway.release(victim);
    const holdBy = (expiresAt: Date) =>
      B.deps.db
        .update(workAccounts)
        .set({ leaseOwner: 'dead-instance', leaseExpiresAt: expiresAt })
        .where(eq(workAccounts.wxid, victim));
    await holdBy(new Date(Date.now() + 600_000));
    await new Promise((r) => setTimeout(r, 1000));
    expect(B.accounts.gateway.heldAccounts()).not.toContain(victim);
    // … and takes the account once it has.
    await holdBy(new Date(Date.now() - 1000));
    await eventually(
      async () => B.accounts.gateway.heldAccounts().includes(victim) || undefined,
      30_000,
    );
    const [row] = await B.deps.db.select().from(workAccounts).where(eq(workAccounts.wxid, victim));
    expect(row!.leaseOwner).toBe(B.accounts.instanceId);
  });

  it('replays missed pushes in order across processes after a reconnect', async () => {
    const store = await freshStore();
    const A = await start(store);
    const B = await start(store);
    const sa = await signIn(A, 'demo');
    const first = await openTestSocket(A.url, { token: sa.token });
    first.send('ping');
    const hello = await first.waitFor((f) => f.event === 'hello');
    await first.close();
    const n = 300;
    for (let i = 0; i < n; i += 50) {
      await A.realtime.publish(
        sa.tenantId!,
        Array.from({ length: 50 }, (_, j) => ({ event: 'text', data: { i: i + j } })),
      );
    }
    const again = await openTestSocket(B.url, { token: sa.token });
    again.send('resume', { seq: hello.seq });
    await again.waitFor((f) => f.event === 'hello');
    await B.realtime.publish(sa.tenantId!, { event: 'text', data: { i: n } });
    await again.waitFor((f) => (f.data as { i?: number } | undefined)?.i === n);
    expect(again.pushes('text').map((f) => (f.data as { i: number }).i)).toEqual(
      Array.from({ length: n + 1 }, (_, i) => i),
    );
    await again.close();
  });
});
