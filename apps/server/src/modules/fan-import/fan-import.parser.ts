import {
  FAN_IMPORT_MAX_ROWS,
  FAN_IMPORT_TXT_MAX_BYTES,
  FAN_IMPORT_XLSX_MAX_BYTES,
  type FanImportFormat,
} from '@cst/shared';
import type { RawRow } from './fan-import.rows.ts';
import { ImportFileError } from './import-file-error.ts';
import { firstSheetRows } from './xlsx-first-sheet.ts';
import { isOleFile, xlsFirstSheetRows, type XlsRow } from './xls-first-sheet.ts';
import { checkZip } from './zip-guard.ts';

/** Headers of the template's four columns (the first one required), per language. */
export const TEMPLATE_HEADERS = {
  'zh-CN': ['手机号或账号', '打招呼语', '备注', '标签'],
  en: ['Phone or account id', 'Greeting', 'Remark', 'Tags'],
} as const;

// Each column's accepted headers, compared after `headerKey`.
const HEADER_ALIASES: ReadonlySet<string>[] = [
  [
    '手机号或账号',
    '手机号/账号',
    '手机号',
    '账号',
    '微信号',
    'phoneoraccountid',
    'phone',
    'account',
  ],
  ['打招呼语', '招呼语', '申请备注', '验证语', 'greeting'],
  ['备注', '备注名', 'remark'],
  ['标签', 'tags', 'tag'],
].map((names) => new Set(names.map(headerKey)));

/** A header cell compared without case, spaces, `*` or a bracketed note like （选填）. */
function headerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s*＊:：]/g, '');
}

/** Whether a row is the template's header: column 1 names the target, the others fit theirs. */
export function isTemplateHeader(cells: string[]): boolean {
  if (!HEADER_ALIASES[0]!.has(headerKey(cells[0] ?? ''))) return false;
  return cells
    .slice(1, 4)
    .every((c, i) => c.trim() === '' || HEADER_ALIASES[i + 1]!.has(headerKey(c)));
}

/**
 * The format of an upload from its first bytes and name: a zip container (xlsx) or an OLE one
 * (the old binary xls) is a spreadsheet, `xlsx` (also when misnamed), anything else named .txt is
 * text. Throws what the user should read.
 */
export function importFormatOf(head: Buffer, size: number, name: string): FanImportFormat {
  if (size === 0) throw new ImportFileError('fanImportEmpty');
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  let format: FanImportFormat;
  // A zip (xlsx) or an OLE file (the old binary xls): both are spreadsheets, read by their bytes.
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) format = 'xlsx';
  else if (isOleFile(head)) format = 'xlsx';
  else if (ext === 'txt' || ext === 'csv' || ext === '') format = 'txt';
  else if (ext === 'xlsx' || ext === 'xls') throw new ImportFileError('fanImportNoData');
  else throw new ImportFileError('fanImportFileType');
  if (format === 'xlsx' && size > FAN_IMPORT_XLSX_MAX_BYTES) {
    throw new ImportFileError('fanImportTooLarge');
  }
  if (format === 'txt' && size > FAN_IMPORT_TXT_MAX_BYTES) {
    throw new ImportFileError('fanImportTxtTooLarge');
  }
  return format;
}

type CellText = { text: string } | { formula: true };

/** The text of a cell's value; a formula gives its cached result and is never evaluated. */
function cellText(v: unknown): CellText {
  if (v === null || v === undefined) return { text: '' };
  if (typeof v === 'string') return { text: v };
  if (typeof v === 'number') {
    return { text: Number.isInteger(v) && Math.abs(v) < 1e21 ? v.toFixed(0) : String(v) };
  }
  if (typeof v === 'boolean') return { text: String(v) };
  if (v instanceof Date) return { text: Number.isNaN(v.getTime()) ? '' : v.toISOString() };
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o) {
      const r = o.result;
      if (r === undefined || r === null || (typeof r === 'object' && 'error' in r)) {
        return { formula: true };
      }
      return cellText(r);
    }
    if (Array.isArray(o.richText)) {
      return {
        text: (o.richText as { text?: unknown }[])
          .map((p) => (typeof p.text === 'string' ? p.text : ''))
          .join(''),
      };
    }
    if ('text' in o) return cellText(o.text);
    if (typeof o.error === 'string') return { text: o.error };
  }
  return { text: '' };
}

/** Rows a sheet may hold in all, blank ones included, before it is refused as too long. */
const MAX_SHEET_ROWS = FAN_IMPORT_MAX_ROWS * 3;

function tooManyRows(): ImportFileError {
  return new ImportFileError('fanImportTooManyRows', { max: FAN_IMPORT_MAX_ROWS });
}

