import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../platform/db.ts';
import { settingsSecretBox } from '../../platform/secrets.ts';
import {
  DEV_S3_ACCESS_KEY_ID,
  DEV_S3_REGION,
  DEV_S3_SECRET_ACCESS_KEY,
  startDevS3,
  type DevS3Server,
} from '../../storage/s3-dev-server.ts';
import { S3Storage, type S3Settings } from '../../storage/s3-storage.ts';
import {
  createPgDatabase,
  dropPgDatabase,
  seedPgliteDataDir,
  testConfig,
} from '../../../test/support.ts';
import { extractArchive } from './backup-archive.ts';
import { restoreBackup, takeBackup } from './backup.service.ts';
import { stageObjects } from './s3-objects.ts';
import { countTables } from './snapshot.repository.ts';

// Issue 36 §1 with STORAGE=s3: a backup lists the bucket's objects, or with the switch copies
// them into the archive; a restore of such an archive puts them back into a new, empty bucket
// (the old one lost with the machine) or, with local storage, into DATA_DIR/files.

const PG = process.env.TEST_DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-bks3-'));
const T = randomUUID();
const U = randomUUID();
/** The bucket's objects: an upload, its thumbnail, a cached received file. */
const objects: Record<string, Buffer> = {
  [`t/${T}/u/${U}/wxid_a/wxid_b/20260101/1-x.txt`]: Buffer.from('发出的文件'),
  [`t/${T}/u/${U}/wxid_a/wxid_b/20260101/1-x.txt.thumb.jpg`]: Buffer.from('thumb'),
  [`t/${T}/media/7-abc.bin`]: Buffer.alloc(70_000, 3),
};
/** A browser upload not yet confirmed: never backed up. */
const incoming = `incoming/t/${T}/u/${U}/x/y/20260101/2-y.txt`;
/**
 * Keys the console never writes but a bucket may hold (put with the bucket's own keys): a tab or
 * a line break would break a line of `s3-objects.tsv`, and the console's store cannot read them.
 * Left out of every backup and named in the manifest.
 */
const oddKeys = [`t/${T}/odd\tname.txt`, `t/${T}/odd\nname.txt`];
/** A slice of a sliced upload never completed: never backed up either. */
const slice = `slices/${T}/${U}/0123456789abcdef0123456789abcdef/0`;

let oldS3: DevS3Server;
let database: Database;
let sourceUrl: string | undefined;
const dbs: string[] = [];

