import { FAN_IMPORT_MAX_REPORTED } from '@cst/shared';
import type { StoredImportProblem } from './fan-import.repository.ts';
import { checkRow, type ImportRow, type RawRow } from './fan-import.rows.ts';

/** The figures and problem rows of a checked list. */
export interface CheckOutcome {
  total: number;
  valid: number;
  invalid: number;
  duplicates: number;
  tried: number;
  phones: number;
  wxids: number;
  problems: StoredImportProblem[];
  problemsTruncated: boolean;
}

/** Which of these normalised targets the tenant already tried (the data pool). */
export type TriedLookup = (targets: string[]) => Promise<ReadonlySet<string>>;

/** Rows looked up in the data pool at a time. */
const BATCH = 1000;

/**
 * A valid row with where it stands against the rows before it: `duplicateOf` is the line of the
 * first row with the same target.
 */
export type PlacedRow = ImportRow & { duplicateOf?: number };

/**
 * Checks rows one by one (format, lengths, tags), then across the file (duplicates: the first
 * row wins) and against the data pool, in batches so memory holds one batch and the set of
 * targets seen. Problems are kept in file order, the first {@link FAN_IMPORT_MAX_REPORTED}.
 */
export async function checkRows(
  rows: AsyncIterable<RawRow>,
  lookupTried: TriedLookup,
): Promise<CheckOutcome> {
  const out: CheckOutcome = {
    total: 0,
    valid: 0,
    invalid: 0,
    duplicates: 0,
    tried: 0,
    phones: 0,
    wxids: 0,
    problems: [],
    problemsTruncated: false,
  };
  const report = (p: StoredImportProblem) => {
    if (out.problems.length < FAN_IMPORT_MAX_REPORTED) out.problems.push(p);
    else out.problemsTruncated = true;
  };
  const seen = new Map<string, number>();
  let batch: (PlacedRow | ReturnType<typeof checkRow>)[] = [];

  const flush = async () => {
    const fresh = batch.filter(
      (r): r is PlacedRow => !('key' in r) && (r as PlacedRow).duplicateOf === undefined,
    );
    const tried = fresh.length ? await lookupTried(fresh.map((r) => r.target)) : new Set();
    for (const r of batch) {
      if ('key' in r) {
        out.invalid++;
        report({ line: r.line, target: r.target, issue: 'invalid', key: r.key, params: r.params });
        continue;
      }
      const row = r as PlacedRow;
      if (row.duplicateOf !== undefined) {
        out.duplicates++;
        report({
          line: row.line,
          target: row.target,
          issue: 'duplicate',
          key: 'fanImportRowDuplicate',
          params: { line: row.duplicateOf },
        });
        continue;
      }
      if (row.kind === 'phone') out.phones++;
      else out.wxids++;
      if (tried.has(row.target)) {
        out.tried++;
        report({ line: row.line, target: row.target, issue: 'tried', key: 'fanImportRowTried' });
        continue;
      }
      out.valid++;
    }
    batch = [];
  };

  for await (const raw of rows) {
    out.total++;
    const checked = checkRow(raw);
    if ('key' in checked) batch.push(checked);
    else {
      const first = seen.get(checked.target);
      if (first === undefined) seen.set(checked.target, checked.line);
      batch.push(first === undefined ? checked : { ...checked, duplicateOf: first });
    }
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return out;
}

/** The valid rows of a list in file order, each marked when it repeats an earlier target. */
export async function* placeRows(rows: AsyncIterable<RawRow>): AsyncGenerator<PlacedRow> {
  const seen = new Map<string, number>();
  for await (const raw of rows) {
    const checked = checkRow(raw);
    if ('key' in checked) continue;
    const first = seen.get(checked.target);
    if (first === undefined) {
      seen.set(checked.target, checked.line);
      yield checked;
    } else yield { ...checked, duplicateOf: first };
  }
}