/** Turns the cells of one row into a raw row; null for a blank row. */
function rowOf(line: number, cells: CellText[]): RawRow | null {
  const text = cells.map((c) => ('text' in c ? c.text : ''));
  const formula = cells.some((c) => 'formula' in c);
  if (!formula && text.every((t) => t.trim() === '')) return null;
  return {
    line,
    target: text[0] ?? '',
    greeting: text[1] ?? '',
    remark: text[2] ?? '',
    tags: text[3] ?? '',
    ...(formula ? { formula } : {}),
  };
}

/**
 * Streams the data rows of the first sheet of an xlsx (the template: a header row, then one person
 * a row). The container is checked first ({@link checkZip}); the sheet is read by
 * {@link firstSheetRows} row by row, never held whole. Throws {@link ImportFileError}.
 */
export async function* readXlsxRows(file: Buffer): AsyncGenerator<RawRow> {
  if (isOleFile(file)) {
    yield* readXlsRows(file);
    return;
  }
  const tiles = await checkZip(file);
  let header = false;
  let seen = 0;
  let rows = 0;
  try {
    for await (const row of firstSheetRows(file, tiles)) {
      if (++seen > MAX_SHEET_ROWS) throw tooManyRows();
      const cells = [1, 2, 3, 4].map((i) => cellText(row.getCell(i).value));
      // A row without a usable number (`r` missing or odd) is placed by its count.
      const line = Number.isSafeInteger(row.number) && row.number > 0 ? row.number : seen;
      const raw = rowOf(line, cells);
      if (!raw) continue;
      if (!header) {
        if (raw.formula || !isTemplateHeader(cells.map((c) => ('text' in c ? c.text : '')))) {
          throw new ImportFileError('fanImportBadTemplate');
        }
        header = true;
        continue;
      }
      if (++rows > FAN_IMPORT_MAX_ROWS) throw tooManyRows();
      yield raw;
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    // Broken XML, a missing part, a cell address exceljs cannot read: not a spreadsheet we take.
    throw new ImportFileError('fanImportNoData');
  }
  if (!header) throw new ImportFileError('fanImportNoData');
  if (rows === 0) throw new ImportFileError('fanImportNoData');
}

/**
 * The data rows of the first sheet of an old binary .xls, with the same template, limits and
 * messages as {@link readXlsxRows}.
 */
async function* readXlsRows(file: Buffer): AsyncGenerator<RawRow> {
  let sheet: XlsRow[];
  try {
    sheet = await xlsFirstSheetRows(file, MAX_SHEET_ROWS + 1);
  } catch {
    throw new ImportFileError('fanImportNoData');
  }
  if (sheet.length > MAX_SHEET_ROWS) throw tooManyRows();
  let header = false;
  let rows = 0;
  for (const row of sheet) {
    const cells = [0, 1, 2, 3].map((i) => ({ text: row.cells[i] ?? '' }));
    const raw = rowOf(row.number, cells);
    if (!raw) continue;
    if (!header) {
      if (!isTemplateHeader(cells.map((c) => c.text))) {
        throw new ImportFileError('fanImportBadTemplate');
      }
      header = true;
      continue;
    }
    if (++rows > FAN_IMPORT_MAX_ROWS) throw tooManyRows();
    yield raw;
  }
  if (!header || rows === 0) throw new ImportFileError('fanImportNoData');
}

/** Longest line of a txt import; a longer one means the file is not a list. */
const MAX_TXT_LINE = 16 * 1024;

/**
 * Streams the rows of a UTF-8 text file: one person a line, the columns of the template separated
 * by tabs (a header line is optional). Binary content (invalid UTF-8, NUL) is refused.
 */
export async function* readTxtRows(source: AsyncIterable<Buffer | string>): AsyncGenerator<RawRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  let line = 0;
  let rows = 0;
  let first = true;
  const take = function* (text: string): Generator<RawRow> {
    line++;
    if (text.includes('\0')) throw new ImportFileError('fanImportNoData');
    const cells = text
      .replace(/^\uFEFF/, '')
      .replace(/\r$/, '')
      .split('\t');
    const raw = rowOf(
      line,
      cells.slice(0, 4).map((t) => ({ text: t })),
    );
    if (!raw) return;
    if (first) {
      first = false;
      if (isTemplateHeader(cells)) return;
    }
    if (++rows > FAN_IMPORT_MAX_ROWS) throw tooManyRows();
    yield raw;
  };
  try {
    for await (const chunk of source) {
      pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) yield* take(text);
      if (pending.length > MAX_TXT_LINE) throw new ImportFileError('fanImportNoData');
    }
    pending += decoder.decode();
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('fanImportNoData');
  }
  if (pending !== '') yield* take(pending);
  if (rows === 0) throw new ImportFileError('fanImportNoData');
}
