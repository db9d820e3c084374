import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { dirHeader, END, filePadding, fileHeader, readTar, TruncatedError } from './tar.ts';

/** The archive's description of itself (`manifest.json`, the last entries of the archive). */
export interface Manifest {
  format: 1;
  product: 'cst-console';
  /** The product version that wrote it. */
  version: string;
  createdAt: string;
  /** The scheduler's run that took it (`backup_runs.key`), when one did. */
  run?: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** Migrations applied and the newest one (its tag and time). */
    migrations: number;
    lastMigration: { tag: string | null; when: number } | null;
    /** Rows per table of the public schema, as the snapshot holds them. */
    tables: Record<string, number>;
  };
  storage: {
    kind: 'local' | 's3';
    /**
     * Stored files: in the archive under `files/` (local storage) or `objects/` (S3, copied), or
     * listed in `s3-objects.tsv` (S3, listed).
     */
    files: number;
    /** With S3: the bucket. */
    bucket?: string;
    /** With S3: whether the archive holds the objects (`copied`) or only their list. */
    objects?: 'listed' | 'copied';
    /**
     * With S3: keys of the bucket left out. Copied, those the console's store cannot read or
     * write back (`isSafeKey`: `..` segments, a leading `/`, backslashes, control characters);
     * listed, those with a control character (a tab or a line break would break their line of
     * `s3-objects.tsv`). The console never writes such keys.
     */
    skipped?: string[];
  };
  /** Every other entry of the archive: its path, size and SHA-256 (hex). */
  parts: { path: string; size: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
/** The SHA-256 of manifest.json's bytes: a damaged manifest is told from a damaged part. */
export const MANIFEST_SUM = 'manifest.sha256';

/** A backup or restore refused or failed for a reason the operator can act on. */
export class BackupError extends Error {}

/** The files under `dir` (relative paths with `/`), sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  return (await listTree(dir)).files;
}

/** The files and the folders under `dir` (relative paths with `/`), sorted. */
export async function listTree(dir: string): Promise<{ files: string[]; dirs: string[] }> {
  const files: string[] = [];
  const dirs: string[] = [];
  const walk = async (rel: string) => {
    const entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const e of entries) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        dirs.push(p);
        await walk(p);
      } else if (e.isFile()) files.push(p);
    }
  };
  if (fs.existsSync(dir)) await walk('');
  return { files: files.sort(), dirs: dirs.sort() };
}

