import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db.ts';
import { bodySchemaOf, operationsOf, sample, seedWalkRows } from './openapi-walk.ts';
import { buildTenant, login, type Session, type TestContext, useTestServer } from './support.ts';

/**
 * Every route, called by another tenant's manager with the ids of this tenant's real rows in
 * every field that names one (and with this tenant's id in the `cst-id` header, as an attacker
 * would try): no answer carries anything of this tenant, and no row of this tenant changes.
 */

/** Columns an instance renews on its own while it holds a row (its lease), left out of digests. */
const LEASE_COLUMNS = sql.raw(`array['lease_owner', 'lease_expires_at', 'lease_until']`);

/** A digest per table of one tenant's rows (tables with a tenant_id column). */
async function tenantDigest(ctx: TestContext, tenantId: string): Promise<Map<string, string>> {
  const db = ctx.deps.db;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select table_name from information_schema.columns
      where column_name = 'tenant_id' and table_schema = current_schema()
      order by table_name`),
  ).map((r) => r.table_name);
  const out = new Map<string, string>();
  for (const table of tables) {
    const [row] = rowsOf<{ n: number; h: string | null }>(
      await db.execute(
        sql`select count(*)::int as n, md5(string_agg(r, '' order by r)) as h
            from (select md5((to_jsonb(t) - ${LEASE_COLUMNS})::text) as r
                  from ${sql.identifier(table)} t where tenant_id = ${tenantId}) x`,
      ),
    );
    out.set(table, `${row!.n}:${row!.h ?? ''}`);
  }
  return out;
}

describe("another tenant's manager reaches nothing of this tenant by any route", () => {
  const ctx = useTestServer();
  let outsider: Session;
  let outsiderName: string;
  let victimTenant: string;
  const REAL: Record<string, unknown> = {};
  /** Strings only the victim tenant's rows hold: none may appear in an answer to the outsider. */
  const secrets: string[] = [];

  beforeAll(async () => {
    const demo = await login(ctx, 'demo');
    victimTenant = demo.tenantId!;
    const friend = 'wxid_walk_friend';
    const seeded = await seedWalkRows(ctx, demo, {
      nickname: '甲方机密工作号',
      friend,
      content: '甲方机密消息内容',
      taskName: '甲方机密任务',
    });
    const db = ctx.deps.db;
    const one = async (q: ReturnType<typeof sql>) => rowsOf<{ v: string }>(await db.execute(q));
    // The victim's own rows, by the names fields give them.
    const uuidOf = async (table: string) =>
      (
        await one(sql`select id::text as v from ${sql.identifier(table)}
        where tenant_id = ${victimTenant} limit 1`)
      )[0]?.v;
    const users = await one(sql`select id::text as v from users where tenant_id = ${victimTenant}
      and username = 'demo-seat1'`);
    const contacts = await one(sql`select wxid as v from contacts
      where tenant_id = ${victimTenant} and wxid <> ${friend} order by wxid limit 40`);
    const groups = await one(sql`select chatroom_id as v from chat_groups
      where tenant_id = ${victimTenant} limit 1`).catch(() => []);
    Object.assign(REAL, seeded, {
      workWxids: [seeded.workWxid],
      wxids: [friend],
      peerWxid: friend,
      uid: users[0]?.v,
      userId: users[0]?.v,
      chatroomId: groups[0]?.v,
      tagId: await uuidOf('tags'),
      groupId: await uuidOf('account_groups'),
      roleId: await uuidOf('roles'),
      positionId: await uuidOf('positions'),
      proxyId: await uuidOf('proxies'),
      id: await uuidOf('phrases'),
    });
    secrets.push('甲方机密工作号', '甲方机密消息内容', '甲方机密任务', ...contacts.map((c) => c.v));
    expect(contacts.length).toBeGreaterThan(10);

    const other = await buildTenant(ctx);
    outsiderName = other.manager.username;
    outsider = await login(ctx, outsiderName);
  });

  /**
   * Calls every route as `who` with the victim's ids (bodies of the required fields, and of every
   * field; the first again with the victim's tenant id in `cst-id`); returns the answers that
   * carry one of the victim's secrets, and how many requests were made.
   */
  async function walk(who: () => Session, relogin: () => Promise<void>) {
    const leaks: string[] = [];
    let requests = 0;
    for (const { method, path, op } of operationsOf(ctx)) {
      // The websocket, the sign-out routes (they end the walk's own session), and the simulator's
      // own API (the embedded platform's surface, not a tenant's).
      if (path === '/ws' || /logout|\/sim-api\//.test(path)) continue;
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        name === '*' ? 'x' : String(REAL[name] ?? REAL.id ?? 'x'),
      );
      const schema = bodySchemaOf(op);
      const bodyOf = (optional: boolean) =>
        method === 'GET' ? undefined : JSON.stringify(sample(schema, REAL, { optional }) ?? {});
      const variants = [
        { payload: bodyOf(false), spoof: false },
        { payload: bodyOf(false), spoof: true },
        ...(method === 'GET' ? [] : [{ payload: bodyOf(true), spoof: false }]),
      ];
      for (const { payload, spoof } of variants) {
        requests += 1;
        const res = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: {
            ...who().headers,
            ...(spoof ? { 'cst-id': victimTenant } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          payload,
        });
        if (res.statusCode === 401) await relogin();
        const found = secrets.find((s) => res.body.includes(s));
        if (found) leaks.push(`${method} ${path}${spoof ? ' (cst-id spoofed)' : ''} → ${found}`);
      }
    }
    return { leaks, requests };
  }

  it(
    'answers with nothing of the tenant and changes none of its rows',
    { timeout: 600_000 },
    async () => {
      const before = await tenantDigest(ctx, victimTenant);
      const { leaks, requests } = await walk(
        () => outsider,
        async () => {
          outsider = await login(ctx, outsiderName);
        },
      );
      expect(requests).toBeGreaterThan(800);
      expect(leaks).toEqual([]);
      const after = await tenantDigest(ctx, victimTenant);
      const changed = [...before].filter(([t, h]) => after.get(t) !== h).map(([t]) => t);
      expect(changed).toEqual([]);

      // The same walk by the tenant's own manager finds its secrets in many answers (the
      // bodies reach the handlers), and changes its rows.
      let demo = await login(ctx, 'demo');
      const own = await walk(
        () => demo,
        async () => {
          demo = await login(ctx, 'demo');
        },
      );
      expect(new Set(own.leaks.map((l) => l.split(' → ')[0])).size).toBeGreaterThan(20);
      const touched = await tenantDigest(ctx, victimTenant);
      expect([...after].filter(([t, h]) => touched.get(t) !== h).length).toBeGreaterThan(5);
    },
  );
});
