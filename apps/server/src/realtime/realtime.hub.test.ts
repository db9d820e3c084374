import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WS_CLOSE_UNAUTHENTICATED } from '@cst/shared';
import { realtimeMarks, workAccounts } from '../db/schema/index.ts';
import { rowsOf } from '../platform/db.ts';
import { buildTenant, buildUser, login, type Session, useTestServer } from '../../test/support.ts';
import { openTestSocket, type TestSocket } from './test-socket.ts';

describe('realtime hub', () => {
  const ctx = useTestServer();
  let base: string;
  let tenantId: string;
  const s: Record<string, Session & { username: string }> = {};
  const acc: Record<string, string> = {};

  const connect = async (who: string) => {
    const sock = await openTestSocket(base, { account: s[who]!.username, token: s[who]!.token });
    sock.send('ping');
    await sock.waitFor((f) => f.event === 'hello');
    return sock;
  };
  const hub = () => ctx.deps.realtime;

  beforeAll(async () => {
    hub().options.liveGraceMs = 1000;
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const t = await buildTenant(ctx);
    tenantId = t.tenant.id;
    // manager → sup → seatA, seatB; another tenant's manager.
    const sup = await buildUser(ctx, { tenantId, role: 'subAdmin', superiorId: t.manager.id });
    const seatA = await buildUser(ctx, { tenantId, role: 'office', superiorId: sup.id });
    const seatB = await buildUser(ctx, { tenantId, role: 'office', superiorId: sup.id });
    const other = await buildTenant(ctx);
    for (const [k, u] of Object.entries({
      manager: t.manager,
      sup,
      seatA,
      seatB,
      other: other.manager,
    })) {
      s[k] = { ...(await login(ctx, u.username)), username: u.username };
    }
    const rows = await ctx.deps.db
      .insert(workAccounts)
      .values([
        { tenantId, wxid: `wx_a_${randomUUID()}`, status: 'online', distributedTo: seatA.id },
        { tenantId, wxid: `wx_b_${randomUUID()}`, status: 'online', distributedTo: seatB.id },
        { tenantId, wxid: `wx_u_${randomUUID()}`, status: 'online' },
      ])
      .returning({ id: workAccounts.id });
    acc.a = rows[0]!.id;
    acc.b = rows[1]!.id;
    acc.u = rows[2]!.id;
  });

  it('closes with 4401 without a token, with a bad token, or for another account name', async () => {
    const queries: Record<string, string>[] = [
      {},
      { token: 'nope' },
      { account: 'someone-else', token: s.manager!.token },
    ];
    for (const query of queries) {
      const sock = await openTestSocket(base, query);
      expect(await sock.closed).toBe(WS_CLOSE_UNAUTHENTICATED);
    }
  });

  it('gives a resumable point (seq 1) on a fresh database, and replays the first push from it', async () => {
    const first = await connect('seatA');
    expect(first.frames.find((f) => f.event === 'hello')!.seq).toBe(1);
    await first.close();
    const [id] = await hub().publish(tenantId, {
      event: 'first',
      data: null,
      userIds: [s.seatA!.uid],
    });
    expect(id).toBe(2);
    const again = await openTestSocket(base, { token: s.seatA!.token });
    again.send('resume', { seq: 1 });
    await again.waitFor((f) => f.event === 'first');
    await again.close();
  });

  it('accepts the file cookie instead of ?token= (how the SPA connects)', async () => {
    const sock = await openTestSocket(base, { account: s.seatA!.username }, s.seatA!.fileCookie);
    sock.send('ping');
    await sock.waitFor((f) => f.event === 'hello');
    await sock.close();
    const bad = await openTestSocket(
      base,
      { account: s.seatA!.username },
      { cookie: 'cst_file=nope' },
    );
    expect(await bad.closed).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('closes the socket of a user disabled elsewhere at its next ping', async () => {
    const user = await buildUser(ctx, { tenantId, role: 'office' });
    const session = await login(ctx, user.username);
    const sock = await openTestSocket(base, { account: user.username, token: session.token });
    sock.send('ping');
    await sock.waitFor((f) => f.event === 'pong');
    // Not through a route: only the database's notification tells the server.
    await ctx.deps.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    sock.send('ping');
    expect(await sock.closed).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('answers ping with pong', async () => {
    const sock = await connect('seatA');
    sock.send('ping');
    await sock.waitFor((f) => f.event === 'pong');
    await sock.close();
  });

  it('sends a frame about a work account only to the users who may see it', async () => {
    const socks: Record<string, TestSocket> = {};
    for (const who of ['manager', 'sup', 'seatA', 'seatB', 'other'])
      socks[who] = await connect(who);
    await hub().publish(tenantId, [
      { event: 'probe', data: { n: 'a' }, workAccountId: acc.a },
      { event: 'probe', data: { n: 'b' }, workAccountId: acc.b },
      { event: 'probe', data: { n: 'u' }, workAccountId: acc.u },
      { event: 'probe', data: { n: 'direct' }, userIds: [s.seatB!.uid] },
      { event: 'probe', data: { n: 'all' } },
    ]);
    // A final frame everyone of the tenant gets, so we know delivery is complete.
    await hub().publish(tenantId, { event: 'done', data: null });
    const seen = async (who: string) => {
      await socks[who]!.waitFor((f) => f.event === 'done');
      return socks[who]!.pushes('probe').map((f) => (f.data as { n: string }).n);
    };
    expect(await seen('manager')).toEqual(['a', 'b', 'u', 'all']);
    expect(await seen('sup')).toEqual(['a', 'b', 'all']);
    expect(await seen('seatA')).toEqual(['a', 'all']);
    expect(await seen('seatB')).toEqual(['b', 'direct', 'all']);
    await hub().publish(tenantId, { event: 'probe', data: { n: 'late' }, workAccountId: acc.a });
    await socks.seatA!.waitFor((f) => (f.data as { n?: string } | null)?.n === 'late');
    expect(socks.other!.pushes()).toEqual([]);
    // seq increases per user.
    const seqs = socks.manager!.pushes().map((f) => f.seq!);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    for (const sock of Object.values(socks)) await sock.close();
  });

  it('replays what a client missed, in order and once, after resume', async () => {
    const first = await connect('seatA');
    const hello = first.frames.find((f) => f.event === 'hello')!;
    await first.close();
    const sent = Array.from({ length: 500 }, (_, i) => ({
      event: 'text',
      data: { i },
      workAccountId: i % 2 === 0 ? acc.a : acc.b,
    }));
    await hub().publish(tenantId, sent.slice(0, 250));
    await hub().publish(tenantId, sent.slice(250));

    const again = await openTestSocket(base, { token: s.seatA!.token });
    again.send('resume', { seq: hello.seq });
    await again.waitFor((f) => f.event === 'hello');
    // Live frames published during or after the resume come after the replay, still once.
    await hub().publish(tenantId, { event: 'text', data: { i: 500 }, workAccountId: acc.a });
    await again.waitFor((f) => (f.data as { i?: number } | null)?.i === 500);
    const got = again.pushes('text').map((f) => (f.data as { i: number }).i);
    const expected = [...sent.filter((_, i) => i % 2 === 0).map((x) => x.data.i), 500];
    expect(got).toEqual(expected);
    const seqs = again.pushes().map((f) => f.seq!);
    expect(new Set(seqs).size).toBe(seqs.length);
    await again.close();
  });

  it('sends a push the same live and replayed: lone surrogates replaced, a null kept as NULL', async () => {
    const first = await connect('manager');
    const hello = first.frames.find((f) => f.event === 'hello')!;
    const data = { text: 'a\ud800b', nested: [{ '"q"': '\\ud800 \u0001' }], n: 1.5, t: true };
    await hub().publish(tenantId, [
      { event: 'probe', data, workAccountId: acc.u },
      { event: 'probe', data: null, workAccountId: acc.u },
    ]);
    await first.waitFor((f) => f.event === 'probe' && f.data === null);
    const live = first.pushes('probe');
    expect(live.map((f) => f.data)).toEqual([
      { text: 'a\ufffdb', nested: [{ '"q"': '\\ud800 \u0001' }], n: 1.5, t: true },
      null,
    ]);
    await first.close();
    const rows = await ctx.deps.db.execute(
      sql`select id::int as id, data is null as empty from push_events where id in (${live[0]!.seq}, ${live[1]!.seq}) order by id`,
    );
    expect(rowsOf(rows)).toEqual([
      { id: live[0]!.seq, empty: false },
      { id: live[1]!.seq, empty: true },
    ]);

    const again = await openTestSocket(base, { token: s.manager!.token });
    again.send('resume', { seq: hello.seq });
    await again.waitFor((f) => f.event === 'hello');
    expect(again.pushes('probe')).toEqual(live);
    await again.close();
  });

  it('still replays the gap when resume comes after the socket went live but before any push', async () => {
    const first = await connect('seatA');
    const hello = first.frames.find((f) => f.event === 'hello')!;
    await first.close();
    await hub().publish(tenantId, { event: 'gap', data: { n: 1 }, userIds: [s.seatA!.uid] });
    const late = await openTestSocket(base, { token: s.seatA!.token });
    late.send('ping');
    await late.waitFor((f) => f.event === 'hello');
    late.send('resume', { seq: hello.seq });
    await late.waitFor((f) => f.event === 'gap');
    await late.close();
  });

  it('tells the client to resync when the frames are no longer kept', async () => {
    const sock = await connect('manager');
    const hello = sock.frames.find((f) => f.event === 'hello')!;
    await sock.close();

    // Too many rows since then.
    const max = hub().options.resumeMaxRows;
    hub().options.resumeMaxRows = 3;
    await hub().publish(
      tenantId,
      Array.from({ length: 5 }, (_, i) => ({ event: 'text', data: { i }, workAccountId: acc.u })),
    );
    const a = await openTestSocket(base, { token: s.manager!.token });
    a.send('resume', { seq: hello.seq });
    await a.waitFor((f) => f.event === 'resync');
    expect(a.pushes('text')).toEqual([]);
    // Still live afterwards.
    await hub().publish(tenantId, { event: 'text', data: { i: 'live' }, workAccountId: acc.u });
    await a.waitFor((f) => (f.data as { i?: string } | null)?.i === 'live');
    await a.close();
    hub().options.resumeMaxRows = max;

    // A seq from another database (ahead of every id).
    const b = await openTestSocket(base, { token: s.manager!.token });
    b.send('resume', { seq: 10_000_000 });
    await b.waitFor((f) => f.event === 'resync');
    await b.close();

    // Pruned rows.
    await ctx.deps.db
      .insert(realtimeMarks)
      .values({ key: 'pruned_through', value: hello.seq! + 1 })
      .onConflictDoNothing();
    const c = await openTestSocket(base, { token: s.manager!.token });
    c.send('resume', { seq: hello.seq });
    await c.waitFor((f) => f.event === 'resync');
    await c.close();
  });

  it('prunes old rows and records how far', async () => {
    ctx.clock.offset = 2 * 24 * 3600_000;
    const deleted = await hub().prune();
    ctx.clock.offset = 0;
    expect(deleted).toBeGreaterThan(0);
    const sock = await openTestSocket(base, { token: s.manager!.token });
    sock.send('resume', { seq: 1 });
    await sock.waitFor((f) => f.event === 'resync');
    await sock.close();
  });

  it('refuses a plain HTTP request to /ws without a token with 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBe(401);
  });
});
