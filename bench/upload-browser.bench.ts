// Issue 5 figures, in Chromium against a fresh server:
// 1. Upload throughput of a 25 MB file through the console's real direct-upload flow (the
//    composer's file button: OSS token, POST policy to /oss-api, then send-file), beside the same
//    25 MB multipart POST sent with fetch from the page to a bare endpoint that only drains the body
//    (the network and browser cost alone), measured in the same run.
// 2. The gzip size of the JavaScript the conversation screen loads to show its first screen (the
//    entry, the InboxPage chunk and what it pulls in), beside the login page's, from the built
//    files the server serves (WEB_DIST, else apps/web/dist).
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { freePort, ROOT, report, startServer, type BenchServer } from './lib.ts';
import { addAccount, BENCH_ENV, call, plantFileCookie, signIn, type Session } from './session.ts';

/** 25 MB (decimal), under the 25 MiB chat-file limit. */
const FILE_BYTES = 25_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PEER = 'wxid_bench_upload_peer';

/** A work account online through the simulator's QR login, with one conversation. */
async function accountWithChat(s: BenchServer, me: Session): Promise<string> {
  const wxid = await addAccount(s, me, '上传基准号');
  await call(
    s,
    '/sim-api/inbound',
    { workWxid: wxid, fromWxid: PEER, talkType: 1, msgType: 1, content: '请把资料发我' },
    me.headers,
  );
  return wxid;
}

/** A 25 MB file whose bytes say PDF (the server checks the type from the bytes). */
function makeFile(dir: string): string {
  const file = path.join(dir, 'bench-25mb.pdf');
  const buf = Buffer.alloc(FILE_BYTES);
  let x = 0x9e3779b9;
  for (let i = 0; i < buf.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buf.writeUInt32LE(x >>> 0, i);
  }
  buf.write('%PDF-1.7\n', 0, 'latin1');
  fs.writeFileSync(file, buf);
  return file;
}

/**
 * A bare endpoint: drains a POST body and answers 200 (the baseline's far end). It runs in a
 * process of its own, as the console server does, so neither shares the bench's event loop.
 */
async function bareEndpoint(): Promise<{ url: string; close: () => void }> {
  const port = await freePort();
  const code = `
    require('node:http').createServer((req, res) => {
      let bytes = 0;
      req.on('data', (c) => (bytes += c.length));
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
          'timing-allow-origin': '*',
        });
        res.end(JSON.stringify({ code: 0, data: { bytes } }));
      });
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare endpoint exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/upload`, close: () => child.kill('SIGTERM') };
}

/** Opens the console signed in, with the session and choices the SPA keeps in storage. */
async function openConsole(
  page: Page,
  s: BenchServer,
  me: Session,
  route: string,
  state: Record<string, string> = {},
) {
  await page.route(`${s.url}/bench-blank`, (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
  await page.goto(`${s.url}/bench-blank`);
  await page.evaluate(
    ({ me, state }) => {
      localStorage.clear();
      sessionStorage.clear();
      if (me) {
        localStorage.setItem(
          'cst.token',
          JSON.stringify({ value: me.token, expiresAt: me.expiresAt }),
        );
        const bytes = new TextEncoder().encode(JSON.stringify(me.user));
        localStorage.setItem('cst.user', btoa(String.fromCharCode(...bytes)));
      }
      for (const [k, v] of Object.entries(state)) sessionStorage.setItem(k, v);
    },
    {
      me: route.startsWith('/auth')
        ? null
        : { token: me.token, expiresAt: me.expiresAt, user: me.user },
      state,
    },
  );
  if (!route.startsWith('/auth')) await plantFileCookie(page, s.url, me.token);
  await page.goto(`${s.url}/#${route}`);
}

/** The script files the page has loaded so far (paths under /assets). */
async function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );
}

