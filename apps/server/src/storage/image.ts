import { MEDIUM_IMAGE_SIZE, THUMBNAIL_SIZE } from '@cst/shared';
import { lazyImport } from '../platform/lazy-import.ts';

const loadSharp = lazyImport(async () => (await import('sharp')).default);
/** Largest picture decoded (pixels): bigger ones are refused, not decoded (decompression bombs). */
const MAX_PIXELS = 60_000_000;

/** The picture could not be decoded. */
export class ImageInvalidError extends Error {
  constructor(cause: unknown) {
    super(`image invalid: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ImageInvalidError';
  }
}

/** Width and height of a picture (the whole file is decoded, so a damaged one is refused). */
export async function probeImage(
  input: Buffer | string,
): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const img = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await img.metadata();
    // Decode once so truncated or damaged data is caught, not only a valid header.
    await img.clone().resize(8, 8, { fit: 'inside' }).raw().toBuffer();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { width: meta.width, height: meta.height };
  } catch (err) {
    throw new ImageInvalidError(err);
  }
}

/** A 100×100 JPEG thumbnail (cropped to the centre; transparency on white). */
export async function makeThumbnail(input: Buffer | string): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (err) {
    throw new ImageInvalidError(err);
  }
}

/**
 * The medium variant of a picture larger than {@link MEDIUM_IMAGE_SIZE} on a side: a JPEG fitting
 * inside it (turned upright; transparency on white). Null when the picture is not larger: it is
 * its own medium variant.
 */
export async function makeMedium(
  input: Buffer | string,
  size: { width: number; height: number },
): Promise<Buffer | null> {
  if (size.width <= MEDIUM_IMAGE_SIZE && size.height <= MEDIUM_IMAGE_SIZE) return null;
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MEDIUM_IMAGE_SIZE, MEDIUM_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch (err) {
    throw new ImageInvalidError(err);
  }
}
