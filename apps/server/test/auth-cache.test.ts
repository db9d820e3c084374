// Sessions are kept in memory per process (platform/auth-cache.ts). Whatever a session depends on
// may change by any route, any code path or another process: the next request must see it.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Permission } from '@cst/shared';
import pg from 'pg';
import { watchedAuthCache } from '../src/platform/auth-cache.ts';
import { PgBus } from '../src/platform/bus.ts';
import { openPostgres } from '../src/platform/db.ts';
import { api } from './api.ts';
import { buildTenant, buildUser, DB_KIND, login, type Session, useTestServer } from './support.ts';
import { buildRole } from './factories.ts';

const PERMS = '/system-api/system/roles/permissions';

describe('sessions kept in memory', () => {
  const ctx = useTestServer();
  let tenantId: string;
  beforeAll(async () => {
    tenantId = (await buildTenant(ctx)).tenant.id;
  });

  /** A fresh manager of the tenant, signed in, whose session this process has read once. */
  async function managerSession(): Promise<{ session: Session; uid: string }> {
    const user = await buildUser(ctx, { tenantId, role: 'manager' });
    const session = await login(ctx, user.username);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    return { session, uid: user.id };
  }

  /** A custom role of the tenant; its id. */
  async function customRole(name: string, permissions: Permission[]): Promise<string> {
    return (await buildRole(ctx, tenantId, name, permissions)).id;
  }

  /** A fresh seat with a new custom role, signed in, whose session this process has read once. */
  async function customRoleSession(name: string, permissions: Permission[]) {
    const roleId = await customRole(name, permissions);
    const user = await buildUser(ctx, { tenantId, role: 'office', roleId });
    const session = await login(ctx, user.username);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    return { session, uid: user.id, roleId };
  }

  it('serves a session from memory until the database says something changed', async () => {
    const { session, uid } = await managerSession();
    // A change nobody is told about (its trigger switched off) is not seen: the session is kept.
    await ctx.deps.db.execute(sql`alter table users disable trigger users_auth_changed`);
    try {
      await ctx.deps.db.execute(sql`update users set status = 'disabled' where id = ${uid}`);
      expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    } finally {
      await ctx.deps.db.execute(sql`alter table users enable trigger users_auth_changed`);
    }
    // Updates that change nothing a session depends on notify nothing: still kept.
    await ctx.deps.db.execute(sql`update tenants set status = status where id = ${tenantId}`);
    await ctx.deps.db.execute(sql`update roles set permissions = permissions`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    // Any notified change drops every kept session.
    await ctx.deps.db.execute(sql`update users set nickname = nickname || '!' where id = ${uid}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(401);
    await ctx.deps.db.execute(sql`update users set status = 'enabled' where id = ${uid}`);
  });

  it('refuses a token at once when it is deleted or cut short', async () => {
    const a = await managerSession();
    await ctx.deps.db.execute(sql`delete from auth_tokens where user_id = ${a.uid}`);
    expect((await api(ctx, 'GET', PERMS, { session: a.session })).status).toBe(401);
    const b = await managerSession();
    await ctx.deps.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${b.uid}`,
    );
    expect((await api(ctx, 'GET', PERMS, { session: b.session })).status).toBe(401);
  });

  // Each change is made with plain SQL, as no service of the server would: only the database's
  // own notification can tell the process about it.
  it('signs a user out at once when the user is disabled, however that happened', async () => {
    const { session, uid } = await managerSession();
    await ctx.deps.db.execute(sql`update users set status = 'disabled' where id = ${uid}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(401);
    await ctx.deps.db.execute(sql`update users set status = 'enabled' where id = ${uid}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
  });

  it('refuses a token at once when it is revoked', async () => {
    const { session, uid } = await managerSession();
    await ctx.deps.db.execute(
      sql`update auth_tokens set revoked_at = now() where user_id = ${uid}`,
    );
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(401);
  });

  it('applies a new custom role at once', async () => {
    const { session, uid } = await customRoleSession('管角色', ['role.manage']);
    const none = await customRole('无权限', []);
    await ctx.deps.db.execute(sql`update users set role_id = ${none} where id = ${uid}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(403);
  });

  it('applies a new built-in role at once', async () => {
    const { session, uid } = await managerSession();
    await ctx.deps.db.execute(sql`update users set role = 'subAdmin' where id = ${uid}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(403);
  });

  it("applies a custom role's new permissions at once", async () => {
    const { session, roleId } = await customRoleSession('角色管理', ['role.manage']);
    await ctx.deps.db.execute(sql`update roles set permissions = '[]'::jsonb where id = ${roleId}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(403);
  });

  it('signs out a whole tenant at once when it is disabled', async () => {
    const { session } = await managerSession();
    await ctx.deps.db.execute(sql`update tenants set status = 'disabled' where id = ${tenantId}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(401);
    await ctx.deps.db.execute(sql`update tenants set status = 'enabled' where id = ${tenantId}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
  });

  it('signs out at logout at once', async () => {
    const { session } = await managerSession();
    const out = await api(ctx, 'POST', '/system-api/auth/logout', { session });
    expect(out.status).toBe(200);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(401);
  });

  it.runIf(DB_KIND === 'postgres')(
    "hears another process's change on the bus alone, and keeps nothing while the bus is down",
    async () => {
      const url = ctx.database.url!;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const bus = new PgBus(url, pool);
      // A database handle that hears nothing itself: only the bus can tell.
      const deaf = { ...ctx.database, listen: async () => async () => undefined };
      const watched = await watchedAuthCache(deaf, bus);
      try {
        await bus.ready();
        const cache = watched.cache;
        cache.put('k', { expiresAt: Date.now() + 60_000 } as never, cache.stamp(), Date.now());
        expect(cache.size).toBe(1);
        const other = new pg.Client({ connectionString: url });
        await other.connect();
        await other.query(`update tenants set status = 'disabled' where id = $1`, [tenantId]);
        await other.query(`update tenants set status = 'enabled' where id = $1`, [tenantId]);
        await other.end();
        // Until the bus tells (the test's timeout fails it if it never does).
        while (cache.size > 0) await new Promise((r) => setTimeout(r, 10));
        expect(cache.size).toBe(0);
        // The bus's link drops: nothing is kept until it is back.
        const down = new Promise<void>((resolve) => {
          const off = bus.onLink((up) => {
            if (up) return;
            off();
            resolve();
          });
        });
        await pool.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
        );
        await down;
        cache.put('k', { expiresAt: Date.now() + 60_000 } as never, cache.stamp(), Date.now());
        expect(cache.size).toBe(0);
      } finally {
        await watched.close();
        await bus.close();
        await pool.end();
      }
    },
  );

  it.runIf(DB_KIND === 'postgres')(
    'learns of a change made by another process on the same database',
    async () => {
      const { session, uid } = await managerSession();
      // Another server process: its own pool on the same database.
      const other = await openPostgres(ctx.database.url!, 1);
      try {
        await other.db.execute(sql`update users set status = 'disabled' where id = ${uid}`);
      } finally {
        await other.close();
      }
      // Until the change is heard (the test's timeout fails it if it never is).
      let status = 200;
      while (status === 200) {
        status = (await api(ctx, 'GET', PERMS, { session })).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 10));
      }
      expect(status).toBe(401);
    },
  );
});
