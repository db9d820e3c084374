import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  CHAT_FILE_MAX_BYTES,
  MB,
  UPLOAD_SLICE_BYTES,
  type SliceUploadBody,
  type SliceUploadState,
  type UploadResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { detectType, extensionMatches } from '../../storage/content-type.ts';
import { isSafeKey, StorageLimitError, type ObjectStorage } from '../../storage/object-storage.ts';
import { presentUpload } from './files.presenter.ts';
import {
  INCOMING_PREFIX,
  isVariantKey,
  malformedAsInvalid,
  uploadDir,
  type FilesService,
} from './files.service.ts';
import {
  closeSliceUpload,
  dropStaleSliceUploads,
  openSliceUpload,
  staleSliceUploads,
  type SliceUploadLimits,
} from './slice-uploads.repository.ts';

/**
 * Slices live under a prefix of their own (not `t/…`): no file route serves it and no upload
 * policy reaches it. One folder per user, key and size, so the same file resumes where it stopped.
 */
export const SLICES_PREFIX = 'slices/';

/**
 * What may stay unfinished at once, counted on the declared sizes of the open uploads (a
 * `slice_uploads` row from the first slice until completed, refused or swept): per person 20
 * files and 200 MB (eight files of the 25 MB maximum), per tenant 2 GB. Beyond, a new upload's
 * first slice is refused with 429 before any byte is kept.
 */
export const SLICE_UPLOAD_LIMITS: SliceUploadLimits = {
  perUser: { uploads: 20, bytes: 200 * MB },
  perTenant: { bytes: 2048 * MB },
};

/**
 * An upload nobody sent a slice to for this long is given up: the sweep removes its slices. A
 * day outlasts any dropped connection, a laptop closed overnight excepted; the browser then starts
 * the file again from its first slice (status answers no slices).
 */
export const SLICE_UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000;
/** How often the sweep runs, and how many uploads it takes per round. */
export const SLICE_SWEEP_EVERY_MS = 60 * 60_000;
export const SLICE_SWEEP_BATCH = 200;

/** What a sliced upload is, once its key and size were checked. */
interface SlicePlan {
  tenantId: string;
  userId: string;
  key: string;
  size: number;
  count: number;
  folder: string;
}

/**
 * Uploads in 1 MB slices that survive a dropped connection (SPEC §7, §9; docs/files-and-media.md).
 * Every slice is an object of the configured store (the local folder, or the bucket with
 * STORAGE=s3); completing streams them in order through `FilesService.store` — the same checks as
 * any upload (size, type from the bytes, picture decode, thumbnail), and with STORAGE=s3 a
 * multipart upload of the joined file. The slices are removed once the file is kept or refused.
 */
export class SliceUploads {
  constructor(
    private readonly deps: Uses<'storage'>,
    private readonly files: FilesService,
  ) {}

  private get storage() {
    return this.deps.storage;
  }

  /** Checks the key (the caller's own upload folder) and the size (1 byte … 25 MB). */
  private plan(auth: AuthContext, body: SliceUploadBody): SlicePlan {
    if (!auth.tenantId) throw fail.forbidden();
    // With STORAGE=s3 the token's folder is the bucket's `incoming/…`; slices pass through the
    // server, so the file goes to its final key directly.
    const key = body.key.startsWith(INCOMING_PREFIX)
      ? body.key.slice(INCOMING_PREFIX.length)
      : body.key;
    const { size } = body;
    if (!isSafeKey(key) || !key.startsWith(uploadDir(auth.tenantId, auth.userId))) {
      throw fail.invalid('uploadKeyInvalid');
    }
    if (isVariantKey(key) || key.slice(uploadDir(auth.tenantId, auth.userId).length) === '') {
      throw fail.invalid('uploadKeyInvalid');
    }
    if (size < 1) throw fail.invalid('uploadEmpty');
    if (size > CHAT_FILE_MAX_BYTES) {
      throw fail.tooLarge('uploadTooLarge', { max: `${CHAT_FILE_MAX_BYTES / MB}M` });
    }
    const id = createHash('sha256').update(`${key}\n${size}`).digest('hex').slice(0, 32);
    return {
      tenantId: auth.tenantId,
      userId: auth.userId,
      key,
      size,
      count: Math.ceil(size / UPLOAD_SLICE_BYTES),
      folder: `${SLICES_PREFIX}${auth.tenantId}/${auth.userId}/${id}/`,
    };
  }

