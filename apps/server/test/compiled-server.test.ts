import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, killChildren, spawnServer } from './child-server.ts';
import { createPgDatabase, DB_KIND, dropPgDatabase, TEST_PASSWORD } from './support.ts';

// `npm start` runs the server compiled by scripts/build-server.mjs (no tsx): the same server, its
// database thread, migrations and SPA found from the compiled chunks.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SPA_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

describe('the compiled server npm start runs', () => {
  // Inside the repository, where Node finds node_modules from the chunks.
  const outdir = path.join(ROOT, '.tmp', `compiled-server-${process.pid}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-compiled-'));
  const base = process.env.TEST_DATABASE_URL;
  let dbUrl: string | null = null;
  let url = '';

  // Every module the server loads: ES modules as they are resolved, CommonJS ones at exit.
  const loaded = path.join(dir, 'loaded.txt');
  const recorder = path.join(dir, 'record-modules.mjs');
  const hook = `import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  fs.appendFileSync(${JSON.stringify(loaded)}, r.url + '\\n');
  return r;
}`;
  fs.writeFileSync(
    recorder,
    `import fs from 'node:fs';
import { createRequire, register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));
process.on('exit', () =>
  fs.appendFileSync(${JSON.stringify(loaded)}, Object.keys(createRequire(import.meta.url).cache).join('\\n')),
);
`,
  );
  let stop = async () => {};

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', outdir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    dbUrl = DB_KIND === 'postgres' && base ? await createPgDatabase(base) : null;
    const server = await spawnServer(
      { DATA_DIR: path.join(dir, 'data'), ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) },
      await freePort(),
      path.join(dir, 'server.log'),
      { node: ['--import', recorder, path.join(outdir, 'main.js')] },
    );
    url = server.url;
    stop = async () => {
      if (server.child.exitCode !== null) return;
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    };
  });

  afterAll(async () => {
    await stop();
    killChildren();
    fs.rmSync(outdir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    if (dbUrl && base) await dropPgDatabase(base, dbUrl);
  });

  it('migrates, signs the demo manager in and answers from the database', async () => {
    const login = await fetch(`${url}/system-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as {
      data: { token: string; user: { tenantId: string } };
    };
    const me = await fetch(`${url}/system-api/auth/me`, {
      headers: { 'cst-token': data.token, 'cst-id': data.user.tenantId },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: unknown }).data).toMatchObject({ role: 'manager' });
  });

  it.skipIf(!fs.existsSync(SPA_INDEX))('serves the built SPA', async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(fs.readFileSync(SPA_INDEX, 'utf8'));
  });

  it('loads at start none of the libraries only some requests use', async () => {
    await stop();
    const modules = fs.readFileSync(loaded, 'utf8');
    // The recording works: the web framework is there.
    expect(modules).toMatch(/node_modules\/fastify\//);
    // The S3 client (STORAGE=s3 only), SheetJS (.xls), the captcha's font, spreadsheets,
    // pictures and login codes load on first use (docs/performance.md).
    const onDemand = ['@aws-sdk', '@e965/xlsx', 'svg-captcha', 'exceljs', 'sharp', 'qrcode'];
    // node-postgres's client and pool, on PostgreSQL only.
    if (DB_KIND === 'pglite') onDemand.push('pg-pool', 'pg-protocol');
    for (const lib of onDemand) {
      expect(modules).not.toContain(`node_modules/${lib}/`);
    }
  });
});
