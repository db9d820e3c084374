// The server of an in-process bench, on PGlite or (BENCH_DB=postgres) a throw-away PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_ROLE_PERMISSIONS } from '@cst/shared';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import type { AuthContext } from '../apps/server/src/platform/auth-context.ts';
import { startServer, type Server, type ServerOptions } from '../apps/server/src/server.ts';
import { ROOT } from './lib.ts';
import { BENCH_ENV, BENCH_PASSWORD } from './session.ts';

/** What a bench changes of the in-process server: more environment, more start options. */
export interface InProcessOptions {
  env?: Record<string, string>;
  server?: Omit<ServerOptions, 'logger'>;
}

/**
 * Starts the server in this process with a fresh data folder and, when BENCH_DB=postgres, a
 * PostgreSQL 15 of its own on `pgPort`; `close` stops the server and removes both.
 */
export async function startInProcess(
  pgPort: string,
  opts: InProcessOptions = {},
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
    // No scheduled backup: it would run in the middle of a figure, into the /tmp/backups that
    // every bench on the machine shares (beside its data folder).
    BACKUP_EVERY: 'off',
    ...opts.env,
  });
  const server = await startServer(config, { ...opts.server, logger: { level: 'warn' } });
  return {
    server,
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgDir) postgres('stop', pgDir);
    },
  };
}

/** Logs in as the demo manager: the token for HTTP and the auth context for calling services. */
export async function manager(s: Server): Promise<{ auth: AuthContext; token: string }> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/system-api/auth/login',
    payload: { username: 'demo', password: BENCH_PASSWORD },
  });
  const data = (res.json() as { data: { token: string; user: { uid: string; tenantId: string } } })
    .data;
  return {
    token: data.token,
    auth: {
      userId: data.user.uid,
      username: 'demo',
      nickname: 'demo',
      tenantId: data.user.tenantId,
      role: 'manager',
      roleId: null,
      permissions: new Set(DEFAULT_ROLE_PERMISSIONS.manager),
      tokenId: '',
      expiresAt: Date.now() + 3600_000,
    },
  };
}
