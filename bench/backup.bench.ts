// Issue 36 figures: a backup taken while messages arrive. Inbound messages (the simulator's
// ingest) at 200 msg/s for 10 s, first with no backup (the baseline), then while backups of the
// same server run one after another (on PGlite each pauses the database for its snapshot):
// messages stored per second from the first sent to the last stored, how long after the last
// was sent it was stored, the backups taken and the longest. The test (modules/backup/backup.running.test.ts) asserts that
// messages keep being stored and none is lost; the rate is a figure, here. BENCH_DB=postgres
// runs it on a throw-away PostgreSQL (scripts/postgres.sh; pg_dump must be found).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Server } from '../apps/server/src/server.ts';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import { takeBackup } from '../apps/server/src/modules/backup/backup.service.ts';
import { report } from './lib.ts';
import { manager, startInProcess } from './in-process.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function post<T>(s: Server, url: string, token: string, body: unknown): Promise<T> {
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { 'cst-token': token },
    payload: body as object,
  });
  const json = res.json() as { code: number; message?: string; data: T };
  if (res.statusCode !== 200) throw new Error(`${url}: ${json.message}`);
  return json.data;
}

async function onlineAccount(s: Server, token: string): Promise<string> {
  const code = await post<{ loginId: string }>(s, '/main-api/acc/qr-login-code', token, {});
  const { wxid } = await post<{ wxid: string }>(s, '/sim-api/qr/scan', token, {
    loginId: code.loginId,
    confirm: true,
    nickname: '备份压测号',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await post<{ list: { wxid: string; status: string }[] }>(
      s,
      '/main-api/acc/all',
      token,
      { keyword: wxid },
    );
    if (list.list.some((a) => a.wxid === wxid && a.status === 'online')) return wxid;
    if (Date.now() > deadline) throw new Error('the account did not come online');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function storedOf(s: Server, phase: string): Promise<number> {
  const [r] = rowsOf<{ n: number | string }>(
    await s.deps.db.execute(
      sql`select count(*) as n from messages where content like ${`bench ${phase} %`}`,
    ),
  );
  return Number(r!.n);
}

interface Phase {
  /** Messages stored per second, from the first sent to the last stored. */
  rate: number;
  /** How long after the last was sent the last one was stored (ms). */
  lagMs: number;
  backups: number;
  longestMs: number;
}

/**
 * Sends RATE msg/s for `seconds` and waits until all are stored; with `backups`, takes backups
 * one after another meanwhile.
 */
async function phase(
  s: Server,
  wxid: string,
  name: string,
  seconds: number,
  backups: boolean,
): Promise<Phase> {
  const sim = s.accounts.gateway.simulator!;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-backup-'));
  let running = true;
  let taken = 0;
  let longestMs = 0;
  const backing = (async () => {
    while (backups && running) {
      const t = performance.now();
      const file = path.join(out, `b${taken}.tar.gz`);
      await takeBackup(s.deps, file);
      longestMs = Math.max(longestMs, performance.now() - t);
      fs.rmSync(file);
      taken += 1;
    }
  })();
  const count = RATE * seconds;
  const t0 = performance.now();
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      sim.inbound({
        workWxid: wxid,
        fromWxid: `wxid_bkbench_${i % 40}`,
        talkType: 1,
        msgType: 1,
        content: `bench ${name} ${i}`,
      }),
    );
  }
  const sentAt = performance.now();
  await Promise.all(inflight);
  const deadline = Date.now() + 300_000;
  while ((await storedOf(s, name)) < count) {
    if (Date.now() > deadline) throw new Error(`${name}: not all messages were stored`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const end = performance.now();
  running = false;
  await backing;
  fs.rmSync(out, { recursive: true, force: true });
  return { rate: count / ((end - t0) / 1000), lagMs: end - sentAt, backups: taken, longestMs };
}

const { server, close } = await startInProcess(process.env.BENCH_PG_PORT ?? '54436');
try {
  const { token } = await manager(server);
  const wxid = await onlineAccount(server, token);
  // A first second creates the chats; then the same load without and with backups.
  await phase(server, wxid, 'warm', 1, false);
  const base = await phase(server, wxid, 'base', SECONDS, false);
  const during = await phase(server, wxid, 'backup', SECONDS, true);
  console.log(`${RATE} msg/s for ${SECONDS} s`);
  report('stored msg/s while backups run', during.rate.toFixed(0), `${base.rate.toFixed(0)} none`);
  report(
    'last stored after the last sent (ms)',
    during.lagMs.toFixed(0),
    `${base.lagMs.toFixed(0)} none`,
  );
  report('backups taken meanwhile', String(during.backups), '-');
  report('longest backup (ms)', during.longestMs.toFixed(0), '-');
} finally {
  await close();
}
