import {
  SLICE_PATHS,
  UPLOAD_SLICE_BYTES,
  uploadKeySegment,
  uploadResult,
  type OssTokenPayload,
  type SliceUploadState,
  type UploadResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { HttpError } from '../../lib/http/errors.ts';
import { newSendingId } from '../conversations/store/sendingId.ts';
import { ossToken } from './ossToken.ts';

/** Why an upload failed, in SPEC §8's words (see the media texts). */
export type UploadFailure = 'tokenError' | 'uploadFailed';

/** An upload error carrying the SPEC reason and the server's message when there is one. */
export class UploadError extends Error {
  constructor(
    readonly reason: UploadFailure,
    readonly detail = '',
  ) {
    super(detail || reason);
  }
}

/** A path segment safe inside a key (no slashes, dots-only or odd characters). */
const segment = uploadKeySegment;

/** The extension of a file name, lower case and safe ('' when none). */
function extOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** The spec's key layout: `dir/{account}/{contact}/{YYYYMMDD}/{timestamp}-{uuid}.{ext}`. */
export function uploadKey(
  dir: string,
  account: string,
  contact: string,
  fileName: string,
  now = new Date(),
  id = newSendingId(),
): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  const ext = extOf(fileName);
  const base = `${now.getTime()}-${segment(id)}`;
  return `${dir}${segment(account)}/${segment(contact)}/${day}/${ext ? `${base}.${ext}` : base}`;
}

/**
 * A POST straight to the bucket (STORAGE=s3: the token carries the presigned fields), then the
 * server's check of what arrived; its refusal (type, size, damaged picture) carries a message.
 */
async function postToBucket(
  token: OssTokenPayload,
  fields: Record<string, string>,
  file: File,
  key: string,
  fetchFn: typeof fetch,
): Promise<UploadResult> {
  const form = new FormData();
  form.set('key', key);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', file, file.name);
  let res: Response;
  try {
    res = await fetchFn(token.host, { method: 'POST', body: form });
  } catch {
    throw new UploadError('uploadFailed');
  }
  if (!res.ok) throw new UploadError('uploadFailed');
  try {
    const data = await mainApi.post<unknown>(token.confirm!, { key }, { silent: true });
    return uploadResult.parse(data);
  } catch (err) {
    throw new UploadError(
      'uploadFailed',
      err instanceof HttpError && err.kind === 'api' ? err.message : '',
    );
  }
}

/** One POST-policy upload; throws UploadError('uploadFailed') with the server's message. */
async function postOnce(
  token: OssTokenPayload,
  file: File,
  key: string,
  fetchFn: typeof fetch,
): Promise<UploadResult> {
  if (token.fields && token.confirm) return postToBucket(token, token.fields, file, key, fetchFn);
  const form = new FormData();
  form.set('key', key);
  form.set('OSSAccessKeyId', token.accessid);
  form.set('policy', token.policy);
  form.set('signature', token.signature);
  form.set('success_action_status', '200');
  form.set('file', file, file.name);
  let res: Response;
  try {
    res = await fetchFn(token.host, { method: 'POST', body: form });
  } catch {
    throw new UploadError('uploadFailed');
  }
  const body = (await res.json().catch(() => null)) as {
    code?: number;
    message?: string;
    data?: unknown;
  } | null;
  if (res.ok && body?.code === 0) {
    const parsed = uploadResult.safeParse(body.data);
    if (parsed.success) return parsed.data;
  }
  throw new UploadError('uploadFailed', body?.message ?? '');
}

/** Hooks an upload reports through (the composer shows them as toasts). */
export interface UploadHooks {
  /** A try failed: the upload goes on in 2 seconds with a fresh token ('2秒后重新上传'). */
  onRetry?: () => void;
  /** How much of the file has arrived, 0 … 1 (sliced uploads report after each slice). */
  onProgress?: (fraction: number) => void;
  fetchFn?: typeof fetch;
  delayMs?: number;
}

