// Issue 14 §2 / §4 figures: a tenant with 50 work accounts × 5,000 friends (250,000 contacts),
// seeded straight into the database of a fresh in-process server.
// - bulk tagging of 100,000 contacts (the friends of 20 accounts) through `tags/bulk/apply`, step
//   after step as the SPA calls it, beside the same links written one INSERT per contact (timed on
//   5,000 and scaled). Goal < 5 s. Then removing the tag from them again.
// - the "how many match" preview of that filter (`tags/bulk/count`).
// - `tags/list` with 250,000 tagged links (kept counts) beside the same counts taken by an
//   aggregate over the links; and a friends-list page filtered by a tag.
// BENCH_DB=postgres runs it on a throw-away PostgreSQL (scripts/postgres.sh) instead of PGlite.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import type { Server } from '../apps/server/src/server.ts';
import { percentile, report } from './lib.ts';
import { startInProcess } from './in-process.ts';
import { BENCH_PASSWORD } from './session.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 5000);
/** Accounts whose friends are tagged in bulk: 20 × 5,000 = 100,000. */
const TAGGED_ACCOUNTS = Math.min(ACCOUNTS, 20);

interface Api {
  post<T>(url: string, body: unknown): Promise<T>;
}

async function apiOf(s: Server): Promise<Api> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/system-api/auth/login',
    payload: { username: 'demo', password: BENCH_PASSWORD },
  });
  const token = (res.json() as { data: { token: string } }).data.token;
  return {
    async post<T>(url: string, body: unknown): Promise<T> {
      const r = await fetch(s.url + url, {
        method: 'POST',
        headers: { 'cst-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { code: number; message: string; data: T };
      if (r.status !== 200) throw new Error(`${url}: ${r.status} ${json.message}`);
      return json.data;
    },
  };
}

/** The accounts and their friends, in a few statements; returns the accounts' wxids in order. */
async function seed(s: Server): Promise<{ tenantId: string; wxids: string[] }> {
  const db = s.deps.db;
  const [tenant] = rowsOf<{ id: string }>(
    await db.execute(sql`select tenant_id as id from users where username = 'demo'`),
  );
  const t0 = performance.now();
  const accounts = rowsOf<{ id: string; wxid: string }>(
    await db.execute(sql`
      insert into work_accounts (tenant_id, wxid, nickname, status)
      select ${tenant!.id}::uuid, 'wxid_tagacc_' || g, '标签压测号' || g, 'offline'
      from generate_series(1, ${ACCOUNTS}) g
      returning id, wxid`),
  ).sort((a, b) => a.wxid.localeCompare(b.wxid, 'en', { numeric: true }));
  await db.execute(sql`drop index contacts_search`);
  for (const [i, a] of accounts.entries()) {
    await db.execute(sql`
      insert into contacts (tenant_id, work_account_id, wxid, nickname, added_at, source)
      select ${tenant!.id}::uuid, ${a.id}::uuid, 'wxid_t' || ${i}::int || '_' || g,
        '客户' || g, now() - (g || ' minutes')::interval,
        (array['phone', 'manual', 'task', 'autoAccept'])[1 + g % 4]
      from generate_series(1, ${FRIENDS}::int) g`);
  }
  await db.execute(
    sql`create index contacts_search on contacts using gin (search_grams) with (fastupdate = off)`,
  );
  await db.execute(sql`analyze`);
  console.log(
    `  seeded ${ACCOUNTS} accounts, ${ACCOUNTS * FRIENDS} friends in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return { tenantId: tenant!.id, wxids: accounts.map((a) => a.wxid) };
}

/** Runs a bulk tagging step by step as the SPA does: total time, steps and links changed. */
async function bulk(api: Api, body: Record<string, unknown>) {
  const t = performance.now();
  let after: string | undefined;
  let changed = 0;
  let processed = 0;
  let steps = 0;
  for (;;) {
    const r = await api.post<{ processed: number; changed: number; next: string | null }>(
      '/main-api/tags/bulk/apply',
      { ...body, after },
    );
    steps += 1;
    changed += r.changed;
    processed += r.processed;
    if (!r.next) break;
    after = r.next;
  }
  return { ms: performance.now() - t, changed, processed, steps };
}

/** Links written one INSERT per contact, as a loop would: ms per 100,000 (timed on 5,000). */
async function rowByRowMs(s: Server, tenantId: string, tagId: string): Promise<number> {
  const ids = rowsOf<{ id: string }>(
    await s.deps.db.execute(
      sql`select id from contacts where tenant_id = ${tenantId}::uuid order by id desc limit 5000`,
    ),
  ).map((r) => r.id);
  const t = performance.now();
  for (const id of ids) {
    await s.deps.db.execute(
      sql`insert into contact_tags (contact_id, tag_id, tenant_id) values (${id}::uuid, ${tagId}::uuid, ${tenantId}::uuid) on conflict do nothing`,
    );
  }
  return ((performance.now() - t) / ids.length) * 100_000;
}

async function timed(n: number, run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times;
}

async function main() {
  const { server: s, close } = await startInProcess('54344');
  try {
    const api = await apiOf(s);
    const { tenantId, wxids } = await seed(s);
    const group = await api.post<{ id: string }>('/main-api/tags/group/add', { name: '压测' });
    const tag = await api.post<{ id: string }>('/main-api/tags/add', {
      groupId: group.id,
      name: '批量',
    });
    const all = await api.post<{ id: string }>('/main-api/tags/add', {
      groupId: group.id,
      name: '全部',
    });
    const baselineTag = await api.post<{ id: string }>('/main-api/tags/add', {
      groupId: group.id,
      name: '逐行',
    });
    const filter = { workWxids: wxids.slice(0, TAGGED_ACCOUNTS) };

    const countMs = await timed(5, () => api.post('/main-api/tags/bulk/count', { filter }));
    const { matched } = await api.post<{ matched: number }>('/main-api/tags/bulk/count', {
      filter,
    });
    report(`bulk count of ${matched} (p50 ms)`, percentile(countMs, 50).toFixed(0), '-');

    const rowByRow = await rowByRowMs(s, tenantId, baselineTag.id);
    const add = await bulk(api, { filter, tagIds: [tag.id], op: 'add' });
    if (add.changed !== matched) throw new Error(`tagged ${add.changed} of ${matched}`);
    report(
      `bulk tag ${add.changed} contacts, ${add.steps} steps (s)`,
      (add.ms / 1000).toFixed(2),
      `${(rowByRow / 1000).toFixed(1)} s row by row`,
      '< 5 s',
    );
    const remove = await bulk(api, { filter, tagIds: [tag.id], op: 'remove' });
    report(
      `bulk untag ${remove.changed} contacts (s)`,
      (remove.ms / 1000).toFixed(2),
      '-',
      '< 5 s',
    );
    // Every contact of the tenant tagged: the list's counts at 250,000 links.
    const whole = await bulk(api, { filter: {}, tagIds: [all.id], op: 'add', step: 50_000 });
    report(`bulk tag all ${whole.changed} contacts (s)`, (whole.ms / 1000).toFixed(2), '-');
    const listMs = await timed(20, () => api.post('/main-api/tags/list', {}));
    const aggMs = await timed(5, () =>
      s.deps.db.execute(
        sql`select tag_id, count(*) from contact_tags where tenant_id = ${tenantId}::uuid group by tag_id`,
      ),
    );
    report(
      `tags/list with ${whole.changed} links (p50 ms)`,
      percentile(listMs, 50).toFixed(1),
      `${percentile(aggMs, 50).toFixed(0)} ms count(*)`,
    );
    const pageMs = await timed(20, () =>
      api.post('/main-api/acc/friends-list', { page: 1, pageSize: 20, tagIds: [baselineTag.id] }),
    );
    report('friends-list by a tag of 5,000 (p50 ms)', percentile(pageMs, 50).toFixed(1), '-');
  } finally {
    await close();
  }
}

await main();
