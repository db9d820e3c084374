import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { verifyCodes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** Serialises code requests for one target until the transaction ends. */
export async function lockTarget(tx: DbOrTx, target: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify:${target}`}))`);
}

/** The newest code sent to a target (any scene), and how many were sent since a time. */
export async function codeStats(db: DbOrTx, target: string, since: Date) {
  const rows = await db
    .select({
      n: sql<number>`count(*)::int`,
      latest: sql<
        number | null
      >`(extract(epoch from max(${verifyCodes.createdAt})) * 1000)::float8`,
    })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, target), gt(verifyCodes.createdAt, since)));
  const row = rows[0];
  return { count: row?.n ?? 0, latest: row?.latest == null ? null : Number(row.latest) };
}

/** Stores a new code hash. */
export async function insertCode(db: DbOrTx, row: typeof verifyCodes.$inferInsert) {
  await db.insert(verifyCodes).values(row);
}

/** The newest unused, unexpired code for a target and scene. */
export async function latestLiveCode(db: DbOrTx, target: string, scene: string, now: Date) {
  const rows = await db
    .select()
    .from(verifyCodes)
    .where(
      and(
        eq(verifyCodes.target, target),
        eq(verifyCodes.scene, scene),
        isNull(verifyCodes.usedAt),
        gt(verifyCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a code used if it still is unused; true when this call used it. */
export async function useCode(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(verifyCodes)
    .set({ usedAt: at })
    .where(and(eq(verifyCodes.id, id), isNull(verifyCodes.usedAt)))
    .returning({ id: verifyCodes.id });
  return rows.length > 0;
}

/**
 * Takes one of a code's guesses before it is compared, in one statement: the row's attempts go up
 * only while below `max` and the code is still unused and unexpired, so however many guesses run
 * at once, at most `max` ever get the hash to compare. Null when no guess is left.
 */
export async function takeAttempt(
  db: DbOrTx,
  id: string,
  max: number,
  now: Date,
): Promise<{ codeHash: string } | null> {
  const rows = await db
    .update(verifyCodes)
    .set({ attempts: sql`${verifyCodes.attempts} + 1` })
    .where(
      and(
        eq(verifyCodes.id, id),
        lt(verifyCodes.attempts, max),
        isNull(verifyCodes.usedAt),
        gt(verifyCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: verifyCodes.codeHash });
  return rows[0] ?? null;
}

/**
 * Deletes codes that expired before `before` (the clean-up job keeps a day of them: they are
 * the per-target daily count of sends).
 */
export async function deleteExpiredCodes(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(verifyCodes)
    .where(lt(verifyCodes.expiresAt, before))
    .returning({ id: verifyCodes.id });
  return rows.length;
}
