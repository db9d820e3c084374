import { PassThrough, type Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, type Language, type Text } from '@cst/shared';
import type { AuthContext } from './auth-context.ts';
import { defineRoute, type Access } from './http.ts';
import { lazyImport } from './lazy-import.ts';

const loadExcelJs = lazyImport(async () => (await import('exceljs')).default);

/** What a cell holds: text, a number, or (for `kind: 'time'`) epoch milliseconds. */
export type XlsxValue = string | number | boolean | null | undefined;

/** One column of an export: its header in each language, width and how a row fills it. */
export interface XlsxColumn<T> {
  header: Text;
  /** Width in characters (default 16). */
  width?: number;
  /** `time`: the value is epoch milliseconds, written as a date-time cell in the user's zone. */
  kind?: 'text' | 'number' | 'time';
  value: (row: T) => XlsxValue;
}

/** An export: file name (without extension), sheet name, columns and the rows to stream. */
export interface XlsxExport<T> {
  fileName: Text;
  sheetName: Text;
  columns: XlsxColumn<T>[];
  rows: AsyncIterable<T>;
  lang: Language;
  /** The browser's `Date#getTimezoneOffset()` in minutes (UTC when absent). */
  tzOffset?: number;
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A header or label in both languages: `text('账号', 'Account')`. */
export const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

function cellOf<T>(
  col: XlsxColumn<T>,
  row: T,
  tzOffset: number,
): string | number | boolean | Date | null {
  const v = col.value(row);
  if (v === null || v === undefined || v === '') return null;
  // xlsx dates have no zone: shift the instant so the cell reads the user's wall-clock time.
  if (col.kind === 'time' && typeof v === 'number') return new Date(v - tzOffset * 60_000);
  return v;
}

/**
 * Writes an xlsx workbook to a stream, one committed row at a time (exceljs' streaming writer),
 * so memory stays bounded however long the list is. Resolves with the number of data rows.
 */
export async function writeXlsx<T>(
  out: Writable,
  spec: Omit<XlsxExport<T>, 'fileName'>,
): Promise<number> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(spec.sheetName[spec.lang].slice(0, 31));
  sheet.columns = spec.columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? 16,
    style: c.kind === 'time' ? { numFmt: TIME_FORMAT } : {},
  }));
  const header = sheet.addRow(spec.columns.map((c) => c.header[spec.lang]));
  header.font = { bold: true };
  header.commit();
  const tz = spec.tzOffset ?? 0;
  let count = 0;
  for await (const row of spec.rows) {
    if (count >= EXPORT_MAX_ROWS) break;
    sheet.addRow(spec.columns.map((c) => cellOf(c, row, tz))).commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/**
 * Rows fetched page by page (`chunk` at a time) until a short page: an export reads the database
 * in bounded chunks instead of loading the whole list.
 */
export async function* pagedRows<T>(
  fetchPage: (page: number, pageSize: number) => Promise<T[]>,
  chunk = 500,
): AsyncGenerator<T> {
  for (let page = 1; ; page += 1) {
    const rows = await fetchPage(page, chunk);
    yield* rows;
    if (rows.length < chunk) return;
  }
}

/**
 * Rows fetched chunk by chunk, each continuing after the previous chunk's last row (keyset):
 * `fetchAfter(null, size)` reads the first chunk, `fetchAfter(cursorOf(last), size)` the next,
 * until a short chunk. Unlike {@link pagedRows}, a late chunk does not read and skip every row
 * before it, so a long export costs time in proportion to its length.
 */
export async function* keysetRows<T, C>(
  fetchAfter: (cursor: C | null, size: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  chunk = 500,
): AsyncGenerator<T> {
  for (let cursor: C | null = null; ;) {
    const rows = await fetchAfter(cursor, chunk);
    yield* rows;
    if (rows.length < chunk) return;
    cursor = cursorOf(rows[rows.length - 1]!);
  }
}

function attachmentName(base: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `${base}-${stamp}.xlsx`;
}

/**
 * Sends an export as an xlsx attachment, streamed. The first rows are fetched before anything is
 * sent, so a refused or failed query still answers with its proper error status.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  spec: XlsxExport<T>,
  now = new Date(),
): Promise<void> {
  const iterator = spec.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const rows: AsyncIterable<T> = {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
    },
  };
  const name = attachmentName(spec.fileName[spec.lang], now);
  const stream = new PassThrough();
  void reply
    .code(200)
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(stream);
  try {
    await writeXlsx(stream, { ...spec, rows });
  } catch (err) {
    // Headers are gone: cut the download short so the browser reports it as failed.
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
    reply.log.error({ err }, 'xlsx export failed');
  }
}

/** File and sheet names of an export. */
export type ExportNames<T> = Pick<XlsxExport<T>, 'fileName' | 'sheetName'>;

/** What every export route declares. */
interface ExportRouteBase<Q extends z.ZodType<{ tzOffset?: number }>, T> {
  url: string;
  access: Access;
  tags: string[];
  summary: string;
  /** The list's filters with the token and zone offset: `exportQueryOf(listQuery)`. */
  querystring: Q;
  /** File and sheet names (per caller when they differ, e.g. customers for the admin). */
  names: ExportNames<T> | ((auth: AuthContext) => ExportNames<T>);
  columns: (lang: Language, auth: AuthContext) => XlsxColumn<T>[];
}

/**
 * An export route: a GET answering an xlsx of a list under the same filters as the list. Its rows
 * come page by page (`fetchPage`, for lists that stay small) or, for a list that can grow long,
 * from `rows`: a service's keyset read ({@link keysetRows}), which never skips rows it has read.
 */
export type ExportRouteDef<Q extends z.ZodType<{ tzOffset?: number }>, T> = ExportRouteBase<Q, T> &
  (
    | {
        /** One page of rows, through the list's own service (so access and tenant rules hold). */
        fetchPage: (
          auth: AuthContext,
          query: z.output<Q>,
          page: number,
          pageSize: number,
        ) => Promise<T[]>;
        /** Rows a page (default 500; at most what the list's service allows). */
        chunk?: number;
      }
    | {
        /** Every row under the query, through the list's own service. */
        rows: (auth: AuthContext, query: z.output<Q>) => AsyncIterable<T>;
      }
  );

/** Registers an export route (session headers; the SPA saves the answer), streamed by {@link sendXlsx}. */
export function defineExportRoute<Q extends z.ZodType<{ tzOffset?: number }>, T>(
  app: FastifyInstance,
  def: ExportRouteDef<Q, T>,
): void {
  defineRoute(app, {
    method: 'GET',
    url: def.url,
    access: def.access,
    tags: def.tags,
    summary: def.summary,
    querystring: def.querystring,
    response: z.null(),
    raw: true,
    handler: async ({ auth, query, lang, reply }) => {
      const q = query as z.output<Q>;
      await sendXlsx(reply, {
        ...(typeof def.names === 'function' ? def.names(auth) : def.names),
        columns: def.columns(lang, auth),
        lang,
        tzOffset: q.tzOffset,
        rows:
          'rows' in def
            ? def.rows(auth, q)
            : pagedRows((page, pageSize) => def.fetchPage(auth, q, page, pageSize), def.chunk),
      });
      return null;
    },
  });
}
