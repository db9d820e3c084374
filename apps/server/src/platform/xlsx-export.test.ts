import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { keysetRows, pagedRows, sendXlsx, writeXlsx, type XlsxColumn } from './xlsx-export.ts';

interface Person {
  name: string;
  age: number | null;
  joinedAt: number;
}

const columns: XlsxColumn<Person>[] = [
  { header: { 'zh-CN': '姓名', en: 'Name' }, value: (p) => p.name },
  { header: { 'zh-CN': '年龄', en: 'Age' }, kind: 'number', value: (p) => p.age },
  { header: { 'zh-CN': '加入时间', en: 'Joined' }, kind: 'time', value: (p) => p.joinedAt },
];

async function* from<T>(rows: T[]) {
  yield* rows;
}

async function readBack(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

async function toBuffer(run: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await run(out);
  await ended;
  return Buffer.concat(chunks);
}

describe('writeXlsx', () => {
  it('writes the headers in the caller’s language and every row, times in the caller’s zone', async () => {
    const joined = Date.UTC(2026, 0, 2, 3, 4, 5);
    let count = 0;
    const buffer = await toBuffer(async (out) => {
      count = await writeXlsx(out, {
        sheetName: { 'zh-CN': '人员', en: 'People' },
        columns,
        lang: 'zh-CN',
        tzOffset: -480, // UTC+8
        rows: from([
          { name: '张三', age: 30, joinedAt: joined },
          { name: 'Bob', age: null, joinedAt: joined },
        ]),
      });
    });
    expect(count).toBe(2);
    const { sheet, rows } = await readBack(buffer);
    expect(sheet.name).toBe('人员');
    expect(rows[0]).toEqual(['姓名', '年龄', '加入时间']);
    expect(rows[1]!.slice(0, 2)).toEqual(['张三', 30]);
    expect(rows[2]![1]).toBeUndefined();
    // 03:04:05 UTC reads 11:04:05 in UTC+8.
    expect((rows[1]![2] as Date).toISOString()).toBe('2026-01-02T11:04:05.000Z');
    expect(sheet.getColumn(3).numFmt ?? sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('streams a long list with English headers', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ name: `p${i}`, age: i, joinedAt: 0 }));
    const buffer = await toBuffer((out) =>
      writeXlsx(out, {
        sheetName: { 'zh-CN': '人员', en: 'People' },
        columns,
        lang: 'en',
        rows: from(many),
      }),
    );
    const { rows } = await readBack(buffer);
    expect(rows).toHaveLength(20_001);
    expect(rows[0]).toEqual(['Name', 'Age', 'Joined']);
    expect(rows[20_000]!.slice(0, 2)).toEqual(['p19999', 19999]);
  });
});

describe('pagedRows', () => {
  it('asks page after page until a short one, never holding more than a chunk', async () => {
    const asked: [number, number][] = [];
    const data = Array.from({ length: 25 }, (_, i) => i);
    const got: number[] = [];
    for await (const n of pagedRows(async (page, size) => {
      asked.push([page, size]);
      return data.slice((page - 1) * size, page * size);
    }, 10)) {
      got.push(n);
    }
    expect(got).toEqual(data);
    expect(asked).toEqual([
      [1, 10],
      [2, 10],
      [3, 10],
    ]);
  });

  it('asks one more page when the list ends on a full page', async () => {
    const asked: number[] = [];
    const got: number[] = [];
    for await (const n of pagedRows(async (page) => {
      asked.push(page);
      return page === 1 ? [1, 2] : [];
    }, 2)) {
      got.push(n);
    }
    expect(got).toEqual([1, 2]);
    expect(asked).toEqual([1, 2]);
  });
});

describe('keysetRows', () => {
  it('asks for the chunk after the last row of the previous one, until a short chunk', async () => {
    const data = Array.from({ length: 25 }, (_, i) => ({ id: i * 2 }));
    const asked: (number | null)[] = [];
    const got: number[] = [];
    for await (const row of keysetRows(
      async (after: number | null, size) => {
        asked.push(after);
        return data.filter((d) => after === null || d.id > after).slice(0, size);
      },
      (row) => row.id,
      10,
    )) {
      got.push(row.id);
    }
    expect(got).toEqual(data.map((d) => d.id));
    expect(asked).toEqual([null, 18, 38]);
  });

  it('asks once more when the list ends on a full chunk, and never for an empty list twice', async () => {
    const asked: (string | null)[] = [];
    const got: string[] = [];
    for await (const row of keysetRows(
      async (after: string | null) => {
        asked.push(after);
        return after === null ? ['a', 'b'] : [];
      },
      (row) => row,
      2,
    )) {
      got.push(row);
    }
    expect(got).toEqual(['a', 'b']);
    expect(asked).toEqual([null, 'b']);
  });
});

describe('sendXlsx', () => {
  it('answers an xlsx attachment named in the caller’s language', async () => {
    const app = Fastify();
    app.get('/x', async (_req, reply) => {
      await sendXlsx(
        reply,
        {
          fileName: { 'zh-CN': '人员', en: 'people' },
          sheetName: { 'zh-CN': '人员', en: 'People' },
          columns,
          lang: 'zh-CN',
          rows: from([{ name: 'a', age: 1, joinedAt: 0 }]),
        },
        new Date(Date.UTC(2026, 10, 24, 9, 30)),
      );
      return reply;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('人员-20261124-0930.xlsx')}`,
    );
    const { rows } = await readBack(res.rawPayload);
    expect(rows.map((r) => r[0])).toEqual(['姓名', 'a']);
    await app.close();
  });

  it('lets an error of the first page answer as an error, before any byte is sent', async () => {
    const app = Fastify();
    app.get('/x', async (_req, reply) => {
      await sendXlsx(reply, {
        fileName: { 'zh-CN': 'x', en: 'x' },
        sheetName: { 'zh-CN': 'x', en: 'x' },
        columns,
        lang: 'en',
        rows: pagedRows<Person>(() =>
          Promise.reject(Object.assign(new Error('no'), { statusCode: 403 })),
        ),
      });
      return reply;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(403);
    await app.close();
  });
});
