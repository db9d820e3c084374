import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../platform/db.ts';
import { createTestDatabase } from '../../../test/support.ts';
import { addToPool } from './fan-pool.repository.ts';

// The data pool's insert answers the new targets the same way whichever path it takes: the set
// difference (a pool not much larger than the list) or a probe per target (a pool many times it).

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const targets = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `138${String(from + i).padStart(8, '0')}`);

async function poolOf(tenantId: string): Promise<{ target: string; last_task_id: string }[]> {
  return rowsOf(
    await database.db.execute(sql`
      select target, last_task_id from fan_pool where tenant_id = ${tenantId} order by target`),
  );
}

describe('addToPool', () => {
  it('answers only the targets the tenant has not tried, and keeps other tenants apart', async () => {
    const tenant = randomUUID();
    const other = randomUUID();
    const first = randomUUID();
    const second = randomUUID();
    // Another tenant's pool holds the same numbers: they are new for this one.
    await addToPool(database.db, other, randomUUID(), targets(0, 30), 1);
    const a = await addToPool(database.db, tenant, first, targets(0, 20), 1);
    expect(a.size).toBe(20);
    // 10 of 20 already tried (pool 20 < 4 × 20: the set difference).
    const b = await addToPool(database.db, tenant, second, targets(10, 20), 2);
    expect([...b].sort()).toEqual(targets(20, 10));
    const pool = await poolOf(tenant);
    expect(pool).toHaveLength(30);
    // A tried target keeps the task that first had it.
    expect(pool.find((p) => p.target === targets(10, 1)[0])?.last_task_id).toBe(first);
    expect(pool.find((p) => p.target === targets(25, 1)[0])?.last_task_id).toBe(second);
  });

  it('gives the same answer when the pool is many times the list (a probe per target)', async () => {
    const tenant = randomUUID();
    await addToPool(database.db, tenant, randomUUID(), targets(0, 100), 1);
    // A list of 5 against a pool of 100 (≥ 4 × 5): 3 tried, 2 new.
    const fresh = await addToPool(database.db, tenant, randomUUID(), targets(97, 5), 2);
    expect([...fresh].sort()).toEqual(targets(100, 2));
    expect(await poolOf(tenant)).toHaveLength(102);
    expect((await addToPool(database.db, tenant, randomUUID(), [], 3)).size).toBe(0);
  });

  it('inside a transaction, the set difference leaves the transaction usable', async () => {
    const tenant = randomUUID();
    const fresh = await database.db.transaction(async (tx) => {
      const got = await addToPool(tx, tenant, randomUUID(), targets(0, 10), 1);
      await tx.execute(sql`select 1`);
      return got;
    });
    expect(fresh.size).toBe(10);
    expect(await poolOf(tenant)).toHaveLength(10);
  });
});
