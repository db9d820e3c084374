import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FanTaskRowInput } from '@cst/shared';
import { rowsOf } from '../../platform/db.ts';
import { useTestDatabase } from '../../../test/support.ts';
import { storePlan, type PlanInput } from './fan-task.plan.repository.ts';

// The planner's one statement against the rule it implements, written out plainly below: the
// same rows, pool and counts whichever way the pool is compared (set difference or a probe per
// target), other tenants kept apart, nothing left behind by a plan that does not commit.

const database = useTestDatabase();

const number = (i: number) => `138${String(i).padStart(8, '0')}`;
const ACCOUNTS = [randomUUID(), randomUUID(), randomUUID()];

interface Stored {
  seq: number;
  account: string;
  target: string;
  greeting: string | null;
  remark: string | null;
  tags: string[] | null;
  state: string;
  reason: string | null;
}

/**
 * The rule: a target seen earlier in the list is a duplicate, one in the pool before the plan
 * is tried (unless included); the rows to send and the skipped ones are each dealt to the
 * accounts in turn, in list order.
 */
function expected(rows: FanTaskRowInput[], pooled: Set<string>, includeTried: boolean): Stored[] {
  const seen = new Set<string>();
  let sending = 0;
  let skipped = 0;
  return rows.map((r, i) => {
    let reason: string | null = null;
    if (seen.has(r.target)) reason = 'fanDuplicateTarget';
    else if (!includeTried && pooled.has(r.target)) reason = 'fanAlreadyTried';
    seen.add(r.target);
    const turn = reason ? skipped++ : sending++;
    return {
      seq: i + 1,
      account: ACCOUNTS[turn % ACCOUNTS.length]!,
      target: r.target,
      greeting: r.greeting || null,
      remark: r.remark || null,
      tags: r.tagIds && r.tagIds.length > 0 ? r.tagIds : null,
      state: reason ? 'skipped' : 'queued',
      reason,
    };
  });
}

async function stored(taskId: string): Promise<Stored[]> {
  return rowsOf<Stored>(
    await database.db.execute(sql`
      select seq, work_account_id as account, target, greeting, remark, tag_ids as tags, state,
             reason_key as reason
      from fan_task_rows where task_id = ${taskId} order by seq`),
  );
}

async function poolOf(tenantId: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ target: string; last_task_id: string }>(
    await database.db.execute(sql`
      select target, last_task_id from fan_pool where tenant_id = ${tenantId}`),
  );
  return new Map(rows.map((r) => [r.target, r.last_task_id]));
}

async function plan(
  tenantId: string,
  rows: FanTaskRowInput[],
  includeTried = false,
): Promise<{ taskId: string; counts: { total: number; skipped: number } }> {
  const taskId = randomUUID();
  const input: PlanInput = {
    tenantId,
    taskId,
    rows,
    accountIds: ACCOUNTS,
    includeTried,
    now: 1,
  };
  const counts = await database.db.transaction((tx) => storePlan(tx, input));
  return { taskId, counts };
}

/** A list of 40 entries with repeats, per-row greetings, remarks and tags on some. */
const TAGS = [randomUUID(), randomUUID()];
function mixedList(from: number): FanTaskRowInput[] {
  return Array.from({ length: 40 }, (_, i) => ({
    // Every fifth entry repeats the one before it.
    target: number(from + (i % 5 === 4 ? i - 1 : i)),
    greeting: i % 3 === 0 ? `你好 ${i}` : undefined,
    remark: i % 4 === 0 ? `备注${i}` : '',
    tagIds: i % 6 === 0 ? (i % 12 === 0 ? TAGS : [TAGS[1]!]) : i % 7 === 0 ? [] : undefined,
  }));
}

