import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CHAT_FILE_MAX_BYTES,
  MB,
  MEDIUM_SUFFIX,
  OSS_DEFAULT_HOST,
  OSS_CONFIRM_PATH,
  OSS_TOKEN_TTL_MS,
  type OssTokenPayload,
  type UploadResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { detectType, extensionMatches, type DetectedType } from '../../storage/content-type.ts';
import { ImageInvalidError, makeMedium, makeThumbnail, probeImage } from '../../storage/image.ts';
import {
  HEAD_BYTES,
  isSafeKey,
  KeyExistsError,
  StorageLimitError,
} from '../../storage/object-storage.ts';
import { S3Storage } from '../../storage/s3-storage.ts';
import { createPolicy, verifyPolicy } from '../../storage/post-policy.ts';
import { sendStored } from '../../storage/serve.ts';
import { visibleMessage } from '../conversations/index.ts';
import { presentUpload } from './files.presenter.ts';
import * as repo from './files.repository.ts';

/** The access id of the embedded store's POST policies. */
export const STORAGE_ACCESS_ID = 'cst-local';
/** A thumbnail lives beside its file: `{key}.thumb.jpg`. */
export const THUMB_SUFFIX = '.thumb.jpg';

/** Whether a key names a variant the server makes (thumbnail, medium picture), never an upload. */
export function isVariantKey(key: string): boolean {
  return key.endsWith(THUMB_SUFFIX) || key.endsWith(MEDIUM_SUFFIX);
}
const SECRET_NAME = 'oss_policy_secret';
const TENANT_KEY = /^t\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;

/** The folder of a tenant's files. */
export function tenantDir(tenantId: string): string {
  return `t/${tenantId}/`;
}

/**
 * The folder a user uploads into: users' uploads live under `t/{tenant}/u/`, apart from the files
 * the server writes (media caches, thumbnails, emoticons), which no upload policy can reach.
 */
export function uploadDir(tenantId: string, userId: string): string {
  return `${tenantDir(tenantId)}u/${userId}/`;
}

const UPLOAD_KEY = /^t\/[0-9a-f-]{36}\/u\/[0-9a-f-]{36}\//;
/**
 * With STORAGE=s3 browsers POST into `incoming/{upload folder}`; the confirm route moves a file
 * that passes the checks to the same key without this prefix, which no policy reaches.
 */
export const INCOMING_PREFIX = 'incoming/';

/** The tenant a key belongs to, or null. */
export function tenantOfKey(key: string): string | null {
  return TENANT_KEY.exec(key)?.[1] ?? null;
}

