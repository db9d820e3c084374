import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';

/** One entry of a zip built by a test: its bytes deflated, and what the headers declare. */
export interface ZipPart {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
  /** What the headers claim the entry inflates to (a lying bomb claims little). */
  declaredSize?: number;
}

/** Deflates text produced chunk by chunk, without holding the whole text. */
export async function deflatePart(name: string, chunks: Iterable<string>): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  let size = 0;
  for (const text of chunks) {
    const b = Buffer.from(text, 'utf8');
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  }
  const ended = new Promise<void>((resolve) => deflate.once('end', () => resolve()));
  deflate.end();
  await ended;
  return { name, deflated: Buffer.concat(out), crc, size };
}

/** A zip of the parts (deflate, no data descriptors), as Excel writes one. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const declared = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, p.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="List" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** An xlsx whose only sheet's XML is produced chunk by chunk (`sheetData` content). */
export async function rawXlsx(
  sheetRows: Iterable<string>,
  tweak?: (sheet: ZipPart) => ZipPart,
): Promise<Buffer> {
  const sheet = await deflatePart(
    'xl/worksheets/sheet1.xml',
    (function* () {
      yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
      yield* sheetRows;
      yield '</sheetData></worksheet>';
    })(),
  );
  return zipOf([
    await deflatePart('[Content_Types].xml', [CONTENT_TYPES]),
    await deflatePart('_rels/.rels', [RELS]),
    await deflatePart('xl/workbook.xml', [WORKBOOK]),
    await deflatePart('xl/_rels/workbook.xml.rels', [WORKBOOK_RELS]),
    tweak ? tweak(sheet) : sheet,
  ]);
}

/** Rows of phone numbers as sheet XML, `count` of them after the template header, in chunks. */
export function* phoneRowsXml(count: number, header = true): Generator<string> {
  let r = 1;
  if (header) {
    yield `<row r="1"><c r="A1" t="inlineStr"><is><t>手机号或账号</t></is></c></row>`;
    r = 2;
  }
  const CHUNK = 5000;
  for (let i = 0; i < count; i += CHUNK) {
    let s = '';
    for (let j = i; j < Math.min(count, i + CHUNK); j++, r++) {
      s += `<row r="${r}"><c r="A${r}"><v>${13_000_000_000 + j}</v></c></row>`;
    }
    yield s;
  }
}

/** A workbook made with exceljs: the first sheet's rows as given (cells may be formulas). */
export async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('List');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The deflated entries of a zip without data descriptors (as exceljs writes), folders left out. */
export function partsOf(zip: Buffer): ZipPart[] {
  const parts: ZipPart[] = [];
  let p = 0;
  while (zip.readUInt32LE(p) === 0x04034b50) {
    const compressed = zip.readUInt32LE(p + 18);
    const nameLen = zip.readUInt16LE(p + 26);
    const start = p + 30 + nameLen + zip.readUInt16LE(p + 28);
    const name = zip.toString('utf8', p + 30, p + 30 + nameLen);
    if (!name.endsWith('/')) {
      parts.push({
        name,
        deflated: zip.subarray(start, start + compressed),
        crc: zip.readUInt32LE(p + 14),
        size: zip.readUInt32LE(p + 22),
      });
    }
    p = start + compressed;
  }
  return parts;
}

/** The same zip with its entries in the order of `names` (entries not named keep their order). */
export function reorderedZip(zip: Buffer, names: readonly string[]): Buffer {
  const rank = (n: string) => (names.includes(n) ? names.indexOf(n) : names.length);
  return zipOf(partsOf(zip).sort((a, b) => rank(a.name) - rank(b.name)));
}