describe('storePlan', () => {
  it('stores the rows the rule gives, fills the pool and counts the skipped rows', async () => {
    const tenant = randomUUID();
    const other = randomUUID();
    // Another tenant tried the same numbers: they are new for this one.
    await plan(other, mixedList(0));
    const first = await plan(tenant, mixedList(0));
    const list = mixedList(0).slice(0, 8);
    expect(await stored(first.taskId)).toEqual(expected(mixedList(0), new Set(), false));
    expect(first.counts).toEqual({ total: 40, skipped: 8 });

    // Half of the next list was tried (pool 33 < 4 × 40: the set difference).
    const next = [...mixedList(20), ...list];
    const pooled = new Set((await poolOf(tenant)).keys());
    const second = await plan(tenant, next);
    const want = expected(next, pooled, false);
    expect(await stored(second.taskId)).toEqual(want);
    expect(second.counts.skipped).toBe(want.filter((r) => r.state === 'skipped').length);
    const pool = await poolOf(tenant);
    expect(pool.size).toBe(new Set([...mixedList(0), ...next].map((r) => r.target)).size);
    // A tried target keeps the task that first had it; a new one names the new task.
    expect(pool.get(number(0))).toBe(first.taskId);
    expect(pool.get(number(58))).toBe(second.taskId);
    expect((await poolOf(other)).get(number(58))).toBeUndefined();
  });

  it('gives the same answer when the pool is many times the list (a probe per target)', async () => {
    const tenant = randomUUID();
    const big = Array.from({ length: 200 }, (_, i) => ({ target: number(1000 + i) }));
    await plan(tenant, big);
    // 12 entries against a pool of 200 (≥ 4 × 12): tried, new and repeated ones.
    const list = [...mixedList(1195).slice(0, 10), { target: number(1000) }, { target: number(1) }];
    const pooled = new Set((await poolOf(tenant)).keys());
    const { taskId, counts } = await plan(tenant, list);
    const want = expected(list, pooled, false);
    expect(await stored(taskId)).toEqual(want);
    expect(counts).toEqual({
      total: 12,
      skipped: want.filter((r) => r.state === 'skipped').length,
    });
    expect(want.filter((r) => r.reason === 'fanAlreadyTried').length).toBe(5);
    expect((await poolOf(tenant)).size).toBe(200 + 5);
  });

  it('sends tried targets again when asked, skipping only the repeats', async () => {
    const tenant = randomUUID();
    await plan(tenant, mixedList(0));
    const { taskId, counts } = await plan(tenant, mixedList(0), true);
    expect(await stored(taskId)).toEqual(expected(mixedList(0), new Set(), true));
    expect(counts.skipped).toBe(8);
  });

  it('two plans of one tenant at once: each shared target is new to exactly one of them', async () => {
    // On PostgreSQL the second plan's set difference meets the first's uncommitted targets,
    // waits for its commit, fails on the key and goes the probing way; on PGlite they queue.
    const tenant = randomUUID();
    const listA = Array.from({ length: 30 }, (_, i) => ({ target: number(5000 + i) }));
    const listB = Array.from({ length: 30 }, (_, i) => ({ target: number(5020 + i) }));
    const input = (rows: FanTaskRowInput[]): PlanInput => ({
      tenantId: tenant,
      taskId: randomUUID(),
      rows,
      accountIds: ACCOUNTS,
      includeTried: false,
      now: 1,
    });
    const a = input(listA);
    const b = input(listB);
    let planned!: () => void;
    const aPlanned = new Promise<void>((resolve) => (planned = resolve));
    let release!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (release = resolve));
    const first = database.db.transaction(async (tx) => {
      const counts = await storePlan(tx, a);
      planned();
      await aMayCommit;
      return counts;
    });
    await aPlanned;
    const second = database.db.transaction((tx) => storePlan(tx, b));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect(await first).toEqual({ total: 30, skipped: 0 });
    expect(await second).toEqual({ total: 30, skipped: 10 });
    expect(await stored(b.taskId)).toEqual(
      expected(listB, new Set(listA.map((r) => r.target)), false),
    );
    const pool = await poolOf(tenant);
    expect(pool.size).toBe(50);
    expect(pool.get(number(5025))).toBe(a.taskId);
    expect(pool.get(number(5030))).toBe(b.taskId);
  });

  it('leaves neither rows nor pool entries when its transaction does not commit', async () => {
    const tenant = randomUUID();
    const taskId = randomUUID();
    const input: PlanInput = {
      tenantId: tenant,
      taskId,
      rows: mixedList(0),
      accountIds: ACCOUNTS,
      includeTried: false,
      now: 1,
    };
    await expect(
      database.db.transaction(async (tx) => {
        await storePlan(tx, input);
        throw new Error('the planner died');
      }),
    ).rejects.toThrow('the planner died');
    expect(await stored(taskId)).toEqual([]);
    expect((await poolOf(tenant)).size).toBe(0);
    // Planned again, it is whole: 40 rows, none tried.
    const again = await database.db.transaction((tx) => storePlan(tx, input));
    expect(again).toEqual({ total: 40, skipped: 8 });
  });
});
