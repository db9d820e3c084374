import type { FanTaskRowInput } from '@cst/shared';
import type { PlannedRow } from './fan-task.repository.ts';

/**
 * Plans a task's rows before anything is sent: a target seen earlier in the list is skipped as a
 * duplicate, one the tenant already tried (the data pool) as tried; the rows to send are dealt
 * to the accounts in turn, so each account gets an equal share (±1) in list order. Skipped rows
 * are dealt the same way on their own count (they are never sent).
 */
export function planRows(
  rows: FanTaskRowInput[],
  accountIds: string[],
  tried: (target: string) => boolean,
): PlannedRow[] {
  const seen = new Set<string>();
  const out: PlannedRow[] = new Array<PlannedRow>(rows.length);
  const n = accountIds.length;
  let sending = 0;
  let skipped = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    let skipKey: PlannedRow['skipKey'] = null;
    if (seen.has(r.target)) skipKey = 'fanDuplicateTarget';
    else if (tried(r.target)) skipKey = 'fanAlreadyTried';
    seen.add(r.target);
    const turn = skipKey ? skipped++ : sending++;
    out[i] = {
      seq: i + 1,
      workAccountId: accountIds[turn % n]!,
      target: r.target,
      greeting: r.greeting || null,
      remark: r.remark || null,
      tagIds: r.tagIds && r.tagIds.length > 0 ? r.tagIds : null,
      skipKey,
    };
  }
  return out;
}
