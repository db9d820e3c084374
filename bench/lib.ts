import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

/** Prints one figure beside its baseline. */
export function report(name: string, value: string, baseline: string, goal = ''): void {
  console.log(
    `${name.padEnd(44)} ${value.padStart(14)}   baseline ${baseline.padStart(12)}${goal ? `   goal ${goal}` : ''}`,
  );
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * How a bench's server runs: as `npm start` runs it, the compiled apps/server/dist/main.js (built
 * by scripts/build-server.mjs; `node scripts/bench.mjs` builds it before the benches, and it is
 * built here when missing), or with `BENCH_SERVER=tsx` from the TypeScript sources with tsx, as
 * it ran before, to compare the two in one run.
 */
export function serverCommand(mode = process.env.BENCH_SERVER ?? 'dist'): string[] {
  if (mode === 'tsx') return ['--import', 'tsx', 'apps/server/src/main.ts'];
  // Node's options as the start script gives them (`… && exec node <options> apps/server/dist/main.js`).
  const start = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start;
  const options = /exec node (.*)apps\/server\/dist\/main\.js$/.exec(start)?.[1]?.trim();
  if (options === undefined) throw new Error(`unexpected start script: ${start}`);
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) {
    const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (b.status !== 0) throw new Error('scripts/build-server.mjs failed');
  }
  return [...(options ? options.split(/\s+/) : []), main];
}

/** A console server process with a fresh data folder. */
export interface BenchServer {
  child: ChildProcess;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Waits until a URL answers 200. */
export async function waitReady(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
}

/** Starts the console server (as `npm start` runs it) on a free port. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<BenchServer> {
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-'));
  const child = spawn(process.execPath, serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SIM_TRAFFIC: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // BENCH_READY_MS: a longer wait for a start on a loaded machine.
  await waitReady(`${url}/healthz`, child, Number(process.env.BENCH_READY_MS ?? 60_000));
  return {
    child,
    url,
    dataDir: dir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