/** Retries of a sliced upload after a failed try (each resumes from what arrived). */
export const SLICE_RETRIES = 3;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's cap on unfinished uploads (429): retrying in 2 s will not lift it. */
const UPLOADS_FULL = /未完成的上传|unfinished uploads/i;

/** Whether the server refused the file itself (type, size, key): trying again will not help. */
function refusedFile(err: unknown): boolean {
  return (
    err instanceof HttpError &&
    err.kind === 'api' &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 401 &&
    err.status !== 408 &&
    (err.status !== 429 || UPLOADS_FULL.test(err.message)) &&
    !(err.status === 409 && /分片|slice/i.test(err.message))
  );
}

/**
 * A file larger than one slice goes in 1 MB slices (SPEC §7, §9) through the server: it asks which
 * slices arrived, sends the others one by one, then has the server join them. When a try fails
 * (a dropped connection, a timeout) it says '2秒后重新上传', waits 2 s, refreshes the token and
 * resumes from the slices the server has; after SLICE_RETRIES it gives up ('upload failed!').
 */
async function uploadInSlices(file: File, key: string, hooks: UploadHooks): Promise<UploadResult> {
  const body = { key, size: file.size };
  for (let attempt = 0; ; attempt++) {
    try {
      const state = await mainApi.post<SliceUploadState>(SLICE_PATHS.status, body, {
        silent: true,
      });
      const have = new Set(state.received);
      hooks.onProgress?.(have.size / state.count);
      for (let i = 0; i < state.count; i++) {
        if (have.has(i)) continue;
        const form = new FormData();
        form.set('key', key);
        form.set('size', String(file.size));
        form.set('index', String(i));
        form.set('file', file.slice(i * state.sliceBytes, (i + 1) * state.sliceBytes), file.name);
        await mainApi.post<SliceUploadState>(SLICE_PATHS.put, form, { silent: true });
        have.add(i);
        hooks.onProgress?.(have.size / state.count);
      }
      const done = await mainApi.post<unknown>(SLICE_PATHS.complete, body, { silent: true });
      return uploadResult.parse(done);
    } catch (err) {
      if (refusedFile(err)) throw new UploadError('uploadFailed', (err as HttpError).message);
      if (attempt >= SLICE_RETRIES) throw new UploadError('uploadFailed');
      hooks.onRetry?.();
      await wait(hooks.delayMs ?? 2000);
      try {
        await ossToken(true);
      } catch {
        throw new UploadError('tokenError');
      }
    }
  }
}

/**
 * Uploads a chat file (SPEC §8): a file larger than 1 MB in resumable slices; a smaller one
 * straight to the storage endpoint, where on failure it says '2秒后重新上传', refreshes the token
 * and tries once more. A token that cannot be had is 'File Token Error', a final failure
 * 'upload failed!'.
 */
export async function uploadChatFile(
  file: File,
  account: string,
  contact: string,
  hooks: UploadHooks = {},
): Promise<UploadResult> {
  const fetchFn = hooks.fetchFn ?? fetch.bind(globalThis);
  let token: OssTokenPayload;
  try {
    token = await ossToken();
  } catch {
    throw new UploadError('tokenError');
  }
  const key = uploadKey(token.dir, account, contact, file.name);
  if (file.size > UPLOAD_SLICE_BYTES) return uploadInSlices(file, key, hooks);
  try {
    const r = await postOnce(token, file, key, fetchFn);
    hooks.onProgress?.(1);
    return r;
  } catch (err) {
    // A refused file (type, size) will not pass on a second try either.
    if (
      err instanceof UploadError &&
      err.detail &&
      !/签名|凭证|signature|token/i.test(err.detail)
    ) {
      throw err;
    }
    hooks.onRetry?.();
    await wait(hooks.delayMs ?? 2000);
    try {
      token = await ossToken(true);
    } catch {
      throw new UploadError('tokenError');
    }
    const r = await postOnce(token, file, key, fetchFn);
    hooks.onProgress?.(1);
    return r;
  }
}
