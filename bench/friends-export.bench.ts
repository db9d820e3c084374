// The friends export of a tenant with 250,000 contacts (50 work accounts × 5,000): the list read
// in chunks of 1,000 with OFFSET paging (as the export did) against keyset chunks (as it does),
// in the same run, on the same data; then the whole xlsx download through the route.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FRIENDS_PAGE_MAX } from '@cst/shared';
import { resolveToken } from '../apps/server/src/platform/auth-context.ts';
import { pagedRows } from '../apps/server/src/platform/xlsx-export.ts';
import { FriendsService } from '../apps/server/src/modules/friends/friends.service.ts';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import type { Server } from '../apps/server/src/server.ts';
import { report } from './lib.ts';
import { startInProcess } from './in-process.ts';
import { BENCH_PASSWORD } from './session.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 5000);

async function login(s: Server): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/system-api/auth/login',
    payload: { username: 'demo', password: BENCH_PASSWORD },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

/**
 * The accounts and their friends, in a few statements: three friends a minute (ties in the
 * added time) and one in fifty without one (the platform did not say).
 */
async function seed(s: Server): Promise<number> {
  const db = s.deps.db;
  const [tenant] = rowsOf<{ id: string }>(
    await db.execute(sql`select tenant_id as id from users where username = 'demo'`),
  );
  const t0 = performance.now();
  const accounts = rowsOf<{ id: string; wxid: string }>(
    await db.execute(sql`
      insert into work_accounts (tenant_id, wxid, nickname, status)
      select ${tenant!.id}::uuid, 'wxid_benchexp_' || g, '导出压测号' || g, 'offline'
      from generate_series(1, ${ACCOUNTS}) g
      returning id, wxid`),
  );
  await db.execute(sql`drop index contacts_search`);
  for (const [i, a] of accounts.entries()) {
    await db.execute(sql`
      insert into contacts (tenant_id, work_account_id, wxid, nickname, remark, avatar, added_at, source)
      select ${tenant!.id}::uuid, ${a.id}::uuid, 'wxid_e' || ${i}::int || '_' || md5(g::text || ${a.wxid}),
        '好友' || g, case when g % 5 = 0 then '客户' || (g % 997) else '' end, '',
        case when g % 50 = 0 then null
          else timestamptz '2026-11-01 00:00:00+00' - ((g / 3) || ' minutes')::interval end,
        (array['phone', 'manual', 'task', 'autoAccept'])[1 + g % 4]
      from generate_series(1, ${FRIENDS}::int) g`);
  }
  await db.execute(
    sql`create index contacts_search on contacts using gin (search_grams) with (fastupdate = off)`,
  );
  await db.execute(sql`analyze`);
  const total = ACCOUNTS * FRIENDS;
  console.log(
    `  seeded ${ACCOUNTS} accounts, ${total} friends in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return total;
}

/** Reads every row of an export's source; the time, the count and a digest of the order. */
async function drain<T extends { workWxid: string; friendWxid: string }>(
  rows: AsyncIterable<T>,
): Promise<{ ms: number; n: number; digest: string; firstChunkMs: number; lastChunkMs: number }> {
  const hash = createHash('sha1');
  const t0 = performance.now();
  let n = 0;
  let mark = t0;
  let firstChunkMs = 0;
  let lastChunkMs = 0;
  for await (const r of rows) {
    hash.update(`${r.workWxid}/${r.friendWxid}\n`);
    n += 1;
    if (n % FRIENDS_PAGE_MAX === 0) {
      const now = performance.now();
      if (n === FRIENDS_PAGE_MAX) firstChunkMs = now - mark;
      lastChunkMs = now - mark;
      mark = now;
    }
  }
  return { ms: performance.now() - t0, n, digest: hash.digest('hex'), firstChunkMs, lastChunkMs };
}

async function main() {
  const { server: s, close } = await startInProcess('54345');
  try {
    const token = await login(s);
    const total = await seed(s);
    const auth = (await resolveToken(s.deps.db, token, 3_600_000))!;
    const service = new FriendsService(s.deps);
    const keyset = await drain(service.exportRows(auth, {}));
    const offset = await drain(
      pagedRows(
        (page, pageSize) => service.list(auth, { page, pageSize }).then((r) => r.list),
        FRIENDS_PAGE_MAX,
      ),
    );
    if (offset.n !== total || keyset.n !== total || offset.digest !== keyset.digest)
      throw new Error(`rows differ: offset ${offset.n}, keyset ${keyset.n}`);
    const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const chunks = (r: typeof offset) =>
      `first ${r.firstChunkMs.toFixed(0)} ms, last ${r.lastChunkMs.toFixed(0)} ms`;
    report(
      `friends rows read, ${total}, OFFSET paging (chunks of 1,000)`,
      sec(offset.ms),
      chunks(offset),
    );
    report(
      `friends rows read, ${total}, keyset chunks (same rows, same order)`,
      sec(keyset.ms),
      chunks(keyset),
    );
    const t = performance.now();
    const res = await s.app.inject({
      method: 'GET',
      url: '/main-api/acc/friends-export',
      // A token never travels in a URL (the server refuses one there).
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}`);
    report(
      `friends-export xlsx, ${total} rows (route, keyset)`,
      sec(performance.now() - t),
      `${(res.rawPayload.length / 1e6).toFixed(1)} MB`,
    );
  } finally {
    await close();
  }
}

await main();
