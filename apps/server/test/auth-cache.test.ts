// Sessions are kept in memory per process (platform/auth-cache.ts). Whatever a session depends on
// may change by any route, any code path or another process: the next request must see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/db.ts';
import { roles } from '../src/db/schema/index.ts';
import { api } from './api.ts';
import {
  buildTenant,
  buildTestApp,
  buildUser,
  DB_KIND,
  login,
  type Session,
  type TestContext,
} from './support.ts';

const PERMS = '/system-api/system/roles/permissions';

describe('sessions kept in memory', () => {
  let ctx: TestContext;
  let tenantId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    tenantId = (await buildTenant(ctx)).tenant.id;
  });
  afterAll(() => ctx.close());

  /** A fresh manager of the tenant, signed in, whose session this process has read once. */
  async function managerSession(): Promise<{ session: Session; uid: string }> {
    const user = await buildUser(ctx, { tenantId, role: 'manager' });
    const session = await login(ctx, user.username);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    return { session, uid: user.id };
  }

  it('keeps a session it has read', async () => {
    ctx.deps.authCache.invalidate();
    const { session } = await managerSession();
    expect(ctx.deps.authCache.size).toBe(1);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    expect(ctx.deps.authCache.size).toBe(1);
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

  it('applies a new built-in role at once', async () => {
    const { session, uid } = await managerSession();
    await ctx.deps.db.execute(sql`update users set role = 'subAdmin' where id = ${uid}`);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(403);
  });

  it("applies a custom role's new permissions at once", async () => {
    const [role] = await ctx.deps.db
      .insert(roles)
      .values({ tenantId, name: '角色管理', permissions: ['role.manage'] })
      .returning();
    const user = await buildUser(ctx, { tenantId, role: 'office', roleId: role!.id });
    const session = await login(ctx, user.username);
    expect((await api(ctx, 'GET', PERMS, { session })).status).toBe(200);
    await ctx.deps.db.execute(
      sql`update roles set permissions = '[]'::jsonb where id = ${role!.id}`,
    );
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
      const deadline = Date.now() + 2000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await api(ctx, 'GET', PERMS, { session })).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 10));
      }
      expect(status).toBe(401);
    },
  );
});
