import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ZipTile } from './zip-guard.ts';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadExcelJs = lazyImport(async () => (await import('exceljs')).default);

/** exceljs' own test for a worksheet part (unanchored, as its reader matches it). */
const SHEET_PART = /xl\/worksheets\/sheet\d+[.]xml/;

/** The parts exceljs' reader must have seen before a worksheet, in the order it needs them. */
const FIRST_PARTS = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'];

/** Parts in the order the reader needs: workbook, its relations, shared strings, others, sheets. */
function readingOrder(tiles: readonly ZipTile[]): ZipTile[] {
  const rank = (t: ZipTile) => {
    const first = FIRST_PARTS.indexOf(t.name);
    if (first >= 0) return first;
    return SHEET_PART.test(t.name) ? FIRST_PARTS.length + 1 : FIRST_PARTS.length;
  };
  // Array sort is stable: parts of one rank keep the order the file has them in.
  return [...tiles].sort((a, b) => rank(a) - rank(b));
}

/**
 * Streams the rows of the first worksheet of an xlsx whose container {@link checkZip} has checked
 * (`tiles`), one row at a time with exceljs' streaming WorkbookReader, never holding the sheet.
 *
 * The file is not handed to exceljs as it is: its reader (4.4) stops taking zip entries when
 * unzipper emits `end` at the end-of-directory record, even while entries still wait in the
 * stream's buffer. When it was slow on an entry (a worksheet parked in a temp file because the
 * shared strings come later, as Excel and exceljs write them), the parts after it — shared
 * strings, `xl/workbook.xml` — were lost, and a good upload read as "no data" under load. So the
 * entries are fed in the order the reader needs them, without the central directory, on a stream
 * that stays open until the rows are read; with its strings and relations marked present the
 * reader streams each worksheet straight from the zip, never through a temp file. A worksheet thus
 * never waits for an entry that could be lost. Yields nothing for a zip without a worksheet.
 */
export async function* firstSheetRows(
  file: Buffer,
  tiles: readonly ZipTile[],
): AsyncGenerator<ExcelJS.Row> {
  const ordered = readingOrder(tiles);
  if (!ordered.some((t) => SHEET_PART.test(t.name))) return;
  const input = new Readable({ read() {} });
  input.push(Buffer.concat(ordered.map((t) => file.subarray(t.start, t.end))));
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  // The reader streams a worksheet directly once it holds shared strings and relations; the real
  // ones (fed first) replace these, and a workbook without shared strings reads inline text only.
  Object.assign(reader, { sharedStrings: [], workbookRels: [] });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) yield row;
      return;
    }
  } finally {
    input.destroy();
  }
}
