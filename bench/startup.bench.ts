// Issue 2 figures: cold start to /healthz, login p50/p99 at 20 concurrent users, gzip size of the
// JS the login route loads, and the idle server's resident memory — each beside a baseline measured
// in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort, percentile, report, rssMb, startServer, waitReady } from './lib.ts';
import { BENCH_ENV, BENCH_PASSWORD } from './session.ts';

async function coldStart(): Promise<{ ms: number; baselineMs: number }> {
  // Baseline: a bare Node HTTP server answering /healthz.
  const port = await freePort();
  let t0 = performance.now();
  const bare = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
    { stdio: 'ignore' },
  );
  await waitReady(`http://127.0.0.1:${port}/healthz`, bare);
  const baselineMs = performance.now() - t0;
  bare.kill();
  t0 = performance.now();
  const s = await startServer(BENCH_ENV);
  const ms = performance.now() - t0;
  await s.stop();
  fs.rmSync(s.dataDir, { recursive: true, force: true });
  return { ms, baselineMs };
}

async function timed(n: number, concurrency: number, fn: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next += 1;
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

async function main(): Promise<void> {
  const start = await coldStart();
  report(
    'cold start to /healthz (first start, ms)',
    start.ms.toFixed(0),
    `${start.baselineMs.toFixed(0)} bare node`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-'));
  const s = await startServer({ ...BENCH_ENV, TRUST_PROXY: '1' }, dataDir);
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(s.child.pid!);
    const bare = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 500));
    const bareRss = rssMb(bare.pid!);
    bare.kill();
    report(
      'idle server resident memory (MB)',
      idle.toFixed(1),
      `${bareRss.toFixed(1)} bare node`,
      '< 300 on PGlite',
    );

    const users = ['demo', 'demo-sup', 'demo-seat1', 'demo-seat2'];
    let i = 0;
    let loginErrors = 0;
    // Several addresses so the per-address rate limit (10/min) does not apply to the bench.
    const login = async () => {
      const u = users[i++ % users.length]!;
      const res = await fetch(`${s.url}/system-api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i % 250}` },
        body: JSON.stringify({ username: u, password: BENCH_PASSWORD }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) loginErrors += 1;
    };
    const health = async () => {
      const res = await fetch(`${s.url}/healthz`);
      await res.arrayBuffer();
    };
    await timed(20, 20, health);
    const base = await timed(400, 20, health);
    const logins = await timed(200, 20, login);
    report(
      'login p50 / p99 at 20 concurrent (ms)',
      `${percentile(logins, 50).toFixed(1)} / ${percentile(logins, 99).toFixed(1)}`,
      `${percentile(base, 50).toFixed(1)} / ${percentile(base, 99).toFixed(1)} healthz`,
    );
    if (loginErrors) console.log(`  (${loginErrors} logins did not answer 200)`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const js = new Map<string, Buffer>();
    page.on('response', async (res) => {
      if (res.url().endsWith('.js')) js.set(res.url(), await res.body());
    });
    await page.goto(`${s.url}/#/auth/login`, { waitUntil: 'networkidle' });
    await browser.close();
    let raw = 0;
    let gz = 0;
    for (const body of js.values()) {
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    report(
      'JS loaded by the login route (gzip KB)',
      (gz / 1024).toFixed(1),
      `${(raw / 1024).toFixed(0)} raw`,
      '< 200',
    );
  } finally {
    await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
