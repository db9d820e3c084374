import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isSafeKey, type ObjectStorage } from '../../storage/object-storage.ts';
import { s3Sdk, type S3Storage } from '../../storage/s3-storage.ts';
import { BackupError, listFiles } from './backup-archive.ts';

// With STORAGE=s3 the stored files are objects of a bucket. A backup lists them (the archive's
// `s3-objects.tsv`: key and size), or with BACKUP_S3_OBJECTS=copy / `--copy-objects` copies them
// into the archive under `objects/<key>`; a restore puts copied objects back into the bucket of
// its own settings (a new, empty one after the old was lost) or, with local storage, into
// DATA_DIR/files (docs/operations.md).

/** The archive's list of the bucket's objects (list mode): `key<TAB>size` lines, sorted. */
export const OBJECT_LIST = 's3-objects.tsv';
/** The archive's folder of copied objects (copy mode). */
export const OBJECTS_DIR = 'objects';
/**
 * Never part of a backup: browser uploads not yet confirmed (modules/files' INCOMING_PREFIX) and
 * the slices of sliced uploads not yet completed (its SLICES_PREFIX; swept after a day, and a
 * restore could not complete them: the browser starts such an upload again).
 */
const TRANSIENT_PREFIXES = ['incoming/', 'slices/'];

/** Every object of the bucket but unconfirmed uploads (`incoming/`, `slices/`): key and size. */
export async function* bucketObjects(
  store: S3Storage,
): AsyncGenerator<{ key: string; size: number }> {
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new (s3Sdk().ListObjectsV2Command)({
        Bucket: store.settings.bucket,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) {
      if (!o.Key || o.Key.endsWith('/')) continue;
      if (TRANSIENT_PREFIXES.some((p) => o.Key!.startsWith(p))) continue;
      yield { key: o.Key, size: o.Size ?? 0 };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** A tab, a line break or another control character (C0 or DEL). */
// eslint-disable-next-line no-control-regex -- control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Writes the list of the bucket's objects into `into/s3-objects.tsv`: how many are listed, and
 * the keys left out. A key holding a tab or a line break would break its line (and one holding
 * another control character could play tricks on the terminal that shows the file), so a key
 * with any control character is left out and returned, to be named in the manifest
 * (`storage.skipped`, JSON) like the keys a copy leaves out. The console never writes such keys
 * (`isSafeKey`).
 */
export async function listObjectsInto(
  store: S3Storage,
  into: string,
): Promise<{ listed: number; skipped: string[] }> {
  const lines: string[] = [];
  const skipped: string[] = [];
  for await (const o of bucketObjects(store)) {
    if (CONTROL.test(o.key)) skipped.push(o.key);
    else lines.push(`${o.key}\t${o.size}`);
  }
  lines.sort();
  await fsp.writeFile(path.join(into, OBJECT_LIST), lines.map((l) => `${l}\n`).join(''));
  return { listed: lines.length, skipped };
}

/**
 * Downloads the bucket's objects into `into` (`<key>` below it), skipping those already there.
 * Objects never change once written, so, as with local files, one pass before the database
 * snapshot and one after leave every object the snapshot refers to in the backup.
 *
 * A bucket's keys are any text: one that is not a safe file name (a `..` segment, a leading `/`,
 * a backslash, NUL — see `safeName`, the restore's own check) would be written outside `into`,
 * and one with a tab, a line break or another control character (or over 512 characters) cannot
 * be read or written back by the console's store: each such key (not `isSafeKey`) is left out
 * and returned. The console never writes such keys. Each object
 * is downloaded beside `into`, not inside it, then renamed into place: no other key can collide
 * with its temporary name.
 */
export async function stageObjects(store: S3Storage, into: string): Promise<string[]> {
  const skipped: string[] = [];
  for await (const { key } of bucketObjects(store)) {
    if (!isSafeKey(key)) {
      skipped.push(key);
      continue;
    }
    const target = path.join(into, ...key.split('/'));
    if (fs.existsSync(target)) continue;
    const obj = await store.get(key);
    if (!obj) continue; // deleted since the listing
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${into}.${randomUUID()}.part`;
    try {
      await pipeline(obj.stream, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      await fsp.rename(tmp, target);
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }
  return skipped;
}

/**
 * Puts the objects of an extracted archive (`from`, `<key>` below it) into a bucket: those it
 * lacks are written; one it holds with the same size is left as it is (a restore into the bucket
 * that survived, or run again). An object of the same key and another size refuses the restore
 * before anything is written. Returns how many were written and how many were there already.
 */
export async function putObjectsBack(
  store: ObjectStorage,
  from: string,
): Promise<{ written: number; present: number }> {
  const keys = await listFiles(from);
  const missing: string[] = [];
  for (const key of keys) {
    const size = (await fsp.stat(path.join(from, ...key.split('/')))).size;
    const there = await store.stat(key);
    if (!there) missing.push(key);
    else if (there.size !== size) {
      throw new BackupError(
        `the bucket already holds ${key} with other bytes (${there.size} bytes, the backup's ` +
          `${size}): restore into a new, empty bucket`,
      );
    }
  }
  for (const key of missing) {
    await store.put(key, fs.createReadStream(path.join(from, ...key.split('/'))));
  }
  return { written: missing.length, present: keys.length - missing.length };
}
