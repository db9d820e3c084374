import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OssTokenPayload } from '@cst/shared';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, rowsOf } from '../../platform/db.ts';
import { startServer } from '../../server.ts';
import {
  createPgDatabase,
  dropPgDatabase,
  seedPgliteDataDir,
  TEST_PASSWORD,
  testConfig,
  useTempDir,
} from '../../../test/support.ts';
import {
  client,
  freePort,
  kill9,
  killChildren,
  onlineAccount,
  spawnServer,
  until,
  type Call,
} from '../../../test/child-server.ts';
import { extractArchive, type Manifest } from './backup-archive.ts';
import { countTables } from './snapshot.repository.ts';

// Issue 36: `npm run backup` against a real running server that keeps taking messages, the
// archive restored by `npm run restore` into a fresh folder (and database), checked against its
// manifest, and a server started on it; then kill -9 in the middle of a backup.

const PG = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

const dir = useTempDir('cst-bk-');
let dataDir: string;
let serverUrl: string;
let server: Awaited<ReturnType<typeof spawnServer>>;
let call: Call;
let sourceDb: string | undefined;
const emptyDbs: string[] = [];

/** An empty PostgreSQL database on the test server (no migrations): its URL. */
async function emptyPgDatabase(): Promise<string> {
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  emptyDbs.push(url.toString());
  return url.toString();
}

