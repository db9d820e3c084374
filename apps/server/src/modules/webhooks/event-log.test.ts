import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.ts';
import { rowsOf, type Tx } from '../../platform/db.ts';
import { useTestDatabase } from '../../../test/support.ts';
import { forgetSinks, recordEvent } from './event-log.ts';

// What a tenant listens to is cached per instance. On PostgreSQL a change's transaction can read
// the endpoints just before a new endpoint commits and finish after it was forgotten; that read
// must not be kept, or every event of the next 30 s is dropped (CI's kill -9 test saw none of
// 333 messages reach the log). PGlite runs one transaction at a time, so the interleaving is
// made here: a real transaction whose read of the endpoints answers what it would have seen
// before the endpoint's commit, once told to; every other statement runs as it is.

const dialect = new PgDialect();
const database = useTestDatabase();

async function newTenant(): Promise<string> {
  const [t] = await database.db.insert(tenants).values({ name: 'sinks' }).returning();
  return t!.id;
}

/** The tenant's recorded events. */
async function eventCount(tenantId: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from open_events where tenant_id = ${tenantId}`,
    ),
  );
  return r!.n;
}

/**
 * Records a `message.received` event of `tenantId` in a transaction whose read of the endpoints
 * calls `reading` and answers `endpoints` once `gate` resolves. Returns whether it read them.
 */
async function recordWith(
  tenantId: string,
  endpoints: { tenant_id: string; events: string[] }[],
  gate: Promise<void> = Promise.resolve(),
  reading: () => void = () => {},
): Promise<boolean> {
  let readEndpoints = false;
  await database.db.transaction(async (tx) => {
    const seen = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: SQL) => {
          if (dialect.sqlToQuery(query).sql.includes('from webhook_endpoints')) {
            readEndpoints = true;
            reading();
            await gate;
            return { rows: endpoints };
          }
          return target.execute(query);
        };
      },
    }) as Tx;
    await recordEvent(seen, {
      tenantId,
      workAccountId: null,
      event: 'message.received',
      data: { msgId: 'm1' },
    });
  });
  return readEndpoints;
}

describe('the event log’s cache of what tenants listen to', () => {
  it('does not keep a read of the endpoints that a change forgot while it ran', async () => {
    const tenantId = await newTenant();
    // A message's transaction reads the endpoints: none yet.
    let answer = () => {};
    const gate = new Promise<void>((r) => (answer = r));
    const recording = recordWith(tenantId, [], gate, () => {
      // While it reads, an endpoint is created, committed and forgotten; then the read answers.
      forgetSinks(tenantId);
      answer();
    });
    expect(await recording).toBe(true);
    expect(await eventCount(tenantId)).toBe(0);

    // The next message's transaction reads the endpoints again and records its event.
    const subscribed = [{ tenant_id: tenantId, events: ['message.received'] }];
    expect(await recordWith(tenantId, subscribed)).toBe(true);
    expect(await eventCount(tenantId)).toBe(1);
  });

  it('keeps a read that no change overtook', async () => {
    const tenantId = await newTenant();
    const subscribed = [{ tenant_id: tenantId, events: ['message.received'] }];
    expect(await recordWith(tenantId, subscribed)).toBe(true);
    // Cached: the next transaction records its event without reading the endpoints.
    expect(await recordWith(tenantId, [])).toBe(false);
    expect(await eventCount(tenantId)).toBe(2);
  });
});
