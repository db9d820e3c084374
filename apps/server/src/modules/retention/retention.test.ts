import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { storageOf } from '../../storage/storage.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { signInAs } from '../../../test/factories.ts';
import { addAccount, apiAs, eventually } from '../accounts/account.test-support.ts';
import { runRetention } from './retention.job.ts';

// Retention (issue 36 §5): a tenant's messages and cached received files older than its limit
// are deleted, exactly those, in batches; the statistics rollups keep their figures.

const DAY = 86_400_000;
const ctx = useTestServer();
let demo: Session;
let tenantId: string;
let ids: number[] = [];

/** Every row of the statistics tables that count messages, as text. */
async function rollups(): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const table of ['stat_message_daily', 'stat_message_day', 'stat_money_daily']) {
    const [r] = rowsOf<{ rows: unknown }>(
      await ctx.deps.db.execute(
        sql.raw(
          `select coalesce(json_agg(t::text order by t::text), '[]') as rows from "${table}" t`,
        ),
      ),
    );
    out[table] = r?.rows;
  }
  return out;
}

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  const api = apiAs(ctx, demo);
  const { wxid } = await addAccount(ctx, demo, { nickname: '保留号' });
  for (let i = 0; i < 7; i++) {
    const r = await api.post('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: `wxid_keep${i % 2}`,
      talkType: 1,
      msgType: 1,
      content: `保留 ${i}`,
    });
    expect(r.status).toBe(200);
  }
  // Inbound messages are stored as the gateway delivers them.
  const rows = await eventually(async () => {
    const r = rowsOf<{ id: string; tenant_id: string }>(
      await ctx.deps.db.execute(
        sql`select m.id, m.tenant_id from messages m join work_accounts a on a.id = m.work_account_id
            where a.wxid = ${wxid} order by m.id`,
      ),
    );
    return r.length >= 7 && r;
  });
  ids = rows.map((r) => Number(r.id));
  tenantId = rows[0]!.tenant_id;
  expect(ids.length).toBeGreaterThanOrEqual(7);
});

describe('retention', () => {
  it('deletes exactly the messages and cached files older than the limit, rollups kept', async () => {
    const now = ctx.deps.now();
    // Ages: the first three are past 30 days, one just inside, the rest recent.
    const ages = ids.map((_, i) => (i < 3 ? 40 * DAY + i : i === 3 ? 30 * DAY - 60_000 : DAY));
    for (const [i, id] of ids.entries()) {
      await ctx.deps.db.execute(
        sql`update messages set msg_time = ${now - ages[i]!} where id = ${id}`,
      );
    }
    // A cached received file for an old message and for a recent one.
    const storage = storageOf(ctx.deps);
    const keys = [`t/${tenantId}/media/old.bin`, `t/${tenantId}/media/new.bin`];
    for (const [n, key] of keys.entries()) {
      await storage.put(key, Buffer.from(key));
      await ctx.deps.db.execute(sql`
        insert into stored_files (tenant_id, key, size, mime, kind, source, message_id, created_at)
        values (${tenantId}, ${key}, 10, 'application/octet-stream', 'document', 'media',
          ${n === 0 ? ids[0]! : ids.at(-1)!},
          to_timestamp(${(now - (n === 0 ? 40 * DAY : DAY)) / 1000}))`);
    }
    const before = await rollups();

    // No limit set: nothing goes.
    expect(await runRetention(ctx.deps)).toEqual({ messages: 0, files: 0 });

    const api = apiAs(ctx, demo);
    expect((await api.post('/system-api/system/retention', { days: 30 })).data).toEqual({
      days: 30,
    });
    expect((await api.get('/system-api/system/retention')).data).toEqual({ days: 30 });
    // Batches of two: the three old messages take two statements.
    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 3, files: 1 });

    const left = rowsOf<{ id: string }>(
      await ctx.deps.db.execute(
        sql`select id from messages where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
      ),
    ).map((r) => Number(r.id));
    expect(left).toEqual(ids.slice(3));
    expect(await storage.stat(keys[0]!)).toBeNull();
    expect(await storage.stat(keys[1]!)).not.toBeNull();
    expect(await rollups()).toEqual(before);
    // A second pass finds nothing more.
    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 0, files: 0 });
  });

  it('is a manager setting: a seat may not change it, nor a bad value be saved', async () => {
    const { seat1 } = await signInAs(ctx, 'seat1');
    const seat = await apiAs(ctx, seat1).post('/system-api/system/retention', { days: 1 });
    expect(seat.status).toBe(403);
    const bad = await apiAs(ctx, demo).post('/system-api/system/retention', { days: 0 });
    expect(bad.status).toBe(400);
  });
});
