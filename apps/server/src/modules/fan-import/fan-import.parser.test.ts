import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FAN_IMPORT_MAX_ROWS } from '@cst/shared';
import { checkRows } from './fan-import.check.ts';
import { importFormatOf, readTxtRows, readXlsxRows } from './fan-import.parser.ts';
import type { RawRow } from './fan-import.rows.ts';
import { templateBytes } from './fan-import.template.ts';
import {
  deflatePart,
  phoneRowsXml,
  rawXlsx,
  reorderedZip,
  xlsxOf,
  zipOf,
} from './fan-import.test-support.ts';
import { ImportFileError } from './import-file-error.ts';

async function collect(rows: AsyncIterable<RawRow>): Promise<RawRow[]> {
  const out: RawRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

/** The message key a read fails with (or 'ok'). */
async function failure(rows: AsyncIterable<RawRow>): Promise<string> {
  try {
    await collect(rows);
    return 'ok';
  } catch (err) {
    if (err instanceof ImportFileError) return err.key;
    throw err;
  }
}

const txt = (text: string | Buffer, chunk = 7) => {
  const b = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < b.length; i += chunk) parts.push(b.subarray(i, i + chunk));
  return readTxtRows(Readable.from(parts));
};

const noTried = () => Promise.resolve(new Set<string>());
const HEADER = ['手机号或账号', '打招呼语', '备注', '标签'];

describe('import format and size (SPEC §5)', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
  const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

  it('refuses an empty file, an xlsx over 5MB and a txt over 10MB', () => {
    const key = (f: () => unknown) => {
      try {
        f();
        return 'ok';
      } catch (err) {
        return (err as ImportFileError).key;
      }
    };
    expect(key(() => importFormatOf(Buffer.alloc(0), 0, 'a.xlsx'))).toBe('fanImportEmpty');
    expect(key(() => importFormatOf(zip, 5 * 1024 * 1024 + 1, 'a.xlsx'))).toBe('fanImportTooLarge');
    expect(importFormatOf(zip, 5 * 1024 * 1024, 'a.xlsx')).toBe('xlsx');
    const text = Buffer.from('1390000');
    expect(importFormatOf(text, 10 * 1024 * 1024, 'a.txt')).toBe('txt');
    expect(key(() => importFormatOf(text, 10 * 1024 * 1024 + 1, 'a.txt'))).toBe(
      'fanImportTxtTooLarge',
    );
    // The old binary xls (an OLE container) is a spreadsheet too, read by its own reader.
    expect(importFormatOf(ole, 100, 'a.xls')).toBe('xlsx');
    expect(key(() => importFormatOf(text, 100, 'a.xlsx'))).toBe('fanImportNoData');
    expect(key(() => importFormatOf(text, 100, 'a.pdf'))).toBe('fanImportFileType');
    // A zip named .xls is an xlsx saved under the old name: read it.
    expect(importFormatOf(zip, 100, 'a.xls')).toBe('xlsx');
  });
});

