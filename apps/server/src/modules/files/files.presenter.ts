import { ossUrl, type UploadResult } from '@cst/shared';
import type { StoredFileRow } from './files.repository.ts';

/** An upload's answer from its record. */
export function presentUpload(row: StoredFileRow): UploadResult {
  return {
    key: row.key,
    url: ossUrl(row.key),
    size: row.size,
    mime: row.mime,
    kind: row.kind,
    width: row.width,
    height: row.height,
    thumbUrl: row.thumbKey ? ossUrl(row.thumbKey) : null,
  };
}
