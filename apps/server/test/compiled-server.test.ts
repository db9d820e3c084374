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
      { entry: path.join(outdir, 'main.js') },
    );
    url = server.url;
  });

  afterAll(async () => {
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
});