  /** The exact size of slice `index`. */
  private sliceSize(p: SlicePlan, index: number): number {
    return index < p.count - 1 ? UPLOAD_SLICE_BYTES : p.size - UPLOAD_SLICE_BYTES * (p.count - 1);
  }

  private async received(p: SlicePlan): Promise<number[]> {
    const sizes = await Promise.all(
      Array.from({ length: p.count }, (_, i) => this.storage.stat(`${p.folder}${i}`)),
    );
    return sizes.flatMap((s, i) => (s?.size === this.sliceSize(p, i) ? [i] : []));
  }

  private async state(p: SlicePlan): Promise<SliceUploadState> {
    return { sliceBytes: UPLOAD_SLICE_BYTES, count: p.count, received: await this.received(p) };
  }

  /** Which slices of a file already arrived (none for a new upload); 409 when the key is taken. */
  async status(auth: AuthContext, body: SliceUploadBody): Promise<SliceUploadState> {
    const p = this.plan(auth, body);
    if (await this.files.storedAt(p.tenantId, p.key)) throw fail.conflict('uploadKeyExists');
    return this.state(p);
  }

  /** One slice (multipart: `key`, `size`, `index`, then `file`); sending it again replaces it. */
  async put(auth: AuthContext, req: FastifyRequest): Promise<SliceUploadState> {
    if (!req.isMultipart()) throw fail.invalid('uploadNotMultipart');
    try {
      const fields: Record<string, string> = {};
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        return await this.putSlice(auth, fields, part);
      }
    } catch (err) {
      throw malformedAsInvalid(err);
    }
    throw fail.invalid('uploadFileMissing');
  }

  private async putSlice(
    auth: AuthContext,
    fields: Record<string, string>,
    part: MultipartFile,
  ): Promise<SliceUploadState> {
    const p = (() => {
      try {
        for (const f of ['key', 'size', 'index']) {
          if (!fields[f]) throw fail.invalid('uploadFieldMissing', { field: f });
        }
        const size = Number(fields.size);
        if (!Number.isSafeInteger(size)) throw fail.invalid('uploadEmpty');
        return this.plan(auth, { key: fields.key!, size });
      } catch (err) {
        part.file.resume();
        throw err;
      }
    })();
    const index = Number(fields.index);
    if (!/^\d{1,4}$/.test(fields.index!) || index >= p.count) {
      part.file.resume();
      throw fail.invalid('sliceIndexInvalid', { last: p.count - 1 });
    }
    const refused = await openSliceUpload(
      this.deps.db,
      {
        folder: p.folder,
        tenantId: p.tenantId,
        userId: p.userId,
        key: p.key,
        size: p.size,
        count: p.count,
      },
      this.deps.now(),
      SLICE_UPLOAD_LIMITS,
    ).catch((err: unknown) => {
      part.file.resume();
      throw err;
    });
    if (refused) {
      part.file.resume();
      const { perUser, perTenant } = SLICE_UPLOAD_LIMITS;
      throw refused === 'user'
        ? fail.tooMany('sliceUploadsFull', {
            count: perUser.uploads,
            max: `${perUser.bytes / MB}M`,
            hours: SLICE_UPLOAD_MAX_AGE_MS / 3_600_000,
          })
        : fail.tooMany('sliceUploadsTenantFull', { max: `${perTenant.bytes / MB}M` });
    }
    const expected = this.sliceSize(p, index);
    const target = `${p.folder}${index}`;
    try {
      await this.storage.put(target, part.file, {
        maxBytes: expected,
        // The first slice holds the bytes that say what the file is: a refused type stops here,
        // before 25 MB travel.
        checkHead:
          index === 0
            ? (head, complete) => {
                const type = detectType(head, p.key, complete && p.count === 1);
                if (!type) throw fail.invalid('fileTypeNotAllowed');
                if (!extensionMatches(p.key, type)) throw fail.invalid('fileTypeMismatch');
              }
            : undefined,
      });
    } catch (err) {
      if (err instanceof StorageLimitError) throw fail.invalid('sliceSizeWrong', { expected });
      throw err;
    }
    if ((await this.storage.stat(target))?.size !== expected) {
      await this.storage.delete(target);
      throw fail.invalid('sliceSizeWrong', { expected });
    }
    return this.state(p);
  }

  /**
   * Joins the slices into the file: 409 naming how many are missing; else the file is stored
   * like any upload (its refusals — type, damaged picture, key taken — are final) and the slices
   * are removed.
   */
  async complete(auth: AuthContext, body: SliceUploadBody): Promise<UploadResult> {
    const p = this.plan(auth, body);
    const have = await this.received(p);
    if (have.length < p.count) {
      throw fail.conflict('slicesMissing', { count: p.count - have.length });
    }
    const storage = this.storage;
    async function* joined() {
      for (let i = 0; i < p.count; i++) {
        const part = await storage.get(`${p.folder}${i}`);
        if (!part) throw fail.conflict('slicesMissing', { count: 1 });
        yield* part.stream;
      }
    }
    let keep = false;
    try {
      const row = await this.files.store(p.tenantId, p.key, Readable.from(joined()), {
        source: 'upload',
        name: p.key,
        maxBytes: CHAT_FILE_MAX_BYTES,
      });
      return presentUpload(row);
    } catch (err) {
      // A slice that vanished meanwhile can be sent again; any other refusal is final.
      keep = err instanceof AppError && err.key === 'slicesMissing';
      throw err;
    } finally {
      if (!keep) await this.remove(p);
    }
  }

  /** Removes the slices, then the upload's row (objects before rows: see the sweep). */
  private async remove(p: SlicePlan): Promise<void> {
    await Promise.all(
      Array.from({ length: p.count }, (_, i) =>
        this.storage.delete(`${p.folder}${i}`).catch(() => undefined),
      ),
    );
    await closeSliceUpload(this.deps.db, p.folder);
  }
}

