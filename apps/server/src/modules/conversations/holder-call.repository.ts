import { and, eq, lt } from 'drizzle-orm';
import { gatewayCalls } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** Stores a call for the instance holding the account (`pending`); its id. */
export async function insertCall(db: DbOrTx, workWxid: string, command: unknown): Promise<string> {
  const [row] = await db
    .insert(gatewayCalls)
    .values({ workWxid, command })
    .returning({ id: gatewayCalls.id });
  return row!.id;
}

/** Deletes a call; its row as it was, or undefined when it was gone. */
export async function takeCall(db: DbOrTx, id: string) {
  const [out] = await db.delete(gatewayCalls).where(eq(gatewayCalls.id, id)).returning();
  return out;
}

/** Marks a pending call `running`; its row, or undefined when another instance has it. */
export async function claimCall(db: DbOrTx, id: string) {
  const [claimed] = await db
    .update(gatewayCalls)
    .set({ status: 'running' })
    .where(and(eq(gatewayCalls.id, id), eq(gatewayCalls.status, 'pending')))
    .returning();
  return claimed;
}

/** Stores a call's result (`done`). */
export async function finishCall(db: DbOrTx, id: string, result: unknown): Promise<void> {
  await db.update(gatewayCalls).set({ status: 'done', result }).where(eq(gatewayCalls.id, id));
}

/** Stores a call's failure (`failed`). */
export async function failCall(
  db: DbOrTx,
  id: string,
  errorCode: string,
  errorMessage: string,
): Promise<void> {
  await db
    .update(gatewayCalls)
    .set({ status: 'failed', errorCode, errorMessage })
    .where(eq(gatewayCalls.id, id));
}

/** Deletes the calls created before `before` (of callers that gave up). */
export async function deleteCallsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(gatewayCalls).where(lt(gatewayCalls.createdAt, before));
}
