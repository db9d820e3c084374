import { createInflateRaw } from 'node:zlib';
import { ImportFileError } from './import-file-error.ts';

/** Most bytes all entries of an imported xlsx may inflate to (a zip bomb is refused). */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
/** Most entries of an imported xlsx (Excel writes about a dozen). */
export const MAX_ZIP_ENTRIES = 1000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** Where one entry of a checked zip lies: its local header, data and descriptor, in file order. */
export interface ZipTile {
  name: string;
  start: number;
  end: number;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  uncompressed: number;
  offset: number;
}

const wrongFormat = () => new ImportFileError('fanImportNoData');
const tooBig = () => new ImportFileError('fanImportUnpackedTooLarge');

function endOfCentralDirectory(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  throw wrongFormat();
}

function centralEntries(buf: Buffer): { entries: Entry[]; cdStart: number } {
  const eocd = endOfCentralDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdStart = buf.readUInt32LE(eocd + 16);
  // Zip64 markers and directories pointing outside the file are not what a spreadsheet writes.
  if (count === 0xffff || cdStart === 0xffffffff || cdStart + cdSize > eocd) throw wrongFormat();
  if (count === 0) throw wrongFormat();
  if (count > MAX_ZIP_ENTRIES) throw wrongFormat();
  const entries: Entry[] = [];
  let p = cdStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw wrongFormat();
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      uncompressed: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return { entries, cdStart };
}

/** Bytes of a deflate stream once inflated, refusing (zip bomb) past `limit`. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let n = 0;
    inflate.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > limit) {
        inflate.destroy();
        reject(tooBig());
      }
    });
    inflate.on('end', () => resolve(n));
    inflate.on('error', () => reject(wrongFormat()));
    inflate.end(data);
  });
}

/**
 * Checks an xlsx container before exceljs streams it: the central directory is sane, the local
 * entries tile the file exactly (nothing hidden that a sequential reader would see but the
 * directory does not), no encryption or zip64, and every entry really inflates to no more than it
 * declares, all of them together to at most {@link MAX_UNZIPPED_BYTES}. The inflated bytes are
 * counted and dropped, never kept. Returns where each entry lies, in file order.
 */
export async function checkZip(buf: Buffer, maxUnzipped = MAX_UNZIPPED_BYTES): Promise<ZipTile[]> {
  const { entries, cdStart } = centralEntries(buf);
  const declared = entries.reduce((s, e) => s + e.uncompressed, 0);
  if (declared > maxUnzipped) throw tooBig();
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  let expected = 0;
  let total = 0;
  const tiles: ZipTile[] = [];
  for (const e of sorted) {
    if (e.offset !== expected || e.offset + 30 > cdStart) throw wrongFormat();
    if (buf.readUInt32LE(e.offset) !== LOCAL) throw wrongFormat();
    if (e.flags & 0x1 || (e.method !== 0 && e.method !== 8)) throw wrongFormat();
    const nameLen = buf.readUInt16LE(e.offset + 26);
    const extraLen = buf.readUInt16LE(e.offset + 28);
    const start = e.offset + 30 + nameLen + extraLen;
    const end = start + e.compressed;
    if (end > cdStart) throw wrongFormat();
    if (buf.toString('utf8', e.offset + 30, e.offset + 30 + nameLen) !== e.name) {
      throw wrongFormat();
    }
    let next = end;
    if (e.flags & 0x8) {
      // A data descriptor follows: crc, sizes (12 bytes), optionally after its signature.
      next += end + 4 <= cdStart && buf.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
    }
    const data = buf.subarray(start, end);
    const size =
      e.method === 0
        ? data.length
        : await inflatedSize(data, Math.min(e.uncompressed, maxUnzipped));
    if (size !== e.uncompressed) throw wrongFormat();
    total += size;
    if (total > maxUnzipped) throw tooBig();
    tiles.push({ name: e.name, start: e.offset, end: next });
    expected = next;
  }
  if (expected !== cdStart) throw wrongFormat();
  return tiles;
}