const s3Of = (server: DevS3Server): S3Settings => ({
  endpoint: server.endpoint,
  bucket: server.bucket,
  region: DEV_S3_REGION,
  accessKeyId: DEV_S3_ACCESS_KEY_ID,
  secretAccessKey: DEV_S3_SECRET_ACCESS_KEY,
  publicHost: undefined,
  forcePathStyle: true,
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** An empty PostgreSQL database (no migrations), dropped at the end: its URL. */
async function emptyPg(): Promise<string> {
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  dbs.push(url.toString());
  return url.toString();
}

function sourceConfig() {
  return testConfig({
    dataDir: path.join(dir, 'data'),
    databaseUrl: sourceUrl,
    storage: 's3',
    s3: s3Of(oldS3),
  });
}

beforeAll(async () => {
  oldS3 = await startDevS3({ directory: path.join(dir, 's3-old'), bucket: 'cst-old' });
  const store = new S3Storage(s3Of(oldS3));
  for (const [key, bytes] of Object.entries(objects)) await store.put(key, bytes);
  await store.put(incoming, Buffer.from('not yet'));
  await store.put(slice, Buffer.from('half a file'));
  for (const Key of oddKeys) {
    await store.client.send(
      new PutObjectCommand({ Bucket: oldS3.bucket, Key, Body: Buffer.from('odd') }),
    );
  }
  if (PG) {
    sourceUrl = await createPgDatabase(PG);
    database = await openPostgres(sourceUrl, 2);
  } else {
    await seedPgliteDataDir(path.join(dir, 'data'));
    database = await openPglite(path.join(dir, 'data'));
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
  await oldS3?.close();
  if (PG) {
    for (const url of [...dbs, ...(sourceUrl ? [sourceUrl] : [])]) {
      await dropPgDatabase(PG, url).catch(() => undefined);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup with STORAGE=s3', () => {
  it('lists the objects by default, without copying them', async () => {
    const out = path.join(dir, 'listed.tar.gz');
    const manifest = await takeBackup({ config: sourceConfig(), database, now: Date.now }, out);
    expect(manifest.storage).toEqual({
      kind: 's3',
      files: 3,
      bucket: 'cst-old',
      objects: 'listed',
      skipped: [...oddKeys].sort(),
    });
    const into = fs.mkdtempSync(path.join(dir, 'x-'));
    await extractArchive(out, into);
    expect(fs.readFileSync(path.join(into, 's3-objects.tsv'), 'utf8')).toBe(
      Object.entries(objects)
        .map(([k, b]) => `${k}\t${b.length}\n`)
        .sort()
        .join(''),
    );
    expect(manifest.parts.some((p) => p.path.startsWith('objects/'))).toBe(false);
    // Restoring it names the keys left out (the restore's command prints them).
    const listed = await restoreBackup(
      { dataDir: path.join(dir, 'restored-listed'), databaseUrl: PG ? await emptyPg() : undefined },
      out,
    );
    expect(listed.storage.skipped).toEqual([...oddKeys].sort());
  }, 120_000);

  it('copies them with the switch, and a restore puts them into a new bucket', async () => {
    // A tenant's sealed provider key: its box's key lives in the database, so it travels too.
    const sealed = (await settingsSecretBox(database.db)).seal(
      'sk-提供方',
      `tenant:${T}:ai.apiKey`,
    );
    const out = path.join(dir, 'copied.tar.gz');
    const manifest = await takeBackup({ config: sourceConfig(), database, now: Date.now }, out, {
      copyObjects: true,
    });
    expect(manifest.storage).toMatchObject({
      kind: 's3',
      files: 3,
      objects: 'copied',
      skipped: [...oddKeys].sort(),
    });
    const parts = new Map(manifest.parts.map((p) => [p.path, p.sha256]));
    for (const [key, bytes] of Object.entries(objects)) {
      expect(parts.get(`objects/${key}`)).toBe(sha(bytes));
    }
    expect([...parts.keys()].some((p) => p.includes('incoming') || p.includes('slices'))).toBe(
      false,
    );

    // The machine and the bucket are lost: a new, empty bucket elsewhere.
    const newS3 = await startDevS3({ directory: path.join(dir, 's3-new'), bucket: 'cst-new' });
    try {
      const target = {
        dataDir: path.join(dir, 'restored'),
        databaseUrl: PG ? await emptyPg() : undefined,
        storage: 's3' as const,
        s3: s3Of(newS3),
      };
      await restoreBackup(target, out);
      const store = new S3Storage(s3Of(newS3));
      for (const [key, bytes] of Object.entries(objects)) {
        expect(await store.read(key)).toEqual(bytes);
      }
      const inNew = await store.client.send(new ListObjectsV2Command({ Bucket: newS3.bucket }));
      expect((inNew.Contents ?? []).map((o) => o.Key).sort()).toEqual(Object.keys(objects).sort());
      expect(await store.stat(incoming)).toBeNull();
      expect(await store.stat(slice)).toBeNull();
      const restored = target.databaseUrl
        ? await openPostgres(target.databaseUrl, 1)
        : await openPglite(target.dataDir);
      try {
        expect(await countTables(restored.db)).toEqual(manifest.database.tables);
        const box = await settingsSecretBox(restored.db);
        expect(box.open(sealed, `tenant:${T}:ai.apiKey`)).toBe('sk-提供方');
      } finally {
        await restored.close();
      }

      // Run again into the same bucket (another empty DATA_DIR): what is there stays.
      const again = { ...target, dataDir: path.join(dir, 'restored-2') };
      if (PG) again.databaseUrl = await emptyPg();
      await restoreBackup(again, out);
      expect(await store.read(Object.keys(objects)[0]!)).toEqual(Object.values(objects)[0]);

      // A bucket holding other bytes under one of the keys is refused.
      const key = Object.keys(objects)[2]!;
      await store.delete(key);
      await store.put(key, Buffer.from('other bytes'));
      const third = { ...target, dataDir: path.join(dir, 'restored-3') };
      if (PG) third.databaseUrl = await emptyPg();
      await expect(restoreBackup(third, out)).rejects.toThrow(/already holds .* other bytes/);
      expect(fs.existsSync(third.dataDir)).toBe(false);
    } finally {
      await newS3.close();
    }
  }, 120_000);

  it('restores copied objects into DATA_DIR/files with local storage', async () => {
    const out = path.join(dir, 'copied.tar.gz');
    const target = {
      dataDir: path.join(dir, 'restored-local'),
      databaseUrl: PG ? await emptyPg() : undefined,
      storage: 'local' as const,
    };
    await restoreBackup(target, out);
    for (const [key, bytes] of Object.entries(objects)) {
      expect(fs.readFileSync(path.join(target.dataDir, 'files', ...key.split('/')))).toEqual(bytes);
    }
  }, 120_000);

  it('leaves out keys that would be written outside the archive', async () => {
    // A bucket is shared ground: someone with its keys may put objects the console never
    // writes. The development server normalises `..` and `//` away, as many real ones do not,
    // so its listing is given those keys on top of what it really holds.
    const bucket = await startDevS3({ directory: path.join(dir, 's3-hostile'), bucket: 'cst-h' });
    try {
      const store = new S3Storage(s3Of(bucket));
      await store.put('t/ok/1-a.txt', Buffer.from('good'));
      await store.client.send(
        new PutObjectCommand({ Bucket: 'cst-h', Key: 'a\\..\\win.txt', Body: Buffer.from('bad') }),
      );
      const hostile = ['../up.txt', 'x/../../escape.txt', '/etc/abs.txt', 'nul\0.txt', 'dot/./x'];
      const send = store.client.send.bind(store.client);
      store.client.send = (async (command: unknown) => {
        const page = (await send(command as ListObjectsV2Command)) as {
          Contents?: { Key?: string; Size?: number }[];
        };
        if (command instanceof ListObjectsV2Command) {
          page.Contents = [...(page.Contents ?? []), ...hostile.map((Key) => ({ Key, Size: 3 }))];
        }
        return page;
      }) as typeof store.client.send;
      const get = store.get.bind(store);
      store.get = async (key, range) =>
        hostile.includes(key)
          ? { stream: Readable.from([Buffer.from('bad')]), size: 3 }
          : get(key, range);

      // The staging folder sits two levels below a folder that must stay as it is.
      const root = fs.mkdtempSync(path.join(dir, 'hostile-'));
      const into = path.join(root, 'staging', 'objects');
      fs.mkdirSync(into, { recursive: true });
      const skipped = await stageObjects(store, into);

      expect(skipped.sort()).toEqual([...hostile, 'a\\..\\win.txt'].sort());
      expect(fs.readdirSync(root)).toEqual(['staging']);
      expect(fs.readdirSync(path.join(root, 'staging'))).toEqual(['objects']);
      const staged: string[] = [];
      const walk = (rel: string) => {
        for (const e of fs.readdirSync(path.join(into, rel), { withFileTypes: true })) {
          const p = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) walk(p);
          else staged.push(p);
        }
      };
      walk('');
      expect(staged).toEqual(['t/ok/1-a.txt']);
      expect(fs.readFileSync(path.join(into, 't', 'ok', '1-a.txt'), 'utf8')).toBe('good');
    } finally {
      await bucket.close();
    }
  }, 120_000);
});
