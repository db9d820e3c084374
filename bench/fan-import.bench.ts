// Issue 14 §4 figure: a 100,000-row xlsx list parsed and checked (phone numbers normalised,
// duplicates, the data pool looked up in a real database) in under 5 s with under 200 MB of extra
// memory. Beside it, in the same run and on the same file: exceljs' streaming reader alone (the
// floor of any streamed read) and exceljs' whole-workbook `load` (what reading it in one piece
// costs in memory). Each reading runs in a child process of its own, so its memory is its own;
// memory is the peak resident size above the child's size just before the read (the database of
// the checking child warmed up first, as a running server's is).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { FAN_IMPORT_XLSX_MAX_BYTES } from '../packages/shared/src/fanImport.ts';
import { checkRows } from '../apps/server/src/modules/fan-import/fan-import.check.ts';
import { readXlsxRows } from '../apps/server/src/modules/fan-import/fan-import.parser.ts';
import { triedTargets } from '../apps/server/src/modules/fan-tasks/fan-pool.repository.ts';
import { openPglite, rowsOf, runMigrations } from '../apps/server/src/platform/db.ts';
import { report } from './lib.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Targets of the file already in the tenant's data pool. */
const TRIED = 10_000;

const phone = (i: number) => `13${String(100_000_000 + i).slice(0, 9)}`;

/** Writes the list as the template lays it out, streamed: every row a phone, some with more. */
async function writeList(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet('名单');
  sheet.addRow(['手机号或账号', '打招呼语', '备注', '标签']).commit();
  for (let i = 0; i < ROWS; i++) {
    sheet
      .addRow([
        i % 50 === 49 ? phone(i - 1) : phone(i),
        i % 10 === 0 ? `您好，我是小王 ${i % 7}` : null,
        i % 5 === 0 ? `客户${i}` : null,
        i % 20 === 0 ? 'VIP,意向' : null,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

interface ChildResult {
  ms: number;
  extraMb: number;
  /** Peak of V8's live heap plus buffers above the start (what the read holds, garbage aside). */
  heapMb: number;
  rows: number;
  detail?: string;
}

/** Samples resident memory every 10 ms while `run` works; the peak above the start. */
async function measure(
  run: () => Promise<{ rows: number; detail?: string }>,
): Promise<ChildResult> {
  const held = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const start = process.memoryUsage().rss;
  const heapStart = held();
  let peak = start;
  let heapPeak = heapStart;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heapPeak = Math.max(heapPeak, held());
  }, 10);
  const t0 = performance.now();
  const out = await run();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (n: number) => n / 1024 / 1024;
  return { ms, extraMb: mb(peak - start), heapMb: mb(heapPeak - heapStart), ...out };
}

async function child(mode: string, file: string): Promise<ChildResult> {
  if (mode === 'check') {
    const database = await openPglite(null);
    await runMigrations(database);
    const db = database.db;
    const [t] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into tenants (name) values ('bench') returning id`),
    );
    const tried = Array.from({ length: TRIED }, (_, i) => phone(i * 7));
    await db.execute(sql`
      insert into fan_pool (tenant_id, target, first_at, last_at)
      select ${t!.id}::uuid, x, 0, 0 from unnest(${sql.param(tried)}::text[]) x`);
    const buf = fs.readFileSync(file);
    // A running server's database has its memory already: look the same targets up once before
    // measuring, so the figure is the import's own (PGlite's WebAssembly heap never shrinks).
    for (let i = 0; i < ROWS; i += 1000) {
      await triedTargets(
        db,
        t!.id,
        Array.from({ length: 1000 }, (_, j) => phone(i + j)),
      );
    }
    const result = await measure(async () => {
      const o = await checkRows(readXlsxRows(buf), async (targets) => {
        return new Set((await triedTargets(db, t!.id, targets)).keys());
      });
      return {
        rows: o.total,
        detail: `valid ${o.valid}, duplicates ${o.duplicates}, tried ${o.tried}`,
      };
    });
    await database.close();
    return result;
  }
  if (mode === 'stream') {
    const buf = fs.readFileSync(file);
    return measure(async () => {
      const { Readable } = await import('node:stream');
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
        sharedStrings: 'cache',
        styles: 'ignore',
        hyperlinks: 'ignore',
        worksheets: 'emit',
        entries: 'ignore',
      });
      let rows = 0;
      for await (const sheet of reader) {
        for await (const row of sheet) {
          if (row.getCell(1).value !== null) rows++;
        }
        break;
      }
      return { rows: rows - 1 };
    });
  }
  return measure(async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    return { rows: workbook.worksheets[0]!.rowCount - 1 };
  });
}

function spawnChild(mode: string, file: string, heapCapMb?: number) {
  return spawnSync(
    process.execPath,
    [
      ...(heapCapMb ? [`--max-old-space-size=${heapCapMb}`] : []),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'fan-import.bench.ts'),
      mode,
      file,
    ],
    { encoding: 'utf8', env: { ...process.env, FAN_IMPORT_CHILD: '1' } },
  );
}

function runChild(mode: string, file: string, heapCapMb?: number): ChildResult {
  const r = spawnChild(mode, file, heapCapMb);
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (r.status !== 0 || !line) throw new Error(`${mode}: ${r.stderr || r.stdout}`);
  return JSON.parse(line) as ChildResult;
}

/** Whether a reading runs out of memory under a V8 heap cap. */
function outOfMemory(mode: string, file: string, heapCapMb: number): boolean {
  const r = spawnChild(mode, file, heapCapMb);
  return r.status !== 0 && /heap out of memory/.test(r.stderr);
}

async function main() {
  if (process.env.FAN_IMPORT_CHILD === '1') {
    const [mode, file] = process.argv.slice(2);
    console.log(JSON.stringify(await child(mode!, file!)));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fan-import-bench-'));
  try {
    const file = path.join(dir, 'list.xlsx');
    await writeList(file);
    const size = fs.statSync(file).size;
    console.log(
      `list: ${ROWS} rows, ${(size / 1024 / 1024).toFixed(2)} MB (limit ${FAN_IMPORT_XLSX_MAX_BYTES / 1024 / 1024} MB), ${TRIED} of its targets in the data pool`,
    );
    const check = runChild('check', file);
    const stream = runChild('stream', file);
    const whole = runChild('whole', file);
    console.log(`checked: ${check.rows} rows, ${check.detail}`);
    report(
      'parse + check 100,000-row xlsx (s)',
      (check.ms / 1000).toFixed(2),
      `${(stream.ms / 1000).toFixed(2)} stream-only`,
      '< 5',
    );
    report(
      'extra resident memory, parse + check (MB)',
      check.extraMb.toFixed(0),
      `${whole.extraMb.toFixed(0)} whole-load`,
      '< 200',
    );
    report(
      'extra live heap, parse + check (MB)',
      check.heapMb.toFixed(0),
      `${whole.heapMb.toFixed(0)} whole-load`,
    );
    report(
      'exceljs streaming read alone: RSS / heap (MB)',
      `${stream.extraMb.toFixed(0)} / ${stream.heapMb.toFixed(0)}`,
      `${(whole.ms / 1000).toFixed(2)} s whole-load`,
    );
    // The same readings with V8's heap capped: the streamed check fits, the whole load does not.
    const CAP = 64;
    const capped = runChild('check', file, CAP);
    report(
      `parse + check under a ${CAP} MB heap cap (s)`,
      (capped.ms / 1000).toFixed(2),
      outOfMemory('whole', file, CAP) ? 'whole-load: OOM' : 'whole-load: fits',
    );
    if (check.ms > 5000 || check.extraMb > 200) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
