import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTenant, login, type Session, useTestServer } from '../../test/support.ts';
import type * as PushRepository from './push.repository.ts';
import { openTestSocket } from './test-socket.ts';

// The store may answer an insert of several pushes with fewer ids than rows (seen once in a bench
// on PGlite). The hub must then neither guess a seq nor let an undefined one become the tenant's
// cursor: with a NaN cursor every later read of the tenant failed and its sockets got nothing.
const short = vi.hoisted(() => ({ next: false }));
vi.mock('./push.repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PushRepository>();
  return {
    ...real,
    insertPushes: async (...args: Parameters<typeof real.insertPushes>) => {
      const ids = await real.insertPushes(...args);
      if (!short.next) return ids;
      short.next = false;
      return ids.slice(0, -1);
    },
  };
});

describe('realtime hub when the store returns fewer ids than rows', () => {
  const ctx = useTestServer();
  let base: string;
  let tenantId: string;
  let manager: Session & { username: string };
  const hub = () => ctx.deps.realtime;
  const connect = async () => {
    const sock = await openTestSocket(base, { account: manager.username, token: manager.token });
    sock.send('ping');
    await sock.waitFor((f) => f.event === 'hello');
    return sock;
  };

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const t = await buildTenant(ctx);
    tenantId = t.tenant.id;
    manager = { ...(await login(ctx, t.manager.username)), username: t.manager.username };
  });

  it('still delivers those rows, and every later one, to a connected socket', async () => {
    const sock = await connect();
    short.next = true;
    await hub().publish(tenantId, [
      { event: 'probe', data: { n: 1 } },
      { event: 'probe', data: { n: 2 } },
    ]);
    await hub().settled(tenantId);
    await hub().publish(tenantId, { event: 'probe', data: { n: 3 } });
    await sock.waitFor((f) => f.event === 'probe' && (f.data as { n: number }).n === 3);
    const got = sock.pushes('probe');
    expect(got.map((f) => (f.data as { n: number }).n)).toEqual([1, 2, 3]);
    expect(got.every((f) => Number.isSafeInteger(f.seq))).toBe(true);
    await sock.close();
  });

  it('keeps a real resume point when nobody was connected, and delivers after it', async () => {
    short.next = true;
    await hub().publish(tenantId, [
      { event: 'quiet', data: { n: 1 } },
      { event: 'quiet', data: { n: 2 } },
    ]);
    await hub().settled(tenantId);
    const sock = await connect();
    const hello = sock.frames.find((f) => f.event === 'hello')!;
    expect(Number.isSafeInteger(hello.seq)).toBe(true);
    await hub().publish(tenantId, { event: 'after', data: null });
    const after = await sock.waitFor((f) => f.event === 'after');
    expect(after.seq).toBeGreaterThan(hello.seq!);
    // Resuming from the point given replays the push after it, once.
    const again = await openTestSocket(base, { token: manager.token });
    again.send('resume', { seq: hello.seq });
    await again.waitFor((f) => f.event === 'after');
    expect(again.pushes('after')).toHaveLength(1);
    await again.close();
    await sock.close();
  });
});
