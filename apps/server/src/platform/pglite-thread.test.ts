// PGlite on its own thread answers as PGlite in the process does: rows, errors, transactions,
// the order of queries and of notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types } from '@electric-sql/pglite';
import { PGliteThread, withSharedBuffers } from './pglite-thread.ts';
import { OneTripPGlite } from './pglite-client.ts';

describe('PGliteThread', () => {
  let thread: PGliteThread;
  let local: OneTripPGlite;
  const setup = `create table t (id serial primary key, name text unique, at timestamptz, doc jsonb, ok boolean)`;
  beforeAll(async () => {
    thread = await PGliteThread.open(null);
    local = new OneTripPGlite();
    await local.exec(setup);
    await thread.query(setup);
  });
  afterAll(async () => {
    await thread.close();
    await local.close();
  });

  it('answers a query as PGlite in the process does, with the caller’s row mode and raw types', async () => {
    const at = new Date('2026-11-21T08:30:00.123Z');
    for (const db of [thread, local]) {
      await db.query('insert into t (name, at, doc) values ($1, $2, $3)', ['甲', at, { a: [1] }]);
    }
    const text = 'select id, name, at, doc from t';
    expect(await thread.query(text)).toEqual(await local.query(text));
    const options = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    };
    const rows = await thread.query(text, [], options);
    expect(rows).toEqual(await local.query(text, [], options));
    expect(typeof (rows.rows[0] as unknown[])[2]).toBe('string');
  });

  it("reads the rows on the caller's thread, with the caller's parsers, arrays and NULLs as PGlite does", async () => {
    const text = `select $1::text[] as tags, $2::int[] as ns, $3::int8 as big, $4::numeric as money,
      null::text as nothing, $5::uuid as u, '{"k":"值"}'::json as j, x from generate_series(1, 300) x`;
    const params = [
      ['甲', 'b c', '"'],
      [1, 2],
      '9007199254740993',
      '1.50',
      '7f1c0b3e-1d2a-4c5b-8e9f-0a1b2c3d4e5f',
    ];
    const answer = await thread.query(text, params);
    expect(answer).toEqual(await local.query(text, params));
    expect(answer.rows).toHaveLength(300);
    expect(answer.rows[0]).toMatchObject({
      tags: ['甲', 'b c', '"'],
      ns: [1, 2],
      nothing: null,
      j: { k: '值' },
    });
    // A parser of the caller's own, which changes the text, applies here.
    const upper = { parsers: { [types.TEXT]: (v: string) => v.toUpperCase() } };
    const shouted = await thread.query<{ s: string }>('select $1::text as s', ['abc'], upper);
    expect(shouted.rows).toEqual([{ s: 'ABC' }]);
  });

  it('passes a database error on with its code', async () => {
    const err = await thread.query('insert into t (name) values ($1)', ['甲']).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await thread.transaction(async (tx) => {
      // Values of every kind inside a transaction too (they cross the thread as text).
      await tx.query('insert into t (name, ok, at, doc) values ($1, $2, $3, $4)', [
        '乙',
        true,
        new Date(),
        { b: 2 },
      ]);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into t (name) values ($1)', ['丙']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await thread.transaction(async (tx) => {
      await tx.query('insert into t (name) values ($1)', ['丁']);
      await tx.rollback();
    });
    const { rows } = await thread.query<{ name: string }>('select name from t order by id');
    expect(rows.map((r) => r.name)).toEqual(['甲', '乙']);
  });

  it('holds a query from outside until the open transaction ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = thread.transaction(async (t) => {
      await t.query('insert into t (name) values ($1)', ['戊']);
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = thread
      .query<{ n: number }>('select count(*)::int as n from t where name = $1', ['戊'])
      .then((r) => {
        order.push('outside read');
        return r.rows[0]!.n;
      });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    // It saw the committed row, not a state from inside the transaction.
    expect(await outside).toBe(1);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it("delivers a query's notification before the query's answer", async () => {
    const got: string[] = [];
    const off = await thread.listen('chan', (p) => got.push(p));
    await thread.query(`select pg_notify('chan', $1)`, ['负载']);
    expect(got).toEqual(['负载']);
    await off();
    await thread.query(`select pg_notify('chan', $1)`, ['又一次']);
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(['负载']);
  });

  it('does not count a LISTEN that failed as listening', async () => {
    await expect(thread.listen('not a channel', () => undefined)).rejects.toMatchObject({
      code: '42601',
    });
    // Asked again, it is sent again (and fails again) rather than taken as set up.
    await expect(thread.listen('not a channel', () => undefined)).rejects.toMatchObject({
      code: '42601',
    });
  });

  it('refuses queries once closed', async () => {
    const other = await PGliteThread.open(null);
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow('database thread stopped');
  });

  it('runs PostgreSQL with a 32 MB buffer pool, not the 128 MB built into PGlite', async () => {
    const rows = await thread.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows.rows).toEqual([{ shared_buffers: '32MB' }]);
    expect((await local.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([
      { shared_buffers: '128MB' },
    ]);
  });
});

describe('withSharedBuffers', () => {
  const wasm = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
  const built = 'x\0shared_buffers=128MB\0wal_buffers=4MB\0';

  it('rewrites the built-in argument in place, padded with NULs', () => {
    const out = withSharedBuffers(wasm(built), '16MB');
    expect(Buffer.from(out).toString('latin1')).toBe('x\0shared_buffers=16MB\0\0wal_buffers=4MB\0');
    expect(out.length).toBe(built.length);
  });

  it('leaves a build without the argument, or with it twice, as it is', () => {
    const none = wasm('x\0wal_buffers=4MB\0');
    expect(withSharedBuffers(none, '16MB')).toBe(none);
    const twice = wasm(built + built);
    expect(withSharedBuffers(twice, '16MB')).toBe(twice);
  });

  it('refuses a size that is not kB or MB or does not fit', () => {
    for (const size of ['1GB', '100000kB', '16 MB', '', 'MB']) {
      expect(() => withSharedBuffers(wasm(built), size)).toThrow('PGLITE_SHARED_BUFFERS');
    }
  });
});
