// Issue 13 §5 figures: a tenant with 50 work accounts × 5,000 friends (250,000 contacts, one
// account with 10,000), seeded straight into the database of a fresh in-process server.
// - friends-list with a keyword, p50 / p99 at 10 concurrent (2,000 requests each, from a child
//   process), for a two-character Chinese name, one character, a Latin pair and a wxid prefix;
//   beside healthz (the HTTP floor) and the same keyword read without its index (the plain
//   contains-scan the index replaces), measured in the same run. Goal p99 < 50 ms.
// - the whole friend list of an account with 10,000 friends (`/api/v1/contacts/list`), and a page
//   of the friends page without a keyword. Goal < 150 ms.
// BENCH_DB=postgres runs it on a throw-away PostgreSQL (scripts/postgres.sh) instead of PGlite.
// The friends page's first screen in Chromium is bench/friends-browser.bench.ts.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import type { Server } from '../apps/server/src/server.ts';
import { loadFromChild, type LoadResult } from './load.ts';
import { percentile, report } from './lib.ts';
import { startInProcess } from './in-process.ts';
import { BENCH_PASSWORD } from './session.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 5000);
const WHOLE = 10_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

async function login(s: Server): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/system-api/auth/login',
    payload: { username: 'demo', password: BENCH_PASSWORD },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

/** 50 accounts and their friends, in a few statements; returns the accounts' wxids. */
async function seed(s: Server): Promise<string[]> {
  const db = s.deps.db;
  const [tenant] = rowsOf<{ id: string }>(
    await db.execute(sql`select tenant_id as id from users where username = 'demo'`),
  );
  const t0 = performance.now();
  const accounts = rowsOf<{ id: string; wxid: string }>(
    await db.execute(sql`
      insert into work_accounts (tenant_id, wxid, nickname, status)
      select ${tenant!.id}::uuid, 'wxid_benchacc_' || g, '压测号' || g, 'offline'
      from generate_series(1, ${ACCOUNTS}) g
      returning id, wxid`),
  ).sort((a, b) => a.wxid.localeCompare(b.wxid, 'en', { numeric: true }));
  // Chinese names from 100 surnames and 200 given-name characters, one in five with a remark;
  // the first account has the whole-list size.
  const surnames =
    '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
  const given =
    '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红燕飞琳鹏辉建国春梅海波宁欣怡晨阳雪莉婷思雨佳琪子涵浩然宇轩梓萱诗雅紫嘉俊博文志鑫瑞天翔凯旭宏峰亮斌晓光辰昊鸿泽楠蕾倩琴兰凤云霞珍凡彬健康永安福寿喜乐庆丰荣盛达成功利德仁义礼智信忠孝廉耻和顺吉祥如意美好善良慧聪颖秀丽端庄温柔贤淑文静大方';
  // The GIN index is built once after the rows (as a restore does): row by row it takes minutes.
  await db.execute(sql`drop index contacts_search`);
  for (const [i, a] of accounts.entries()) {
    const n = i === 0 ? WHOLE : FRIENDS;
    await db.execute(sql`
      insert into contacts (tenant_id, work_account_id, wxid, nickname, remark, avatar, added_at, source, star, blacklist)
      select ${tenant!.id}::uuid, ${a.id}::uuid, 'wxid_f' || ${i}::int || '_' || md5(g::text || ${a.wxid}),
        substr(${surnames}, 1 + (g * 7 + ${i}) % 100, 1) || substr(${given}, 1 + (g * 13 + ${i} * 3) % 200, 1)
          || case when g % 2 = 0 then substr(${given}, 1 + (g * 31) % 200, 1) else '' end,
        case when g % 5 = 0 then '客户' || (g % 997) else '' end,
        '', now() - (g || ' minutes')::interval,
        (array['phone', 'manual', 'task', 'autoAccept'])[1 + g % 4], g % 11 = 0, g % 97 = 0
      from generate_series(1, ${n}::int) g`);
  }
  await db.execute(
    sql`create index contacts_search on contacts using gin (search_grams) with (fastupdate = off)`,
  );
  await db.execute(sql`analyze`);
  const total = (ACCOUNTS - 1) * FRIENDS + WHOLE;
  console.log(
    `  seeded ${ACCOUNTS} accounts, ${total} friends in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return accounts.map((a) => a.wxid);
}

/** One read of a keyword without its index: the contains-scan over the tenant's friends. */
async function plainScanMs(s: Server, keyword: string): Promise<number> {
  const like = `%${keyword}%`;
  const q = sql`select c.wxid, c.nickname, c.remark, count(*) over () as total from contacts c
    where c.tenant_id = (select tenant_id from work_accounts where wxid = 'wxid_benchacc_1')
      and (lower(c.nickname) like ${like} or lower(c.remark) like ${like} or c.wxid like ${`${keyword}%`})
    order by c.added_at desc nulls last, c.id limit 20`;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await s.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(q);
    });
    times.push(performance.now() - t);
  }
  return percentile(times, 50);
}

async function main() {
  const { server: s, close } = await startInProcess('54343');
  try {
    const token = await login(s);
    const wxids = await seed(s);
    const load = (url: string, body?: unknown, total = REQUESTS, concurrency = 10) =>
      loadFromChild({
        url: s.url + url,
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'cst-token': token },
        body,
        total,
        concurrency,
      });
    const fmt = (r: LoadResult) =>
      `${percentile(r.times, 50).toFixed(1)} / ${percentile(r.times, 99).toFixed(1)}`;
    const friendsList = (keyword?: string) =>
      load('/main-api/acc/friends-list', { page: 1, pageSize: 20, keyword });
    await load('/healthz');
    const health = await load('/healthz');
    report('healthz p50 / p99 at 10 concurrent (ms)', fmt(health), 'floor');
    // A name as a seat would type it: the first two characters of a stored three-character one.
    const [pick] = rowsOf<{ k: string }>(
      await s.deps.db.execute(
        sql`select substr(nickname, 1, 2) as k from contacts where char_length(nickname) = 3 order by wxid limit 1`,
      ),
    );
    for (const [label, keyword] of [
      ['two-character name', pick!.k],
      ['one character', '李'],
      ['wxid prefix', 'wxid_f7_a'],
      ['remark', '客户99'],
    ] as const) {
      await friendsList(keyword);
      const r = await friendsList(keyword);
      const plain = await plainScanMs(s, keyword);
      report(
        `friends-list "${keyword}" (${label}) p50 / p99 (ms)`,
        fmt(r),
        `${plain.toFixed(1)} scan`,
        'p99 < 50',
      );
    }
    await friendsList();
    report('friends-list no keyword, 250k, p50 / p99 (ms)', fmt(await friendsList()), fmt(health));
    const one = { page: 1, pageSize: 50, workWxid: wxids[1] };
    await load('/main-api/acc/friends-list', one);
    report(
      'friends-list one account p50 / p99 (ms)',
      fmt(await load('/main-api/acc/friends-list', one)),
      fmt(health),
    );
    const whole = `/api/v1/contacts/list?cvType=1&pageSize=${WHOLE}&wxid=${wxids[0]}`;
    await load(whole, undefined, 5, 1);
    const w = await load(whole, undefined, 40, 1);
    const page = await load(
      `/api/v1/contacts/list?cvType=1&pageSize=20&wxid=${wxids[0]}`,
      undefined,
      40,
      1,
    );
    report(
      `contacts/list whole list of ${WHOLE} p50 / p99 (ms)`,
      fmt(w),
      `${fmt(page)} 20 rows`,
      '< 150',
    );
  } finally {
    await close();
  }
}

await main();
