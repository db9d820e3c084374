import { randomUUID } from 'node:crypto';
import {
  MATERIAL_FILE_MAX_BYTES,
  MATERIAL_IMAGE_MAX_BYTES,
  MATERIAL_IMAGE_MAX_PIXELS,
  MATERIAL_IMAGE_MIN_SIDE,
  MATERIAL_IMAGES_PER_UPLOAD,
  MATERIAL_TYPE,
  MATERIAL_VIDEO_MAX_BYTES,
  MATERIAL_VIDEO_MAX_MS,
  type MaterialType,
} from '@cst/shared';
import { AppError, fail, FileError } from '../../platform/errors.ts';
import { detectType, extensionMatches, type DetectedType } from '../../storage/content-type.ts';
import { HEAD_BYTES } from '../../storage/object-storage.ts';
import { mp4DurationMs } from '../../storage/mp4-duration.ts';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadSharp = lazyImport(async () => (await import('sharp')).default);

/** A file of a material upload, checked against SPEC.md §5 before anything is stored. */
export interface CheckedFile {
  data: Buffer;
  name: string;
  type: MaterialType;
  detected: DetectedType;
  durationMs: number | null;
}

/** The material type of a detected file kind. */
function typeOfKind(kind: DetectedType['kind']): MaterialType {
  switch (kind) {
    case 'image':
      return MATERIAL_TYPE.image;
    case 'video':
      return MATERIAL_TYPE.video;
    case 'audio':
      return MATERIAL_TYPE.voice;
    case 'document':
      return MATERIAL_TYPE.document;
  }
}

/**
 * Width and height a picture's header declares, read without decoding the pixels: a PNG that
 * claims 100,000 × 100,000 is refused here, before anything tries to decode it.
 */
async function declaredSize(data: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { width: meta.width, height: meta.height };
  } catch {
    throw fail.invalid('imageInvalid');
  }
}

/** Checks one picture: size, declared dimensions (≤ 40 M pixels, ≥ 200×200). */
async function checkImage(data: Buffer): Promise<void> {
  if (data.length > MATERIAL_IMAGE_MAX_BYTES) throw fail.tooLarge('materialImageTooLarge');
  const { width, height } = await declaredSize(data);
  if (width * height > MATERIAL_IMAGE_MAX_PIXELS) throw fail.invalid('materialImageTooManyPixels');
  if (width < MATERIAL_IMAGE_MIN_SIDE || height < MATERIAL_IMAGE_MIN_SIDE) {
    throw fail.invalid('materialImageTooSmall');
  }
}

/** Checks a video: size and the duration its movie header gives (≤ 30 s). */
function checkVideo(data: Buffer): number {
  if (data.length > MATERIAL_VIDEO_MAX_BYTES) throw fail.tooLarge('materialVideoTooLarge');
  const ms = mp4DurationMs(data);
  if (ms === null) throw fail.invalid('materialVideoUnreadable');
  if (ms > MATERIAL_VIDEO_MAX_MS) throw fail.invalid('materialVideoTooLong');
  return ms;
}

/** Checks the bytes of one file as material of a type known from its bytes. */
export async function checkMaterialFile(data: Buffer, name: string): Promise<CheckedFile> {
  if (data.length === 0) throw fail.invalid('uploadEmpty');
  const detected = detectType(data.subarray(0, HEAD_BYTES), name, true);
  if (!detected) throw fail.invalid('fileTypeNotAllowed');
  if (!extensionMatches(name, detected)) throw fail.invalid('fileTypeMismatch');
  const type = typeOfKind(detected.kind);
  let durationMs: number | null = null;
  if (type === MATERIAL_TYPE.image) await checkImage(data);
  else if (type === MATERIAL_TYPE.video) durationMs = checkVideo(data);
  else if (data.length > MATERIAL_FILE_MAX_BYTES) throw fail.tooLarge('materialFileTooLarge');
  return { data, name, type, detected, durationMs };
}

/**
 * Checks the files of one upload: up to 9 pictures, or one video, or one voice or document
 * (SPEC.md §5); pictures are not mixed with other files.
 */
export async function checkUpload(files: { data: Buffer; name: string }[]): Promise<CheckedFile[]> {
  if (files.length === 0) throw fail.invalid('uploadFileMissing');
  const out: CheckedFile[] = [];
  for (const f of files) {
    try {
      out.push(await checkMaterialFile(f.data, f.name));
    } catch (err) {
      // One picture of several refused: say which (the whole upload still stores nothing).
      throw files.length > 1 && err instanceof AppError ? new FileError(f.name, err) : err;
    }
  }
  const first = out[0]!.type;
  if (out.some((f) => f.type !== first)) throw fail.invalid('materialMixedUpload');
  if (first === MATERIAL_TYPE.image) {
    if (out.length > MATERIAL_IMAGES_PER_UPLOAD) throw fail.invalid('materialTooManyImages');
  } else if (out.length > 1) {
    throw fail.invalid(first === MATERIAL_TYPE.video ? 'materialOneVideo' : 'materialOneFile');
  }
  return out;
}

/** A new storage key for a material file: server-owned, beside no upload folder. */
export function materialKey(tenantId: string, ext: string): string {
  return `t/${tenantId}/material/${randomUUID()}${ext}`;
}
