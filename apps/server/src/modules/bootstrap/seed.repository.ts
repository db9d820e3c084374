import { eq } from 'drizzle-orm';
import { orders, ports, tenants, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** Creates a tenant; its id. */
export async function insertTenant(db: DbOrTx, name: string): Promise<string> {
  const [tenant] = await db.insert(tenants).values({ name }).returning({ id: tenants.id });
  return tenant!.id;
}

/** Creates a user; its id. */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<string> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  return user!.id;
}

/** Creates ports; their ids. */
export async function insertPortRows(
  db: DbOrTx,
  values: (typeof ports.$inferInsert)[],
): Promise<string[]> {
  const rows = await db.insert(ports).values(values).returning({ id: ports.id });
  return rows.map((p) => p.id);
}

/** Records an order. */
export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<void> {
  await db.insert(orders).values(values);
}

/** The tenant of a user by exact username, when the user exists. */
export async function tenantOfUsername(db: DbOrTx, username: string): Promise<string | null> {
  const rows = await db
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return rows[0]?.tenantId ?? null;
}
