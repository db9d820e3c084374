import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { TEST_PASSWORD } from './support.ts';

// The console server as `npm start` runs it, in child processes a test can `kill -9` (the
// exactly-once tests of fan tasks and mass sends), with a signed-in client and a poll helper.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];

/** Kills every child server still running (a test file's afterAll). */
export function killChildren(): void {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * Starts a server on `port` with `env` (its output appended to `log`); resolves once healthy.
 * `accountLeaseMs` shortens the work-account leases (30 s): a server killed with kill -9 gets
 * its accounts back on its next start once they lapse. Only for a single instance: between two
 * live instances a short lease moves accounts whenever a loaded machine stalls one of them.
 */
export async function spawnServer(
  env: Record<string, string>,
  port: number,
  log: string,
  opts: {
    leaseMs?: number;
    startMs?: number;
    accountLeaseMs?: number;
    clock?: boolean;
    /**
     * Node's arguments in place of the TypeScript sources with tsx: a compiled main.js
     * (scripts/build-server.mjs), after any options.
     */
    node?: string[];
  } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const out = fs.openSync(log, 'a');
  const args = opts.node ?? ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: TEST_PASSWORD,
      DEMO_PASSWORD: TEST_PASSWORD,
      SIM_TRAFFIC: '0',
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      SCHEDULER_POLL_MS: '200',
      SCHEDULER_LEASE_MS: String(opts.leaseMs ?? 1500),
      ...(opts.accountLeaseMs ? { ACCOUNT_LEASE_MS: String(opts.accountLeaseMs) } : {}),
      // The test clock (platform/test-clock.ts), moved over the IPC channel by `advance`.
      ...(opts.clock ? { CST_TEST_CLOCK: 'ipc' } : {}),
      ...env,
    },
    stdio: opts.clock ? ['ignore', out, out, 'ipc'] : ['ignore', out, out],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited; see ${log}`);
    if (Date.now() > deadline) throw new Error(`server did not start; see ${log}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((r) => setTimeout(r, 200));
  }
}

let advances = 0;
/**
 * Moves the clock of a server started with `clock: true` forward; resolves once it moved and
 * what became due ran (the scheduler drained).
 */
export function advance(child: ChildProcess, ms: number): Promise<void> {
  const id = ++advances;
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const reply = m as { type?: string; id?: number; error?: string };
      if (reply.type !== 'clock.advanced' || reply.id !== id) return;
      child.off('message', onMessage);
      if (reply.error) reject(new Error(reply.error));
      else resolve();
    };
    child.on('message', onMessage);
    child.send({ type: 'clock.advance', id, ms });
  });
}

/** `kill -9`, resolved once the process is gone. */
export async function kill9(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
}

/** A client of a child server signed in as the demo manager: POSTs, throws on non-200. */
export async function client(url: string) {
  const login = await fetch(`${url}/system-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: TEST_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return async <T>(route: string, body: unknown): Promise<T> => {
    const res = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cst-token': data.token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (res.status !== 200) throw new Error(`${route}: ${res.status} ${json.message}`);
    return json.data;
  };
}

export type Call = Awaited<ReturnType<typeof client>>;

/** Polls `check` until it answers something (errors count as not yet), or fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Adds a work account through the simulator's QR scan and waits until it is online. */
export async function onlineAccount(call: Call, nickname: string): Promise<string> {
  const { loginId } = await call<{ loginId: string }>('/main-api/acc/qr-login-code', {});
  const { wxid } = await call<{ wxid: string }>('/sim-api/qr/scan', {
    loginId,
    confirm: true,
    nickname,
  });
  await until(async () => {
    const r = await call<{ list: { wxid: string; status: string }[] }>('/main-api/acc/all', {
      keyword: wxid,
    });
    return r.list.find((a) => a.wxid === wxid && a.status === 'online');
  }, 30_000);
  return wxid;
}