/** Runs a root script's command (`backup`, `restore`) as `npm run` would; its exit and output. */
function runCli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): { done: Promise<{ code: number | null; out: string }>; pid: number } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/modules/backup/${script}.cli.ts`, ...args],
    { cwd: ROOT, env: { ...process.env, TZ: 'UTC', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return {
    pid: child.pid!,
    done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, out }))),
  };
}

/** Uploads a small file through the signed form, as the SPA does; its storage key. */
async function upload(token: string, bytes: Buffer): Promise<string> {
  const res = await fetch(`${serverUrl}/main-api/oss/token`, { headers: { 'cst-token': token } });
  const t = JSON.parse(
    ((await res.json()) as { data: { token: string } }).data.token,
  ) as OssTokenPayload;
  const key = `${t.dir}wxid_acc/wxid_c/20250101/${Date.now()}-${randomUUID()}.txt`;
  const form = new FormData();
  form.set('key', key);
  form.set('OSSAccessKeyId', t.accessid);
  form.set('policy', t.policy);
  form.set('signature', t.signature);
  form.set('success_action_status', '200');
  form.set('file', new Blob([bytes], { type: 'text/plain' }), 'note.txt');
  const up = await fetch(`${serverUrl}/oss-api`, { method: 'POST', body: form });
  expect(up.status).toBe(200);
  return key;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

beforeAll(async () => {
  dataDir = path.join(dir, 'data');
  if (PG) sourceDb = await createPgDatabase(PG);
  else await seedPgliteDataDir(dataDir);
  const port = await freePort();
  server = await spawnServer(
    {
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dir, 'backups'),
      BACKUP_EVERY: 'off',
      ...(sourceDb ? { DATABASE_URL: sourceDb } : {}),
    },
    port,
    path.join(dir, 'server.log'),
  );
  serverUrl = server.url;
  call = await client(serverUrl);
}, 120_000);

afterAll(async () => {
  killChildren();
  if (PG) {
    for (const url of [...emptyDbs, ...(sourceDb ? [sourceDb] : [])]) {
      await dropPgDatabase(PG, url).catch(() => undefined);
    }
  }
});

describe('a backup of a running server', () => {
  it('holds every row and file as its manifest says, and restores into a server', async () => {
    const wxid = await onlineAccount(call, '备份号');
    const login = await fetch(`${serverUrl}/system-api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await upload(token, Buffer.from('备份里的文件 one'));
    await upload(token, Buffer.from('备份里的文件 two'));

    // Messages keep arriving before, during and after the backup, one after another.
    let sending = true;
    let sent = 0;
    const traffic = (async () => {
      while (sending) {
        await call('/sim-api/inbound', {
          workWxid: wxid,
          fromWxid: `wxid_bkpeer${sent % 4}`,
          talkType: 1,
          msgType: 1,
          content: `消息 ${sent}`,
        });
        sent += 1;
      }
    })();
    /** How many of them the server has stored: nobody reads them, so the chats' unread sum. */
    const stored = async () => {
      const r = await call<{ list: { unRead: number }[] }>('/main-api/conv/list', {
        workWxid: wxid,
        pageSize: 500,
      });
      return r.list.reduce((n, c) => n + c.unRead, 0);
    };
    await until(async () => ((await stored()) >= 10 ? true : undefined), 30_000);

    // The backup begins when its staging folder appears (in the server on PGlite, in the
    // command on PostgreSQL) and ends when the command exits: the stored count is read at both.
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    const archive = path.join(out, 'backup.tar.gz');
    let atStart: Promise<number> | undefined;
    const began = new Promise<void>((resolve) => {
      const watcher = fs.watch(out, (_event, name) => {
        if (!atStart && name?.startsWith('.backup.tar.gz.') && name.endsWith('.d')) {
          atStart = stored();
          watcher.close();
          resolve();
        }
      });
    });
    const env = { DATA_DIR: dataDir, ...(sourceDb ? { DATABASE_URL: sourceDb } : {}) };
    const taken = await runCli('backup', ['--out', archive], env).done;
    await began;
    const storedAtStart = await atStart!;
    const storedAtEnd = await stored();
    sending = false;
    await traffic;
    expect(taken.out).toContain('Backup written');
    expect(taken.code).toBe(0);
    if (!PG) expect(taken.out).toContain('Taken by the running server');
    // Messages kept being stored while the backup ran, and every one the server answered for
    // is stored in the end: the backup lost none on the running server.
    expect(storedAtEnd).toBeGreaterThan(storedAtStart);
    await until(async () => ((await stored()) === sent ? true : undefined), 60_000);

    const check = fs.mkdtempSync(path.join(dir, 'check-'));
    const manifest: Manifest = await extractArchive(archive, check);
    expect(manifest.storage.files).toBe(2);

    // Restored into a fresh folder (and database).
    const restoredDir = path.join(dir, 'restored');
    const target = PG ? await emptyPgDatabase() : undefined;
    const restoreEnv = { DATA_DIR: restoredDir, ...(target ? { DATABASE_URL: target } : {}) };
    const restored = await runCli('restore', [archive], restoreEnv).done;
    expect(restored.out).toContain('every part matched');
    expect(restored.code).toBe(0);

    for (const part of manifest.parts.filter((p) => p.path.startsWith('files/'))) {
      expect(sha256(path.join(restoredDir, ...part.path.split('/')))).toBe(part.sha256);
    }
    const db = target ? await openPostgres(target, 1) : await openPglite(restoredDir);
    try {
      expect(await countTables(db.db)).toEqual(manifest.database.tables);
      // The snapshot is one instant of the backup: it holds every message stored before the
      // backup began, none stored after it ended. Each restored message of the stream was sent,
      // once, and none is missing in between: they are its first ones, in the order sent.
      const contents = rowsOf<{ content: string }>(
        await db.db.execute(
          sql`select content from messages where content like ${'消息 %'} order by id`,
        ),
      ).map((r) => r.content);
      expect(contents.length).toBeGreaterThanOrEqual(storedAtStart);
      expect(contents.length).toBeLessThanOrEqual(storedAtEnd);
      expect(contents).toEqual(Array.from({ length: contents.length }, (_, i) => `消息 ${i}`));
    } finally {
      await db.close();
    }

    // A server starts on it and the demo manager signs in.
    const started = await startServer(
      testConfig({
        dataDir: restoredDir,
        databaseUrl: target,
        port: 0,
        backup: { dir: path.join(dir, 'restored-backups'), everyMs: null, keep: 7 },
      }),
      {},
    );
    try {
      const res = await started.app.inject({
        method: 'POST',
        url: '/system-api/auth/login',
        payload: { username: 'demo', password: TEST_PASSWORD },
      });
      expect(res.json()).toMatchObject({ code: 200 });
    } finally {
      await started.stop();
    }
  }, 180_000);

  it('leaves no archive under its final name when killed with -9 mid-way', async () => {
    const out = path.join(dir, 'killed');
    const archive = path.join(out, 'backup.tar.gz');
    const env = { DATA_DIR: dataDir, ...(sourceDb ? { DATABASE_URL: sourceDb } : {}) };
    // On PostgreSQL the command takes the backup itself: a session holding the migrations
    // table's lock keeps its snapshot waiting (it reads that table first, after making its
    // staging folder), so the kill lands mid-way however fast the backup would otherwise be.
    const holder = sourceDb ? new pg.Client({ connectionString: sourceDb }) : null;
    if (holder) {
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
    }
    try {
      const cli = runCli('backup', ['--out', archive], env);
      let early: { code: number | null; out: string } | null = null;
      void cli.done.then((r) => (early = r));
      // The staging folder appears as the backup starts; the archive only at its end. A command
      // that ends first fails the test at once, with what it printed.
      await until(
        async () =>
          early ||
          (fs.existsSync(out) && fs.readdirSync(out).some((n) => n.startsWith('.backup.tar.gz.')))
            ? true
            : undefined,
        60_000,
      );
      expect(early, JSON.stringify(early)).toBeNull();
      expect(fs.existsSync(archive)).toBe(false);
      // On PGlite the server takes the backup; on PostgreSQL the command itself does.
      if (PG) process.kill(cli.pid, 'SIGKILL');
      else await kill9(server.child);
      const ended = await cli.done;
      expect(ended.code).not.toBe(0);
      expect(fs.existsSync(archive)).toBe(false);
    } finally {
      await holder?.query('rollback');
      await holder?.end();
    }
    expect(fs.existsSync(archive)).toBe(false);
  }, 120_000);
});
