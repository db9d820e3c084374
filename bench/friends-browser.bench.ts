// Issue 13 §5 browser figure: the friends page (/contacts/friends) of a manager whose tenant has
// 50 work accounts × 5,000 friends (250,000), seeded straight into the stopped server's PGlite.
// First screen: from navigation start (a fresh page load with a stored session) until the first
// friend row is in the page, beside the same page filtered to one account of 50-300 friends,
// measured in the same run. Also: the DOM node count (the table is virtualised) and how long
// scrolling to the 1,000th friend takes (pages of 200 load as the table scrolls). Goal < 500 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { chromium, type Page } from '@playwright/test';
import { report, startServer, type BenchServer } from './lib.ts';
import { addAccount, BENCH_ENV, plantFileCookie, signIn, type Session } from './session.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** 50 accounts of 5,000 friends; the GIN index is built once after the rows, as a restore does. */
async function seed(dataDir: string) {
  const db = new PGlite(path.join(dataDir, 'pg'));
  const t0 = performance.now();
  const tenant = (
    await db.query<{ id: string }>(`select tenant_id as id from users where username = 'demo'`)
  ).rows[0]!.id;
  await db.query('drop index contacts_search');
  const accounts = await db.query<{ id: string; wxid: string }>(
    `insert into work_accounts (tenant_id, wxid, nickname, status)
     select $1, 'wxid_benchacc_' || g, '压测号' || g, 'offline' from generate_series(1, $2::int) g
     returning id, wxid`,
    [tenant, ACCOUNTS],
  );
  for (const [i, a] of accounts.rows.entries()) {
    await db.query(
      `insert into contacts (tenant_id, work_account_id, wxid, nickname, remark, avatar, added_at, source)
       select $1, $2, 'wxid_f' || $3::int || '_' || g, '客户' || $3::int || '-' || g,
         case when g % 5 = 0 then '备注' || g else '' end, '', now() - (g || ' minutes')::interval, 'phone'
       from generate_series(1, $4::int) g`,
      [tenant, a.id, i, FRIENDS],
    );
  }
  await db.query(
    'create index contacts_search on contacts using gin (search_grams) with (fastupdate = off)',
  );
  await db.query('analyze');
  await db.close();
  console.log(
    `  seeded ${ACCOUNTS * FRIENDS} friends in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

/** Opens the friends page fresh (session stored, no SPA code cached) until a friend row shows. */
async function firstScreen(page: Page, s: BenchServer, me: Session, query: string) {
  await page.goto(`${s.url}/favicon.svg`);
  await page.evaluate((me) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('cst.token', JSON.stringify({ value: me.token, expiresAt: me.expiresAt }));
    const bytes = new TextEncoder().encode(JSON.stringify(me.user));
    localStorage.setItem('cst.user', btoa(String.fromCharCode(...bytes)));
  }, me);
  await plantFileCookie(page, s.url, me.token);
  await page.goto(`${s.url}/#/contacts/friends${query}`);
  await page.waitForFunction(() => (window as { __friendRow?: number }).__friendRow, null, {
    timeout: 30_000,
  });
  const ms = await page.evaluate(() => (window as { __friendRow?: number }).__friendRow ?? -1);
  await page.waitForTimeout(500);
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { ms, nodes };
}

/** Scrolls the table down until the 1,000th friend is loaded; returns the time taken. */
async function scrollTo1000(page: Page): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < 400; i++) {
    const loaded = await page.evaluate(() => {
      const body = document.querySelector<HTMLElement>(
        '.friends-table .ant-table-tbody-virtual-holder',
      );
      const row = document.querySelector('[data-testid="friend-row"]');
      if (!body || !row) return 0;
      body.scrollTop = body.scrollHeight;
      return Math.round(body.scrollHeight / row.getBoundingClientRect().height);
    });
    if (loaded >= 1000) break;
    await page.waitForTimeout(25);
  }
  return performance.now() - t0;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-friends-'));
  const env = { ...BENCH_ENV, TZ: 'UTC' };
  let s = await startServer(env, dataDir);
  const me0 = await signIn(s);
  const small = await addAccount(s, me0, '对照号');
  await s.stop();
  await seed(dataDir);
  s = await startServer(env, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const me = await signIn(s);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-testid="friend-row"]')) {
          (window as { __friendRow?: number }).__friendRow = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await firstScreen(page, s, me, ''); // warm-up (server caches)
    const big: number[] = [];
    const base: number[] = [];
    let bigNodes = 0;
    for (let i = 0; i < RUNS; i++) {
      const b = await firstScreen(page, s, me, '');
      big.push(b.ms);
      bigNodes = b.nodes;
      base.push((await firstScreen(page, s, me, `?account=${small}`)).ms);
    }
    report(
      `friends page first screen, ${ACCOUNTS * FRIENDS} friends (ms)`,
      median(big).toFixed(0),
      `${median(base).toFixed(0)} one account`,
      '< 500',
    );
    report('  DOM nodes of the friends page', String(bigNodes), '', '< 1500');
    await firstScreen(page, s, me, '');
    report('  scroll to the 1,000th friend (ms)', (await scrollTo1000(page)).toFixed(0), '');
    await context.close();
  } finally {
    await browser.close();
    await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
