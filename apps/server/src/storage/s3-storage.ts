import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import type * as PresignedPostModule from '@aws-sdk/s3-presigned-post';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import {
  HEAD_BYTES,
  isSafeKey,
  KeyExistsError,
  StorageLimitError,
  type ObjectStorage,
  type PutOptions,
  type PutResult,
  type StoredObject,
} from './object-storage.ts';

/** Settings of an S3-compatible store (DESIGN.md §10, docs/files-and-media.md). */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** The address browsers reach the S3 endpoint at (default: the endpoint). */
  publicHost: string | undefined;
  /** Address buckets as `{endpoint}/{bucket}` rather than `{bucket}.{host}`. */
  forcePathStyle: boolean;
}

/** A browser upload form straight to the bucket: where to POST and the signed fields. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** Parts of a multipart write: S3's minimum part size. */
export const PART_BYTES = 5 * 1024 * 1024;

type S3Sdk = typeof S3SdkModule;
type PresignedPostSdk = typeof PresignedPostModule;
const requireHere = createRequire(import.meta.url);
let sdk: S3Sdk | null = null;
let presignedPostSdk: PresignedPostSdk | null = null;

/**
 * The AWS SDK's S3 client, loaded when the first S3 store is made (STORAGE=s3, or a backup or
 * restore of a bucket) rather than at start: with the embedded store the server never loads it
 * (about 20 MB of resident memory and 0.2 s of start, docs/performance.md). It is loaded with
 * `require`, as `import` loads the same CommonJS build, so the store and its `client` stay
 * synchronous to make.
 */
export function s3Sdk(): S3Sdk {
  return (sdk ??= requireHere('@aws-sdk/client-s3') as S3Sdk);
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof s3Sdk().S3ServiceException)) return false;
  return (
    err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'
  );
}

function isPreconditionFailed(err: unknown): boolean {
  return err instanceof s3Sdk().S3ServiceException && err.$metadata.httpStatusCode === 412;
}

/**
 * An S3-compatible store: writes are multipart uploads of 5 MB parts (a single PutObject when the
 * whole file is smaller), counted and head-checked in the stream before anything leaves the
 * process, and aborted on refusal, so nothing partial remains. Every instance sees every file.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  private readonly sdk = s3Sdk();

  constructor(readonly settings: S3Settings) {
    this.client = new this.sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: S3-compatible servers differ in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private check(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  }

  async put(key: string, source: Readable | Buffer, opts: PutOptions = {}): Promise<PutResult> {
    const Bucket = this.settings.bucket;
    const Key = this.check(key);
    if (opts.exclusive && (await this.stat(key))) throw new KeyExistsError(key);
    const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingLen = 0;
    let head: Buffer | null = null;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async (body: Buffer) => {
      if (!uploadId) {
        const created = await this.client.send(
          new this.sdk.CreateMultipartUploadCommand({ Bucket, Key }),
        );
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const r = await this.client.send(
        new this.sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ PartNumber, ETag: r.ETag });
    };
    try {
      for await (const raw of input) {
        const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
        size += chunk.length;
        if (opts.maxBytes !== undefined && size > opts.maxBytes) {
          throw new StorageLimitError(opts.maxBytes);
        }
        pending.push(chunk);
        pendingLen += chunk.length;
        if (!head && size >= HEAD_BYTES) {
          head = Buffer.concat(pending).subarray(0, HEAD_BYTES);
          opts.checkHead?.(head, false);
        }
        if (head && pendingLen >= PART_BYTES) {
          const all = Buffer.concat(pending, pendingLen);
          pending = [all.subarray(PART_BYTES)];
          pendingLen = all.length - PART_BYTES;
          await sendPart(all.subarray(0, PART_BYTES));
        }
      }
      const rest = Buffer.concat(pending, pendingLen);
      if (!head) {
        head = rest;
        opts.checkHead?.(head, true);
      }
      const IfNoneMatch = opts.exclusive ? '*' : undefined;
      if (!uploadId) {
        await this.client.send(
          new this.sdk.PutObjectCommand({ Bucket, Key, Body: rest, IfNoneMatch }),
        );
      } else {
        if (rest.length > 0) await sendPart(rest);
        await this.client.send(
          new this.sdk.CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
            IfNoneMatch,
          }),
        );
        uploadId = undefined;
      }
    } catch (err) {
      if (!Buffer.isBuffer(source)) input.destroy();
      if (uploadId) {
        await this.client
          .send(new this.sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      if (isPreconditionFailed(err)) throw new KeyExistsError(key);
      throw err;
    }
    return { size, head: head.subarray(0, HEAD_BYTES) };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    try {
      const r = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.check(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const total = /\/(\d+)$/.exec(r.ContentRange ?? '')?.[1];
      return {
        stream: r.Body as Readable,
        size: total !== undefined ? Number(total) : (r.ContentLength ?? 0),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const obj = await this.get(key);
    if (!obj) return null;
    const chunks: Buffer[] = [];
    for await (const c of obj.stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const r = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }),
      );
      return { size: r.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }),
    );
  }

  /**
   * A presigned POST (AWS signature v4 policy) for browser uploads into `dir` of `minBytes` to
   * `maxBytes`, valid `expiresSec`. The form's `key` is the browser's, under `dir`.
   */
  async presignPost(opts: {
    dir: string;
    minBytes: number;
    maxBytes: number;
    expiresSec: number;
  }): Promise<PresignedUpload> {
    presignedPostSdk ??= requireHere('@aws-sdk/s3-presigned-post') as PresignedPostSdk;
    const { url, fields } = await presignedPostSdk.createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: `${opts.dir}\${filename}`,
      Conditions: [['content-length-range', opts.minBytes, opts.maxBytes]],
      Fields: { success_action_status: '200' },
      Expires: opts.expiresSec,
    });
    const { key: _key, ...rest } = fields;
    return { url: this.publicUrl(url), fields: rest };
  }

  /** The bucket address as browsers reach it (S3_PUBLIC_HOST in place of the endpoint). */
  private publicUrl(url: string): string {
    const { publicHost, forcePathStyle, bucket } = this.settings;
    if (!publicHost) return url;
    const base = publicHost.replace(/\/+$/, '');
    if (forcePathStyle) return `${base}/${encodeURIComponent(bucket)}`;
    return base;
  }
}
