import { ossUrl, type MaterialCard, type MaterialItem } from '@cst/shared';
import type { MaterialRow } from './material.repository.ts';

/** A library item as the panel and the page show it. */
export function presentMaterial(row: MaterialRow): MaterialItem {
  return {
    id: row.id,
    folderId: row.folderId,
    type: row.type,
    title: row.title,
    content: row.content,
    card: (row.card as MaterialCard | null) ?? null,
    fileUrl: row.fileKey ? ossUrl(row.fileKey) : null,
    thumbUrl: row.thumbKey ? ossUrl(row.thumbKey) : null,
    fileName: row.fileName,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    createdAt: row.createdAt.getTime(),
  };
}
