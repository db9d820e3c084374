import { describe, expect, it } from 'vitest';
import { PUBLIC_BY_NAME, USER_BY_NAME } from '../src/app.ts';
import { roles } from '../src/db/schema/index.ts';
import { buildTenant, buildUser, login, useTestServer } from './support.ts';

/** Routes anyone may call, by name. Adding one here is a decision, not a fix. */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /system-api/code',
  'POST /system-api/auth/login',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/send-verify-code',
  'POST /api/v1/auth/forget',
  // The signed POST policy is the credential of an upload, as on OSS/S3 (API.md Files).
  'POST /oss-api',
]);

describe('every route is guarded', () => {
  const ctx = useTestServer();

  const table = () =>
    ctx.app.routeTable.filter(
      (r) => ![...PUBLIC_BY_NAME, ...USER_BY_NAME].some((re) => re.test(r.url)),
    );

  it('documents every route in the OpenAPI document at /api-docs', async () => {
    const s = await login(ctx, 'demo');
    const res = await ctx.app.inject({ method: 'GET', url: '/api-docs/json', headers: s.headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const r of table()) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      if (r.url === '/ws' || r.url.endsWith('*')) continue;
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api-docs', headers: s.headers })).statusCode,
    ).toBe(200);
  });

  it('shows the documentation of the internal API only to a signed-in user', async () => {
    const docs = ctx.app.routeTable.filter((r) => USER_BY_NAME.some((re) => re.test(r.url)));
    expect(docs.length).toBeGreaterThan(1);
    for (const r of docs) {
      if (r.method !== 'GET') continue;
      const url = r.url.replace(/\*$/, 'index.html');
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, r.url).toBe(401);
    }
  });

  it('declares an access rule on every route, and public ones are listed by name', () => {
    const routes = table();
    expect(routes.length).toBeGreaterThan(3);
    for (const r of routes) {
      const name = `${r.method} ${r.url}`;
      expect(r.access, `${name} has no access rule`).toBeDefined();
      if (r.access?.kind === 'public') {
        expect(PUBLIC_ROUTES.has(name), `${name} is public but not listed`).toBe(true);
      }
    }
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const r of table()) {
      if (r.access?.kind === 'public') continue;
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in user without the permission', async () => {
    const { tenant } = await buildTenant(ctx);
    const [role] = await ctx.deps.db
      .insert(roles)
      .values({ tenantId: tenant.id, name: 'history only', permissions: ['history.read'] })
      .returning();
    const roleId = role!.id;
    const user = await buildUser(ctx, { tenantId: tenant.id, role: 'office', roleId });
    const s = await login(ctx, user.username);
    for (const r of table()) {
      const a = r.access;
      const needs =
        a?.kind === 'permission'
          ? [a.permission]
          : a?.kind === 'anyPermission'
            ? a.permissions
            : [];
      if (needs.length === 0 || needs.includes('history.read')) continue;
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url,
        headers: s.headers,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });
});
