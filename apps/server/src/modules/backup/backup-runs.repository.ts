import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db.ts';

/** A backup to take, as the scheduler claims it (`backup_runs`). */
export interface BackupRun {
  id: string;
  key: string;
  trigger: 'schedule' | 'console';
  file: string;
}

type RunRow = BackupRun & { state: string };

/**
 * Asks for a backup: a `queued` run under its idempotency key, written to a new archive name in
 * `dir` (one no run and no file holds yet). With `onlyIfIdle`, not while another run of the same
 * trigger is queued or claimed (a scheduled one under way does not refuse the console's: it
 * queues behind). Returns the run, or null when the key was asked for already (or, `onlyIfIdle`,
 * another one is under way).
 */
export async function enqueueRun(
  db: Db,
  run: { key: string; trigger: BackupRun['trigger']; name: string; dir: string; now: number },
  onlyIfIdle = false,
): Promise<BackupRun | null> {
  return db.transaction(async (tx) => {
    // One asking at a time: the names and the idle check are decided under this lock.
    await tx.execute(sql`select pg_advisory_xact_lock(727236)`);
    if (onlyIfIdle && (await activeRun(tx, run.trigger))) return null;
    let file = run.name;
    for (let i = 1; ; i++) {
      const [taken] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from backup_runs where file = ${file}`),
      );
      if (!taken?.n && !fs.existsSync(path.join(run.dir, file))) break;
      file = run.name.replace('.tar.gz', `-${i}.tar.gz`);
    }
    const [row] = rowsOf<BackupRun>(
      await tx.execute(sql`
        insert into backup_runs (key, trigger, file, state, requested_at)
        values (${run.key}, ${run.trigger}, ${file}, 'queued', ${run.now})
        on conflict (key) do nothing
        returning id, key, trigger, file`),
    );
    return row ?? null;
  }) as Promise<BackupRun | null>;
}

/** The run queued or under way (of `trigger`, when given), if any. */
export async function activeRun(
  db: DbOrTx,
  trigger?: BackupRun['trigger'],
): Promise<BackupRun | null> {
  const [row] = rowsOf<BackupRun>(
    await db.execute(sql`
      select id, key, trigger, file from backup_runs
      where state in ('queued', 'claimed') ${trigger ? sql`and trigger = ${trigger}` : sql``}
      order by requested_at limit 1`),
  );
  return row ?? null;
}

/**
 * Claims the oldest run that is queued, or claimed by a holder whose lease lapsed (it died):
 * locked with `FOR UPDATE SKIP LOCKED` and leased to `owner` until `leaseUntil`, in the claim's
 * transaction.
 */
export async function claimRun(
  tx: Tx,
  owner: string,
  now: number,
  leaseUntil: number,
): Promise<BackupRun | null> {
  const [row] = rowsOf<RunRow>(
    await tx.execute(sql`
      with cand as materialized (
        select id from backup_runs
        where state = 'queued' or (state = 'claimed' and lease_until < ${now})
        order by requested_at, id limit 1
        for update skip locked
      )
      update backup_runs r
      set state = 'claimed', lease_owner = ${owner}, lease_until = ${leaseUntil}
      from cand where r.id = cand.id
      returning r.id, r.key, r.trigger, r.file, r.state`),
  );
  return row ? { id: row.id, key: row.key, trigger: row.trigger, file: row.file } : null;
}

/** Moves a run's lease on while its holder writes the archive; false when it is not ours. */
export async function renewLease(
  db: DbOrTx,
  id: string,
  owner: string,
  until: number,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update backup_runs set lease_until = ${until}
      where id = ${id} and state = 'claimed' and lease_owner = ${owner}
      returning id`),
  );
  return rows.length > 0;
}

/** Records a run's outcome, if it is still ours. */
export async function finishRun(
  db: DbOrTx,
  id: string,
  owner: string,
  outcome: { ok: boolean; error: string | null; at: number },
): Promise<void> {
  await db.execute(sql`
    update backup_runs
    set state = ${outcome.ok ? 'done' : 'failed'}, error = ${outcome.error},
      finished_at = ${outcome.at}, lease_owner = null, lease_until = null
    where id = ${id} and state = 'claimed' and lease_owner = ${owner}`);
}

/** Hands runs not started back (shutdown): queued again, for any server. */
export async function releaseRuns(db: DbOrTx, ids: string[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update backup_runs set state = 'queued', lease_owner = null, lease_until = null
    where state = 'claimed' and lease_owner = ${owner} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/**
 * In a restored database, the run that wrote the archive restored was under way when its
 * snapshot was taken: it is done (it is that archive), not to be taken again by the restored
 * server. Nothing when the table or the run is not there.
 */
export async function markRestoredRun(db: DbOrTx, key: string, at: number): Promise<void> {
  const [t] = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass('public.backup_runs')::text as t`),
  );
  if (!t?.t) return;
  await db.execute(sql`
    update backup_runs
    set state = 'done', error = null, finished_at = ${at}, lease_owner = null, lease_until = null
    where key = ${key} and state in ('queued', 'claimed')`);
}