describe('xlsx rows', () => {
  it('reads the template with rows, skipping blank ones, keeping numbers as typed', async () => {
    const file = await xlsxOf([
      HEADER,
      ['13800138000', '你好', '王先生', '意向,VIP'],
      [],
      [13900139000, null, null, null],
      ['wxid_abcdef', { richText: [{ text: 'hi ' }, { text: 'there' }] }],
    ]);
    const rows = await collect(readXlsxRows(file));
    expect(rows.map((r) => [r.line, r.target, r.greeting, r.remark, r.tags])).toEqual([
      [2, '13800138000', '你好', '王先生', '意向,VIP'],
      [4, '13900139000', '', '', ''],
      [5, 'wxid_abcdef', 'hi there', '', ''],
    ]);
  });

  const template = () =>
    xlsxOf([HEADER, ['13800138000', '你好', '王先生', '意向,VIP'], [13900139000]]);
  const read = async (file: Buffer) =>
    (await collect(readXlsxRows(file))).map((r) => [r.line, r.target, r.greeting, r.tags]);
  const expected = [
    [2, '13800138000', '你好', '意向,VIP'],
    [3, '13900139000', '', ''],
  ];

  it('reads a good file when the machine is slow on disk and zip work interleaves', async () => {
    // exceljs parks a worksheet that comes before the shared strings in a temp file; on a loaded
    // machine unzipper reached the end of the zip meanwhile and the parts after the sheet were
    // dropped: a good upload read as "no data". Slow the temp file down to make it happen always.
    const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as {
      file: (...args: unknown[]) => void;
    };
    const original = tmp.file;
    tmp.file = (...args: unknown[]) => setTimeout(() => original.apply(tmp, args), 30);
    try {
      expect(await read(await template())).toEqual(expected);
    } finally {
      tmp.file = original;
    }
  });

  it('reads the parts of the zip in any order', async () => {
    const file = await template();
    const sheet = 'xl/worksheets/sheet1.xml';
    const strings = 'xl/sharedStrings.xml';
    const rels = 'xl/_rels/workbook.xml.rels';
    const workbook = 'xl/workbook.xml';
    const orders = [
      [sheet], // the sheet first of all
      [strings, rels, sheet], // workbook.xml after the sheet, the strings before it
      [workbook, rels, sheet, strings], // Excel's order: the strings after the sheet
      [workbook, rels, strings, sheet],
    ];
    for (const order of orders) expect(await read(reorderedZip(file, order))).toEqual(expected);
  });

  it('accepts the downloaded template in both languages', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const template = await templateBytes('xlsx', lang);
      // The template alone has a header and no data.
      expect(await failure(readXlsxRows(template))).toBe('fanImportNoData');
    }
  });

  it('refuses a sheet without the template header', async () => {
    expect(await failure(readXlsxRows(await xlsxOf([['13800138000'], ['13900139000']])))).toBe(
      'fanImportBadTemplate',
    );
    expect(
      await failure(
        readXlsxRows(
          await xlsxOf([
            ['姓名', '电话'],
            ['a', '1'],
          ]),
        ),
      ),
    ).toBe('fanImportBadTemplate');
  });

  it('uses a formula’s cached value and never evaluates; a formula without one fails its row', async () => {
    const file = await xlsxOf([
      HEADER,
      [{ formula: '"138"&"00138000"', result: '13800138000' }],
      [{ formula: 'WEBSERVICE("http://127.0.0.1:1/x")' }],
      [{ formula: '1/0', result: { error: '#DIV/0!' } }],
    ]);
    const rows = await collect(readXlsxRows(file));
    expect(rows.map((r) => [r.target, r.formula ?? false])).toEqual([
      ['13800138000', false],
      ['', true],
      ['', true],
    ]);
    const outcome = await checkRows(readXlsxRows(file), noTried);
    expect(outcome).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    expect(outcome.problems.map((p) => p.key)).toEqual([
      'fanImportRowFormula',
      'fanImportRowFormula',
    ]);
  });

  it('refuses broken files and binary junk as no data or wrong format', async () => {
    const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(4000)]);
    expect(await failure(readXlsxRows(junk))).toBe('fanImportNoData');
    const good = await xlsxOf([HEADER, ['13800138000']]);
    expect(await failure(readXlsxRows(good.subarray(0, good.length - 40)))).toBe('fanImportNoData');
    // A valid zip holding no workbook.
    const notXlsx = zipOf([await deflatePart('hello.txt', ['hello'])]);
    expect(await failure(readXlsxRows(notXlsx))).toBe('fanImportNoData');
    // A sheet of broken XML.
    const broken = await rawXlsx(['<row r="1"><c r="A1" t="inlineStr"><is><t>手机号</t></is></c>']);
    expect(await failure(readXlsxRows(broken))).not.toBe('ok');
  });

  it('refuses a zip bomb without inflating it in memory', async () => {
    // 200 MB of spaces inside the sheet: a few hundred KB on disk.
    const spaces = (function* () {
      const mb = ' '.repeat(1024 * 1024);
      for (let i = 0; i < 200; i++) yield mb;
    })();
    const before = process.memoryUsage().rss;
    const honest = await rawXlsx(spaces);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await failure(readXlsxRows(honest))).toBe('fanImportUnpackedTooLarge');
    // The same bomb whose headers claim it is small.
    const lying = await rawXlsx(
      (function* () {
        const mb = ' '.repeat(1024 * 1024);
        for (let i = 0; i < 200; i++) yield mb;
      })(),
      (sheet) => ({ ...sheet, declaredSize: 1000 }),
    );
    expect(await failure(readXlsxRows(lying))).toBe('fanImportUnpackedTooLarge');
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('stops a sheet of 1,000,000 rows at the row cap with a clear message', async () => {
    const file = await rawXlsx(phoneRowsXml(1_000_000));
    const err = await collect(readXlsxRows(file)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).key).toBe('fanImportTooManyRows');
    expect((err as ImportFileError).params).toEqual({ max: FAN_IMPORT_MAX_ROWS });
  }, 60_000);

  it('reads exactly the cap', async () => {
    const file = await rawXlsx(phoneRowsXml(FAN_IMPORT_MAX_ROWS));
    const outcome = await checkRows(readXlsxRows(file), noTried);
    expect(outcome).toMatchObject({ total: FAN_IMPORT_MAX_ROWS, valid: FAN_IMPORT_MAX_ROWS });
  }, 60_000);
});

