import { lazyImport } from '../../platform/lazy-import.ts';

// The old binary Excel format (BIFF8 in an OLE container, `.xls`): read with SheetJS, which is
// maintained and has no known vulnerabilities at 0.20.3 (the `xlsx` package on npm stopped at
// 0.18.5, which has). Only values are read: no formulas are parsed or evaluated (a formula cell
// gives its cached result), no styles, HTML or macros. The file's size is limited by the caller
// (an xls is not compressed, so its size bounds what it holds); `maxRows` stops a long sheet.

/** SheetJS, loaded with the first .xls read (about 10 MB resident, docs/performance.md). */
const loadXlsx = lazyImport(() => import('@e965/xlsx'));

/** Whether bytes start an OLE compound file (the container of an .xls). */
export function isOleFile(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0;
}

/** The part of SheetJS's container reader used here (its types leave it `any`). */
interface CfbApi {
  read(data: Buffer, opts: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): unknown;
}

/** The stream that holds the workbook: `Workbook` (BIFF8, Excel 97 on) or `Book` (BIFF5). */
const XLSX_STREAMS = ['Workbook', 'Book'];

/** A row of the first sheet: its 1-based number and its cells as text. */
export interface XlsRow {
  number: number;
  cells: string[];
}

/**
 * The rows of the first sheet of an .xls, at most `maxRows` (blank ones included), each cell as
 * the text Excel shows. Rejects when the file is not a workbook SheetJS can read.
 */
export async function xlsFirstSheetRows(file: Buffer, maxRows: number): Promise<XlsRow[]> {
  const XLSX = await loadXlsx();
  // SheetJS reads what it can (a broken container as text): only a real OLE file with a workbook
  // stream is taken as a workbook.
  const cfb = (XLSX.CFB as CfbApi).read(file, { type: 'buffer' });
  if (!XLSX_STREAMS.some((name) => (XLSX.CFB as CfbApi).find(cfb, name))) {
    throw new Error('no workbook stream');
  }
  const book = XLSX.read(file, {
    type: 'buffer',
    sheetRows: maxRows,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
    dense: true,
  });
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet) return [];
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: true,
  });
  return grid.map((cells, i) => ({
    number: i + 1,
    cells: cells.map((c) => (c === null || c === undefined ? '' : String(c))),
  }));
}
