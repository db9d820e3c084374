import type { Readable } from 'node:stream';

/** A stored object being read: its bytes as a stream and its size. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/** Options of a write. */
export interface PutOptions {
  /** Refuse (StorageLimitError) once more than this many bytes arrived. */
  maxBytes?: number;
  /**
   * Sees the first bytes (up to HEAD_BYTES, or all of a smaller file: `complete`) before anything
   * is kept; throwing aborts the write and nothing is stored.
   */
  checkHead?: (head: Buffer, complete: boolean) => void;
  /** Refuse (KeyExistsError) when the key already holds an object; it stays as it was. */
  exclusive?: boolean;
}

/** What a write stored. */
export interface PutResult {
  size: number;
  head: Buffer;
}

/** How many leading bytes `checkHead` sees. */
export const HEAD_BYTES = 4100;

/** A write went over its byte limit; nothing was stored. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

/** An exclusive write found its key taken; nothing was changed. */
export class KeyExistsError extends Error {
  constructor(readonly key: string) {
    super(`key exists: ${key}`);
    this.name = 'KeyExistsError';
  }
}

/**
 * Object storage (DESIGN.md §8): keys are `/`-separated paths checked by `isSafeKey`. The embedded
 * store keeps files under DATA_DIR/files; an S3-compatible store implements the same interface
 * (docs/files-and-media.md). A write is all or nothing: a refused or failed write leaves the key as
 * it was.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Streams bytes to a key. */
  put(key: string, source: Readable | Buffer, opts?: PutOptions): Promise<PutResult>;
  /** Opens a key (optionally a byte range, inclusive); null when missing. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  /** All bytes of a key; null when missing. */
  read(key: string): Promise<Buffer | null>;
  /** Size of a key; null when missing. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes a key (missing keys are fine). */
  delete(key: string): Promise<void>;
}

/**
 * Whether a key may be used: relative, `/`-separated, no empty, `.` or `..` segments, no
 * backslash, control characters or NUL, at most 512 characters.
 */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 512) return false;
  if (key.startsWith('/') || key.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(key)) return false;
  if (/^[a-zA-Z]:/.test(key)) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}
