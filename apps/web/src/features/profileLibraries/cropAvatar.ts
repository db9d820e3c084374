import { AVATAR_MAX_PX, AVATAR_MIN_PX } from '@cst/shared';

/** Where the square crop lies on the picture, in the picture's own pixels. */
export interface CropArea {
  x: number;
  y: number;
  side: number;
}

/** The largest centred square of a picture, shrunk by `zoom` (1 = the whole short side). */
export function centredCrop(width: number, height: number, zoom = 1): CropArea {
  const side = Math.max(1, Math.round(Math.min(width, height) / zoom));
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

/** Keeps a crop inside the picture. */
export function clampCrop(area: CropArea, width: number, height: number): CropArea {
  const side = Math.min(area.side, width, height);
  return {
    side,
    x: Math.min(Math.max(0, area.x), width - side),
    y: Math.min(Math.max(0, area.y), height - side),
  };
}

/** An output size within SPEC's 200–400 px. */
export function outputSize(px: number): number {
  return Math.min(AVATAR_MAX_PX, Math.max(AVATAR_MIN_PX, Math.round(px)));
}

/** Draws the crop at `size`×`size` and encodes it as a JPEG (the server stores it at 72 DPI). */
export function renderCrop(img: HTMLImageElement, area: CropArea, size: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const px = outputSize(size);
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no canvas'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, px, px);
  ctx.drawImage(img, area.x, area.y, area.side, area.side, 0, 0, px, px);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', 0.92),
  );
}
