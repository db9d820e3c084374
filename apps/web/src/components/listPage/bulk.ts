/** A row a bulk action failed on, and the reason in the user's language. */
export interface BulkFailure<T> {
  row: T;
  reason: string;
}

/** What a bulk action did: the rows it succeeded on and those it failed on. */
export interface BulkOutcome<T> {
  ok: T[];
  failed: BulkFailure<T>[];
}

const reasonOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/**
 * Runs an action on each row (a few at a time) and collects per-row outcomes instead of stopping
 * at the first failure. `run` should call the API with `silent: true`: the result dialog shows
 * each failure once, with its row.
 */
export async function runBulk<T>(
  rows: readonly T[],
  run: (row: T) => Promise<unknown>,
  options: { concurrency?: number; fallbackReason?: string } = {},
): Promise<BulkOutcome<T>> {
  const { concurrency = 4, fallbackReason = '' } = options;
  const results: ({ ok: true } | { ok: false; reason: string })[] = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      try {
        await run(rows[i]!);
        results[i] = { ok: true };
      } catch (err) {
        results[i] = { ok: false, reason: reasonOf(err, fallbackReason) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  const outcome: BulkOutcome<T> = { ok: [], failed: [] };
  results.forEach((r, i) => {
    if (r.ok) outcome.ok.push(rows[i]!);
    else outcome.failed.push({ row: rows[i]!, reason: r.reason });
  });
  return outcome;
}

/**
 * The outcome of a bulk call the server answered per row (`[{ wxid, ok, message }]`): each row
 * matched to its result by key; a row with no result counts as failed with `missing`.
 */
export function outcomeFromResults<T, R extends { ok: boolean; message?: string | null }>(
  rows: readonly T[],
  results: readonly R[],
  keyOfRow: (row: T) => string,
  keyOfResult: (result: R) => string,
  missing = '',
): BulkOutcome<T> {
  const byKey = new Map(results.map((r) => [keyOfResult(r), r]));
  const outcome: BulkOutcome<T> = { ok: [], failed: [] };
  for (const row of rows) {
    const r = byKey.get(keyOfRow(row));
    if (r?.ok) outcome.ok.push(row);
    else outcome.failed.push({ row, reason: r?.message || missing });
  }
  return outcome;
}
