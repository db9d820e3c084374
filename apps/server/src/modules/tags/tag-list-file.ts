import { MAX_TAG_LIST_ROWS } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { firstSheetRows, isOleFile, xlsFirstSheetRows, checkZip } from '../fan-import/index.ts';
import { fileByKey, keyOfUrl } from '../files/index.ts';

/** Largest list file read (a txt of 100,000 ids is about 3 MB). */
const MAX_LIST_BYTES = 10 * 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The old binary Excel format (.xls, Excel 97–2003). */
const XLS = 'application/vnd.ms-excel';

/** Parsed lists by storage key: a stored file never changes, and a bulk tagging reads it per step. */
const cache = new Map<string, string[]>();
const CACHE_SIZE = 8;

/** The first cell of each line (tab, comma, semicolon or space separated), trimmed. */
function firstCell(line: string): string {
  return (line.split(/[\t,;\s]/)[0] ?? '').trim();
}

/** Adds a value, refusing a list longer than the limit. */
function push(out: Set<string>, value: string): void {
  if (!value || value.length > 128) return;
  out.add(value);
  if (out.size > MAX_TAG_LIST_ROWS) {
    throw fail.invalid('tagListFileTooLarge', { max: MAX_TAG_LIST_ROWS });
  }
}

async function readXlsx(bytes: Buffer, out: Set<string>): Promise<void> {
  if (isOleFile(bytes)) {
    // An .xls: read whole (not compressed, so its size bounds it), first column.
    for (const row of await xlsFirstSheetRows(bytes, MAX_TAG_LIST_ROWS * 2)) {
      push(out, firstCell(row.cells[0] ?? ''));
    }
    return;
  }
  // Checked (no zip bomb), streamed, first sheet, first column: a huge sheet stops at the limit.
  for await (const row of firstSheetRows(bytes, await checkZip(bytes))) {
    const cell = row.getCell(1).value;
    const text =
      typeof cell === 'string' || typeof cell === 'number'
        ? String(cell)
        : (cell?.toString() ?? '');
    push(out, firstCell(text));
  }
}

/**
 * The wxids / phones of an uploaded list (txt: one a line; xlsx or xls: the first column of the
 * first sheet), distinct; a header row that is no id simply matches nobody. 400 for a file that is not
 * the tenant's upload, not txt / xlsx, unreadable, empty or over MAX_TAG_LIST_ROWS rows.
 */
export async function readTagList(
  deps: Uses<'storage'>,
  tenantId: string,
  url: string,
): Promise<string[]> {
  const key = keyOfUrl(url);
  const file = key ? await fileByKey(deps.db, tenantId, key) : null;
  if (!key || !file || file.source !== 'upload') throw fail.invalid('tagListFileInvalid');
  const cached = cache.get(key);
  if (cached) return cached;
  const isText = file.mime.startsWith('text/plain');
  if ((!isText && file.mime !== XLSX && file.mime !== XLS) || file.size > MAX_LIST_BYTES) {
    throw fail.invalid('tagListFileInvalid');
  }
  const bytes = await deps.storage.read(key);
  if (!bytes) throw fail.invalid('tagListFileInvalid');
  const out = new Set<string>();
  if (isText) {
    for (const line of bytes.toString('utf8').split(/\r?\n/)) push(out, firstCell(line));
  } else {
    try {
      await readXlsx(bytes, out);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fail.invalid('tagListFileInvalid');
    }
  }
  if (out.size === 0) throw fail.invalid('tagListFileEmpty');
  const list = [...out];
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, list);
  return list;
}