/** An old binary Excel file (BIFF8, as Excel 97–2003 saves it) of `rows`, SheetJS-written. */
function xlsOf(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

describe('xls rows (Excel 97–2003)', () => {
  const header = ['手机号或账号*', '打招呼语', '备注', '标签'];

  it('reads the template with rows, skipping blank ones, numbers as typed', async () => {
    const file = xlsOf([
      header,
      [13800138000, '你好', '老客户', 'VIP'],
      [],
      ['wxid_old_excel', '', '', ''],
    ]);
    expect(importFormatOf(file.subarray(0, 8), file.length, '名单.xls')).toBe('xlsx');
    expect(await collect(readXlsxRows(file))).toEqual([
      { line: 2, target: '13800138000', greeting: '你好', remark: '老客户', tags: 'VIP' },
      { line: 4, target: 'wxid_old_excel', greeting: '', remark: '', tags: '' },
    ]);
  });

  it('refuses a sheet without the template header, an empty one and OLE junk', async () => {
    expect(await failure(readXlsxRows(xlsOf([['随便'], ['13800138000']])))).toBe(
      'fanImportBadTemplate',
    );
    expect(await failure(readXlsxRows(xlsOf([header])))).toBe('fanImportNoData');
    const junk = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), randomBytes(4096)]);
    expect(await failure(readXlsxRows(junk))).toBe('fanImportNoData');
  });
});

describe('txt rows', () => {
  it('reads one person a line with tab-separated columns and an optional header', async () => {
    const rows = await collect(
      txt(
        '\uFEFF手机号或账号\t打招呼语\r\n13800138000\t你好\t张三\tA、B\r\n\r\nwxid_abcdef\n+1 415 555 0100',
      ),
    );
    expect(rows.map((r) => [r.line, r.target, r.greeting, r.remark, r.tags])).toEqual([
      [2, '13800138000', '你好', '张三', 'A、B'],
      [4, 'wxid_abcdef', '', '', ''],
      [5, '+1 415 555 0100', '', '', ''],
    ]);
    expect((await collect(txt('13800138000\n13900139000'))).length).toBe(2);
  });

  it('refuses binary junk, an empty list and a list over the row cap', async () => {
    expect(await failure(txt(randomBytes(5000)))).toBe('fanImportNoData');
    expect(await failure(txt('13800138000\n\0\0\0'))).toBe('fanImportNoData');
    expect(await failure(txt('\n\n  \n'))).toBe('fanImportNoData');
    expect(await failure(txt('手机号或账号\n'))).toBe('fanImportNoData');
    expect(await failure(txt('x'.repeat(100_000)))).toBe('fanImportNoData');
    const million = Buffer.from('a\n'.repeat(1_000_000));
    expect(await failure(txt(million, 65536))).toBe('fanImportTooManyRows');
  });
});