/** Gzip sizes (default level, as Vite reports) of built files by their served path. */
function gzipSizes(dist: string, paths: string[]): { file: string; raw: number; gz: number }[] {
  return [...new Set(paths)].map((p) => {
    const data = fs.readFileSync(path.join(dist, p));
    return { file: path.basename(p), raw: data.length, gz: zlib.gzipSync(data).length };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const dist = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`no built SPA in ${dist} (npm run build, or set WEB_DIST)`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-upload-'));
  const filePath = makeFile(tmp);
  const env = { ...BENCH_ENV, TZ: 'UTC', WEB_DIST: dist };
  const s = await startServer(env, path.join(tmp, 'data'));
  const bare = await bareEndpoint();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const me = await signIn(s);
    const wxid = await accountWithChat(s, me);
    const indexName = `1__${PEER}__${wxid}`;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });

    // ---- the login page's JS (baseline) and the conversation screen's first-screen JS ----------
    await openConsole(page, s, me, '/auth/login');
    await page.waitForSelector('[data-testid="login-username"]');
    await page.waitForLoadState('networkidle');
    const loginJs = gzipSizes(dist, await scriptsLoaded(page));
    await openConsole(page, s, me, '/message', {
      'cst.wxAccount': wxid,
      'cst.inbox.mode': 'account',
      'cst.inbox.active': indexName,
    });
    await page.waitForSelector('[data-testid="msg-row"]');
    // What the first screen loads, not what idle prefetching might add later.
    const inboxJs = gzipSizes(dist, await scriptsLoaded(page));
    const total = (l: { gz: number }[]) => l.reduce((a, f) => a + f.gz, 0);
    const rawTotal = (l: { raw: number }[]) => l.reduce((a, f) => a + f.raw, 0);
    report(
      'conversation screen first-screen JS (gzip)',
      kb(total(inboxJs)),
      `${kb(total(loginJs))} login page`,
    );
    report(
      '  uncompressed / files',
      `${kb(rawTotal(inboxJs))} / ${inboxJs.length}`,
      `${kb(rawTotal(loginJs))} / ${loginJs.length}`,
    );
    for (const f of [...inboxJs].sort((a, b) => b.gz - a.gz)) {
      console.log(
        `    ${f.file.padEnd(48)} ${kb(f.gz).padStart(10)} gzip ${kb(f.raw).padStart(10)}`,
      );
    }

    // ---- upload: the composer's direct upload and the bare baseline, taken in turns ----------
    // The baseline: the same file from disk (a file input of its own), the same multipart fields,
    // POSTed with fetch to an endpoint that only drains the body.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bench-file';
      input.style.display = 'none';
      document.body.append(input);
    });
    await page.locator('#bench-file').setInputFiles(filePath);
    const uploadReal = async () => {
      await page.evaluate(() => performance.clearResourceTimings());
      const before = await page.locator('[data-testid="msg-row"][data-side="right"]').count();
      const t0 = Date.now();
      await page.getByTestId('composer-document-input').setInputFiles(filePath);
      // A picked file waits in the preview for the seat's 发送.
      await page.getByTestId('send-preview-send').click();
      await page
        .locator('[data-testid="msg-row"][data-side="right"] [data-testid="bubble-file"]')
        .nth(before)
        .waitFor({ timeout: 120_000 });
      const totalMs = Date.now() - t0;
      const postMs = await page.evaluate(() => {
        const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
          (r) => new URL(r.name).pathname.startsWith('/oss-api'),
        );
        return e ? e.responseEnd - e.startTime : -1;
      });
      if (postMs < 0) throw new Error('no /oss-api upload seen');
      return { postMs, totalMs };
    };
    const uploadBare = () =>
      page.evaluate(
        async ({ url, size }) => {
          const file = document.querySelector<HTMLInputElement>('#bench-file')!.files![0]!;
          const form = new FormData();
          for (const k of ['key', 'OSSAccessKeyId', 'policy', 'signature']) form.set(k, 'x');
          form.set('success_action_status', '200');
          form.set('file', file, file.name);
          performance.clearResourceTimings();
          const res = await fetch(url, { method: 'POST', body: form });
          const body = (await res.json()) as { data: { bytes: number } };
          if (body.data.bytes < size) throw new Error('short upload');
          // Timed as the real upload is: the request's resource timing.
          const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
            (r) => r.name === url,
          )!;
          return e.responseEnd - e.startTime;
        },
        { url: bare.url, size: FILE_BYTES },
      );
    const real: { postMs: number; totalMs: number }[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      real.push(await uploadReal());
      baseline.push(await uploadBare());
    }
    const postMs = median(real.map((r) => r.postMs));
    const totalMs = median(real.map((r) => r.totalMs));
    const bareMs = median(baseline);
    report(
      `25 MB upload, POST policy to /oss-api (MB/s, median of ${RUNS})`,
      mbps(FILE_BYTES, postMs).toFixed(1),
      `${mbps(FILE_BYTES, bareMs).toFixed(1)} bare POST`,
    );
    report('  POST time (ms)', postMs.toFixed(0), `${bareMs.toFixed(0)} bare POST`);
    const list = (v: number[]) => v.map((x) => x.toFixed(0)).join(' ');
    console.log(
      `    POST runs (ms): real ${list(real.map((r) => r.postMs))}, bare ${list(baseline)}`,
    );
    report(
      '  file picked → file bubble sent (ms, MB/s)',
      `${totalMs} / ${mbps(FILE_BYTES, totalMs).toFixed(1)}`,
      '',
    );
    if (problems.length) console.log(`console errors:\n  ${problems.join('\n  ')}`);
  } finally {
    await browser.close();
    bare.close();
    await s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
