import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { qrLogins, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

export type QrLoginRow = typeof qrLogins.$inferSelect;
export type QrLoginStatus = QrLoginRow['status'];

/** Records a QR login just issued. */
export async function insertQrLogin(db: DbOrTx, row: typeof qrLogins.$inferInsert) {
  await db.insert(qrLogins).values(row);
}

/** A QR login by id (any tenant: gateway events carry only the id). */
export async function findQrLogin(db: DbOrTx, id: string): Promise<QrLoginRow | null> {
  const rows = await db.select().from(qrLogins).where(eq(qrLogins.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Moves a QR login from one of `from` to a new state; null when it was not in those states. */
export async function transitionQrLogin(
  db: DbOrTx,
  id: string,
  from: QrLoginStatus[],
  set: Partial<typeof qrLogins.$inferInsert>,
) {
  const rows = await db
    .update(qrLogins)
    .set(set)
    .where(and(eq(qrLogins.id, id), inArray(qrLogins.status, from)))
    .returning();
  return rows[0] ?? null;
}

/** QR logins of a tenant waiting for a scan or confirmation, oldest first, with their issuer. */
export async function pendingQrLogins(db: DbOrTx, tenantId: string, now: Date) {
  return db
    .select({ login: qrLogins, createdBy: users.nickname })
    .from(qrLogins)
    .leftJoin(users, eq(users.id, qrLogins.userId))
    .where(
      and(
        eq(qrLogins.tenantId, tenantId),
        inArray(qrLogins.status, ['issued', 'scanned']),
        gt(qrLogins.expiresAt, now),
      ),
    )
    .orderBy(asc(qrLogins.createdAt));
}
