// The server of an in-process bench, on PGlite or (BENCH_DB=postgres) a throw-away PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { startServer, type Server } from '../apps/server/src/server.ts';
import { ROOT } from './lib.ts';
import { BENCH_ENV } from './session.ts';

/**
 * Starts the server in this process with a fresh data folder and, when BENCH_DB=postgres, a
 * PostgreSQL 15 of its own on `pgPort`; `close` stops the server and removes both.
 */
export async function startInProcess(
  pgPort: string,
): Promise<{ server: Server; close: () => Promise<void> }> {
  const usePg = process.env.BENCH_DB === 'postgres';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-'));
  const pgDir = usePg ? fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bench-pg-')) : null;
  const postgres = (...args: string[]) =>
    execFileSync(path.join(ROOT, 'scripts/postgres.sh'), args, { encoding: 'utf8' });
  const databaseUrl = pgDir ? postgres('start', pgDir, pgPort).trim().split('\n').pop() : '';
  console.log(`database: ${usePg ? 'PostgreSQL 15' : 'PGlite'}`);
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ...BENCH_ENV,
    SIM_TRAFFIC: '0',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config, { logger: { level: 'warn' } });
  return {
    server,
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgDir) postgres('stop', pgDir);
    },
  };
}