/** Flushes a file or folder to the disk. */
export async function fsyncPath(p: string, flags = 'r'): Promise<void> {
  const fh = await fsp.open(p, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Writes the files of `staging` and the manifest (without its parts, which this fills) as a
 * gzipped tar at `out`. The archive is written under a temporary name, flushed to disk, then
 * renamed: `out` exists only once complete, whatever happens meanwhile (kill -9 included).
 */
export async function writeArchive(
  staging: string,
  manifest: Omit<Manifest, 'parts'>,
  out: string,
): Promise<Manifest> {
  const tmp = path.join(path.dirname(out), `.${path.basename(out)}.${randomUUID()}.part`);
  const gzip = zlib.createGzip({ level: 1 });
  const file = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  const written = pipeline(gzip, file);
  // The file may fail (its folder removed, the disk full) while the loop below awaits something
  // else: noted at once — an unhandled rejection would end the server — and thrown at the next
  // write; a write waiting for 'drain' (never coming once the pipeline failed) stops waiting.
  let failed: unknown = null;
  const settled = written.then(
    () => undefined,
    (err: unknown) => {
      failed = err ?? new Error('the backup archive could not be written');
    },
  );
  const write = async (chunk: Buffer) => {
    if (failed) throw failed;
    if (!gzip.write(chunk)) {
      await Promise.race([new Promise((r) => gzip.once('drain', r)), settled]);
    }
    if (failed) throw failed;
  };
  const parts: Manifest['parts'] = [];
  try {
    const tree = await listTree(staging);
    // Folders first: PostgreSQL needs its empty ones (pg_notify, pg_tblspc…).
    for (const rel of tree.dirs) await write(dirHeader(rel));
    for (const rel of tree.files) {
      const abs = path.join(staging, rel);
      const { size, mtimeMs } = await fsp.stat(abs);
      await write(fileHeader(rel, size, mtimeMs));
      const hash = createHash('sha256');
      let seen = 0;
      for await (const chunk of fs.createReadStream(abs) as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > size) break;
        hash.update(chunk);
        await write(chunk);
      }
      if (seen !== size) throw new Error(`${rel} changed while it was archived`);
      await write(filePadding(size));
      parts.push({ path: rel, size, sha256: hash.digest('hex') });
    }
    const full: Manifest = { ...manifest, parts };
    const body = Buffer.from(JSON.stringify(full, null, 2));
    const sum = Buffer.from(`${sha256(body)}\n`);
    for (const [name, bytes] of [
      [MANIFEST, body],
      [MANIFEST_SUM, sum],
    ] as const) {
      await write(fileHeader(name, bytes.length));
      await write(bytes);
      await write(filePadding(bytes.length));
    }
    await write(END);
    gzip.end();
    await written;
    await fsyncPath(tmp);
    await fsp.rename(tmp, out);
    await fsyncPath(path.dirname(out));
    return full;
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A relative `/`-separated name that stays inside the folder it is written under: no empty, `.`
 * or `..` segment, no leading `/`, backslash or NUL. Every name a restore extracts and every
 * object key a backup copies passes it.
 */
export function safeName(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((p) => p !== '' && p !== '.' && p !== '..');
}

/**
 * Extracts an archive into `into` (an empty folder) and checks it whole: the manifest's own sum,
 * then every part present with its size and SHA-256, and nothing else. Returns the manifest;
 * throws a {@link BackupError} saying what is wrong with the archive.
 */
export async function extractArchive(file: string, into: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const small = new Map<string, Buffer>();
  try {
    await readTar(
      fs.createReadStream(file).pipe(zlib.createGunzip()),
      async ({ name, size }, body) => {
        if (!safeName(name)) throw new BackupError(`the archive holds an unsafe name: ${name}`);
        const hash = createHash('sha256');
        if (name === MANIFEST || name === MANIFEST_SUM) {
          const chunks: Buffer[] = [];
          for await (const c of body as AsyncIterable<Buffer>) chunks.push(c);
          small.set(name, Buffer.concat(chunks));
          return;
        }
        const target = path.join(into, ...name.split('/'));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await pipeline(
          body,
          new Transform({
            transform(chunk: Buffer, _e, done) {
              hash.update(chunk);
              done(null, chunk);
            },
          }),
          fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }),
        );
        seen.set(name, { size, sha256: hash.digest('hex') });
      },
      async (name) => {
        if (!safeName(name)) throw new BackupError(`the archive holds an unsafe name: ${name}`);
        await fsp.mkdir(path.join(into, ...name.split('/')), { recursive: true, mode: 0o700 });
      },
    );
  } catch (err) {
    if (err instanceof BackupError) throw err;
    if (err instanceof TruncatedError || (err as { code?: string }).code === 'Z_BUF_ERROR') {
      throw new BackupError(`${file} is truncated: it ends before the archive does`);
    }
    throw new BackupError(`${file} is damaged: ${(err as Error).message}`);
  }
  return checkManifest(file, small, seen);
}

function checkManifest(
  file: string,
  small: Map<string, Buffer>,
  seen: Map<string, { size: number; sha256: string }>,
): Manifest {
  const body = small.get(MANIFEST);
  const sum = small.get(MANIFEST_SUM);
  if (!body || !sum)
    throw new BackupError(`${file} is not a complete console backup (no manifest)`);
  if (sum.toString('utf8').trim() !== sha256(body)) {
    throw new BackupError(`${file} has been altered: its manifest does not match its checksum`);
  }
  const manifest = JSON.parse(body.toString('utf8')) as Manifest;
  if (manifest.product !== 'cst-console' || manifest.format !== 1) {
    throw new BackupError(`${file} is not a console backup of a format this version reads`);
  }
  for (const part of manifest.parts) {
    const got = seen.get(part.path);
    if (!got) throw new BackupError(`${file} is missing ${part.path}`);
    if (got.size !== part.size || got.sha256 !== part.sha256) {
      throw new BackupError(`${file} has been altered: ${part.path} does not match its SHA-256`);
    }
  }
  if (seen.size !== manifest.parts.length) {
    throw new BackupError(`${file} holds files its manifest does not list`);
  }
  return manifest;
}