/** The storage key of a file address (`/oss-api/{key}`, absolute or not); null when not one. */
export function keyOfUrl(url: string): string | null {
  let p = url.trim();
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return null;
    }
  }
  p = p.split(/[?#]/)[0]!;
  const prefix = `${OSS_DEFAULT_HOST}/`;
  if (!p.startsWith(prefix)) return null;
  try {
    const key = p.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    return isSafeKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** A broken multipart body (busboy's parse errors) is the caller's mistake: 400, not 500. */
export function malformedAsInvalid(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { statusCode?: number; errno?: number };
  if (typeof e?.statusCode === 'number' || typeof e?.errno === 'number') return err;
  if (err instanceof Error && /form|part|boundary|multipart|header/i.test(err.message)) {
    return fail.invalid('bodyInvalid');
  }
  return err;
}

async function drain(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

function megabytes(n: number): string {
  return `${Math.round((n / MB) * 10) / 10}M`;
}

/** Options of a server-side store. */
export interface StoreOptions {
  source: 'upload' | 'media' | 'emoticon';
  messageId?: number | null;
  /** Name whose extension must agree with the bytes. */
  name?: string;
  maxBytes?: number;
  /** Only these kinds are accepted. */
  kinds?: DetectedType['kind'][];
  /** A platform's file: an unknown type is kept as a binary, a damaged picture without thumbnail. */
  lenient?: boolean;
}

const BINARY: DetectedType = { mime: 'application/octet-stream', kind: 'document', ext: '.bin' };

/** Uploads through a POST policy, stored files and their addresses (API.md Files). */
export class FilesService {
  private secret: Promise<string> | null = null;

  constructor(private readonly deps: Uses<'storage'>) {}

  private get storage() {
    return this.deps.storage;
  }

  private policySecret(): Promise<string> {
    this.secret ??= repo.sharedSecret(this.deps.db, SECRET_NAME).catch((err: unknown) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  /** A signed upload policy into the caller's own upload folder, valid one hour. */
  async token(auth: AuthContext): Promise<{ token: string }> {
    if (!auth.tenantId) throw fail.forbidden();
    const dir = uploadDir(auth.tenantId, auth.userId);
    const store = this.storage;
    if (store instanceof S3Storage) {
      const incoming = `${INCOMING_PREFIX}${dir}`;
      const post = await store.presignPost({
        dir: incoming,
        minBytes: 1,
        maxBytes: CHAT_FILE_MAX_BYTES,
        expiresSec: OSS_TOKEN_TTL_MS / 1000,
      });
      const payload: OssTokenPayload = {
        host: post.url,
        dir: incoming,
        accessid: post.fields['X-Amz-Credential'] ?? '',
        policy: post.fields.Policy ?? '',
        signature: post.fields['X-Amz-Signature'] ?? '',
        expire: Math.floor((this.deps.now() + OSS_TOKEN_TTL_MS) / 1000),
        fields: post.fields,
        confirm: OSS_CONFIRM_PATH,
      };
      return { token: JSON.stringify(payload) };
    }
    const signed = createPolicy(await this.policySecret(), {
      dir,
      maxBytes: CHAT_FILE_MAX_BYTES,
      expiresAt: this.deps.now() + OSS_TOKEN_TTL_MS,
    });
    const payload: OssTokenPayload = {
      host: OSS_DEFAULT_HOST,
      dir,
      accessid: STORAGE_ACCESS_ID,
      policy: signed.policy,
      signature: signed.signature,
      expire: signed.expire,
    };
    return { token: JSON.stringify(payload) };
  }

  /**
   * A multipart POST upload checked like an OSS/S3 endpoint: fields first, `file` last. Answers
   * the stored file and the status `success_action_status` asks for (200, 201, else 204).
   */
  async upload(req: FastifyRequest): Promise<{ status: number; file: UploadResult }> {
    if (!req.isMultipart()) throw fail.invalid('uploadNotMultipart');
    try {
      return await this.readUpload(req);
    } catch (err) {
      throw malformedAsInvalid(err);
    }
  }

  private async readUpload(req: FastifyRequest): Promise<{ status: number; file: UploadResult }> {
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
      const file = await this.storeUpload(fields, part);
      const s = fields.success_action_status;
      return { status: s === '200' ? 200 : s === '201' ? 201 : 204, file };
    }
    throw fail.invalid('uploadFileMissing');
  }

  private async storeUpload(fields: Record<string, string>, part: MultipartFile) {
    const check = verifyPolicy(
      await this.policySecret(),
      STORAGE_ACCESS_ID,
      fields,
      this.deps.now(),
      CHAT_FILE_MAX_BYTES,
    );
    if (!check.ok) {
      part.file.resume();
      throw new AppError(check.status === 403 ? 'forbidden' : 'invalid', check.key, check.params);
    }
    const tenantId = tenantOfKey(check.key);
    // Whatever an (older, wider) policy allows, an upload lands in a user's folder: never on a
    // file the server wrote, never on a thumbnail.
    if (!tenantId || !UPLOAD_KEY.test(check.key) || isVariantKey(check.key)) {
      part.file.resume();
      throw fail.invalid('uploadKeyInvalid');
    }
    const row = await this.store(tenantId, check.key, part.file, {
      source: 'upload',
      name: check.key,
      maxBytes: check.maxBytes,
    });
    if (row.size < check.minBytes) {
      await this.storage.delete(check.key);
      throw fail.invalid('uploadEmpty');
    }
    return presentUpload(row);
  }

  /**
   * A multipart upload of a signed-in caller (the public API's `files/upload`): its `file` part is
   * stored in the caller's own upload folder under a new name, checked like any upload (type from
   * the bytes, size, pictures decoded).
   */
  async uploadOwn(auth: AuthContext, req: FastifyRequest): Promise<UploadResult> {
    if (!auth.tenantId) throw fail.forbidden();
    if (!req.isMultipart()) throw fail.invalid('uploadNotMultipart');
    const tenantId = auth.tenantId;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const ext = /\.([A-Za-z0-9]{1,8})$/.exec(part.filename ?? '')?.[1]?.toLowerCase();
        const key = `${uploadDir(tenantId, auth.userId)}api/${randomUUID()}${ext ? `.${ext}` : ''}`;
        const row = await this.store(tenantId, key, part.file, {
          source: 'upload',
          name: key,
          maxBytes: CHAT_FILE_MAX_BYTES,
        });
        if (row.size === 0) {
          await this.storage.delete(key);
          throw fail.invalid('uploadEmpty');
        }
        return presentUpload(row);
      }
    } catch (err) {
      throw malformedAsInvalid(err);
    }
    throw fail.invalid('uploadFileMissing');
  }

  /**
   * Makes a file the browser POSTed straight to the bucket usable (STORAGE=s3): only a key in the
   * caller's own incoming folder; the type is read from the first bytes (a ranged read) before the
   * rest is fetched, then the file goes through `store` (size, type, picture decode, thumbnail)
   * into its final key. The incoming object is deleted whatever the outcome.
   */
  async confirm(auth: AuthContext, key: string): Promise<UploadResult> {
    if (!auth.tenantId) throw fail.forbidden();
    const store = this.storage;
    const dir = `${INCOMING_PREFIX}${uploadDir(auth.tenantId, auth.userId)}`;
    const target = key.slice(INCOMING_PREFIX.length);
    if (
      store.kind !== 's3' ||
      !key.startsWith(dir) ||
      !isSafeKey(key) ||
      !UPLOAD_KEY.test(target) ||
      isVariantKey(target)
    ) {
      throw fail.invalid('uploadKeyInvalid');
    }
    try {
      const size = (await store.stat(key))?.size;
      if (size === undefined) throw fail.conflict('uploadNotArrived');
      if (size === 0) throw fail.invalid('uploadEmpty');
      if (size > CHAT_FILE_MAX_BYTES) {
        throw fail.tooLarge('uploadTooLarge', { max: megabytes(CHAT_FILE_MAX_BYTES) });
      }
      const head = await store.get(key, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 });
      const headBytes = head ? await drain(head.stream) : null;
      if (!headBytes) throw fail.conflict('uploadNotArrived');
      const type = detectType(headBytes, target, size <= HEAD_BYTES);
      if (!type) throw fail.invalid('fileTypeNotAllowed');
      if (!extensionMatches(target, type)) throw fail.invalid('fileTypeMismatch');
      const whole = await store.get(key);
      if (!whole) throw fail.conflict('uploadNotArrived');
      const row = await this.store(auth.tenantId, target, whole.stream, {
        source: 'upload',
        name: target,
        maxBytes: CHAT_FILE_MAX_BYTES,
      });
      return presentUpload(row);
    } finally {
      await store.delete(key).catch(() => undefined);
    }
  }

  /**
   * Stores bytes under a new key of a tenant: type from the bytes (and agreeing with the name),
   * size limit, pictures decoded and given a 100×100 thumbnail. A key that already holds a file is
   * refused (409) and left as it was; nothing of a refused file stays behind.
   */
  async store(
    tenantId: string,
    key: string,
    source: NodeJS.ReadableStream | Buffer,
    opts: StoreOptions,
  ): Promise<repo.StoredFileRow> {
    const maxBytes = opts.maxBytes ?? CHAT_FILE_MAX_BYTES;
    let detected: DetectedType | null = null;
    try {
      await this.storage.put(key, source as Buffer, {
        exclusive: true,
        maxBytes,
        checkHead: (head, complete) => {
          if (complete && head.length === 0) throw fail.invalid('uploadEmpty');
          detected = detectType(head, opts.name ?? key, complete) ?? (opts.lenient ? BINARY : null);
          if (!detected) throw fail.invalid('fileTypeNotAllowed');
          if (opts.name && !extensionMatches(opts.name, detected)) {
            throw fail.invalid('fileTypeMismatch');
          }
          if (opts.kinds && !opts.kinds.includes(detected.kind)) {
            throw fail.invalid('fileTypeNotAllowed');
          }
        },
      });
    } catch (err) {
      if (err instanceof StorageLimitError) {
        throw fail.tooLarge('uploadTooLarge', { max: megabytes(maxBytes) });
      }
      if (err instanceof KeyExistsError) throw fail.conflict('uploadKeyExists');
      throw err;
    }
    const type = detected as DetectedType | null;
    if (!type) throw fail.invalid('fileTypeNotAllowed');
    const size = (await this.storage.stat(key))?.size ?? 0;
    let width: number | null = null;
    let height: number | null = null;
    let thumbKey: string | null = null;
    if (type.kind === 'image') {
      try {
        const data = (await this.storage.read(key))!;
        ({ width, height } = await probeImage(data));
        thumbKey = `${key}${THUMB_SUFFIX}`;
        await this.storage.put(thumbKey, await makeThumbnail(data), { exclusive: true });
        const medium = await makeMedium(data, { width, height });
        if (medium) await this.storage.put(`${key}${MEDIUM_SUFFIX}`, medium, { exclusive: true });
      } catch (err) {
        if (opts.lenient && err instanceof ImageInvalidError) {
          thumbKey = null;
        } else {
          await this.storage.delete(key);
          if (err instanceof ImageInvalidError) throw fail.invalid('imageInvalid');
          throw err;
        }
      }
    }
    return repo.upsertFile(this.deps.db, {
      tenantId,
      key,
      size,
      mime: type.mime,
      kind: type.kind,
      width,
      height,
      thumbKey,
      source: opts.source,
      messageId: opts.messageId ?? null,
    });
  }

  /** The file stored at a tenant's key, or null. */
  storedAt(tenantId: string, key: string): Promise<repo.StoredFileRow | null> {
    return repo.fileByKey(this.deps.db, tenantId, key);
  }

  /** A tenant's stored file by its address; null when the address is not one of the tenant's. */
  async fileOfUrl(tenantId: string, url: string): Promise<repo.StoredFileRow | null> {
    const key = keyOfUrl(url);
    if (!key || tenantOfKey(key) !== tenantId) return null;
    return repo.fileByKey(this.deps.db, tenantId, key);
  }

  /**
   * Serves a stored file (or thumbnail) by what it belongs to: a message's media only to users who
   * may see that message's account; uploads and emoticons (unguessable keys) to their tenant.
   */
  async serve(auth: AuthContext, key: string, req: FastifyRequest, reply: FastifyReply) {
    if (!auth.tenantId || !isSafeKey(key) || tenantOfKey(key) !== auth.tenantId) {
      throw fail.notFound();
    }
    const medium = key.endsWith(MEDIUM_SUFFIX);
    const row = await repo.fileByKeyOrThumb(
      this.deps.db,
      auth.tenantId,
      medium ? key.slice(0, -MEDIUM_SUFFIX.length) : key,
    );
    if (!row || (medium && (row.kind !== 'image' || row.key === key))) throw fail.notFound();
    if (row.source === 'media') {
      if (row.messageId === null) throw fail.notFound();
      // 404 (not 403) when the account is not the caller's: nothing tells the file exists.
      await visibleMessage(this.deps.db, auth, row.messageId).catch(() => {
        throw fail.notFound();
      });
    }
    // A picture without a medium variant (not larger than it, or stored before variants) is its
    // own: the medium address always shows the picture.
    if (medium) {
      const sentMedium = await sendStored(req, reply, this.storage, key, { mime: 'image/jpeg' });
      if (sentMedium) return;
    }
    const target = medium ? row.key : key;
    const isThumb = row.key !== target;
    const sent = await sendStored(req, reply, this.storage, target, {
      mime: isThumb ? 'image/jpeg' : row.mime,
      fileName: target.slice(target.lastIndexOf('/') + 1),
      attachment: (req.query as { download?: string }).download === '1',
    });
    if (!sent) throw fail.notFound();
  }
}