/** Deletes every slice of an upload (a missing one is fine: deleting is idempotent). */
async function deleteSlices(storage: ObjectStorage, folder: string, count: number) {
  for (let i = 0; i < count; i++) await storage.delete(`${folder}${i}`);
}

/**
 * One pass of the sweep (hourly, a periodic job of the one scheduler): the slices of every upload
 * untouched for SLICE_UPLOAD_MAX_AGE_MS are deleted, then its row. Completed uploads have no row
 * left, and fresh ones are not old enough. Returns how many uploads went.
 *
 * Crash-safe like retention: an upload's objects are deleted before its row, so a pass stopped
 * anywhere (kill -9 included) leaves the row of every upload whose slices may remain, and the next
 * pass finds it again. A slice written while its upload was being swept touches the row, which
 * then stays; its owner's next status names the slices to send again.
 */
export async function sweepSliceUploads(
  deps: Uses<'storage'>,
  batch = SLICE_SWEEP_BATCH,
): Promise<number> {
  const storage = deps.storage;
  const before = deps.now() - SLICE_UPLOAD_MAX_AGE_MS;
  let swept = 0;
  for (;;) {
    const rows = await staleSliceUploads(deps.db, before, batch);
    for (const r of rows) await deleteSlices(storage, r.folder, r.count);
    swept += await dropStaleSliceUploads(
      deps.db,
      rows.map((r) => r.folder),
      before,
    );
    if (rows.length < batch) break;
  }
  return swept;
}

/** The sweep as a periodic job of the one scheduler (hourly). */
export function sliceSweepJob(deps: Uses<'storage'>) {
  return periodicJob('slice-sweep', SLICE_SWEEP_EVERY_MS, async () => {
    const swept = await sweepSliceUploads(deps);
    if (swept) deps.log.info({ swept }, 'removed the slices of unfinished uploads');
  });
}
