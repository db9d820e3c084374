// OneTripPGlite must answer every query as stock PGlite does: the same rows, types, counts and
// errors, while keeping repeated statements parsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { OneTripPGlite } from './pglite-client.ts';

describe('OneTripPGlite', () => {
  let stock: PGlite;
  let fast: OneTripPGlite;
  const setup = `
    create table t (
      id serial primary key, name text unique, n bigint, ok boolean, at timestamptz,
      doc jsonb, tags text[], u uuid
    )`;
  beforeAll(async () => {
    stock = new PGlite();
    fast = new OneTripPGlite();
    for (const db of [stock, fast]) await db.exec(setup);
  });
  afterAll(async () => {
    await stock.close();
    await fast.close();
  });

  /** Runs the same query on both and returns both results. */
  async function both(text: string, params?: unknown[], options?: object) {
    return Promise.all([stock.query(text, params, options), fast.query(text, params, options)]);
  }

  it('writes and reads every kind of value as stock PGlite does', async () => {
    const at = new Date('2026-11-21T08:30:00.123Z');
    const row = [
      '名字 "引号"',
      9_007_199_254_740,
      true,
      at,
      { a: [1, '二'], b: null },
      ['x', 'y z'],
      '7f1c0b3e-1d2a-4c5b-8e9f-0a1b2c3d4e5f',
    ];
    const [a, b] = await both(
      'insert into t (name, n, ok, at, doc, tags, u) values ($1, $2, $3, $4, $5, $6, $7) returning id',
      row,
    );
    expect(b).toEqual(a);
    expect(b.affectedRows).toBe(1);
    const [x, y] = await both('select name, n, ok, at, doc, tags, u, null as nothing from t');
    expect(y).toEqual(x);
    expect(y.rows[0]).toMatchObject({
      name: '名字 "引号"',
      ok: true,
      doc: { a: [1, '二'], b: null },
    });
    expect((y.rows[0] as { at: Date }).at.getTime()).toBe(at.getTime());
  });

  it('takes the query parsers and row mode as stock PGlite does (as drizzle asks)', async () => {
    const options = { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    const [a, b] = await both(
      'select id, at, tags from t where name = $1',
      ['名字 "引号"'],
      options,
    );
    expect(b).toEqual(a);
    expect(typeof (b.rows[0] as unknown[])[1]).toBe('string');
  });

  it('counts the rows of updates and deletes, and finds none as stock PGlite does', async () => {
    const [a, b] = await both('update t set ok = $1 where n > $2', [false, 0]);
    expect(b).toEqual(a);
    expect(b.affectedRows).toBe(1);
    const [c, d] = await both('select * from t where id = any($1::int[])', [[-1, -2]]);
    expect(d).toEqual(c);
    expect(d.rows).toEqual([]);
  });

  it("reports a failed statement with its code and stays usable, a transaction's too", async () => {
    const err = await fast
      .query('insert into t (name) values ($1)', ['名字 "引号"'])
      .catch((e) => e);
    expect(err).toMatchObject({ code: '23505', query: 'insert into t (name) values ($1)' });
    // Every field of the backend's error, as stock PGlite reports it.
    const stockErr = await stock
      .query('insert into t (name) values ($1)', ['名字 "引号"'])
      .catch((e) => e);
    expect(err).toBeInstanceOf(stockErr.constructor);
    expect([err.message, { ...err }]).toEqual([stockErr.message, { ...stockErr }]);
    expect(err).toMatchObject({ constraint: 't_name_key', table: 't', severity: 'ERROR' });
    const syntax = await fast.query('selec 1').catch((e) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await fast.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await expect(
      fast.transaction(async (tx) => {
        await tx.query('insert into t (name) values ($1)', ['回滚']);
        await tx.query('select nope from t').catch(() => undefined);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await fast.query('select 1 from t where name = $1', ['回滚']);
    expect(rows).toEqual([]);
  });

  it('runs a transaction’s queries the same way: typed values, commit, rollback', async () => {
    const at = new Date('2026-11-22T01:02:03.004Z');
    const inserted = await fast.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(
        'insert into t (name, ok, at, doc) values ($1, $2, $3, $4) returning id',
        ['事务', true, at, { k: '值' }],
      );
      expect(fast.isInTransaction()).toBe(true);
      return r.rows[0]!.id;
    });
    expect(fast.isInTransaction()).toBe(false);
    const { rows } = await fast.query<{ ok: boolean; at: Date; doc: unknown }>(
      'select ok, at, doc from t where id = $1',
      [inserted],
    );
    expect(rows[0]).toEqual({ ok: true, at, doc: { k: '值' } });
    await fast.transaction(async (tx) => {
      await tx.query('insert into t (name) values ($1)', ['撤回']);
      await tx.rollback();
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    const gone = await fast.query('select 1 from t where name = $1', ['撤回']);
    expect(gone.rows).toEqual([]);
  });

  it('keeps a statement it has run, and drops one its table changed under', async () => {
    const text = 'select * from t order by id';
    await fast.query(text);
    await fast.query(text);
    const kept = await fast.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(kept.rows[0]!.n).toBe(1);
    // A kept `select *` whose table gained a column fails in PostgreSQL ("cached plan must not
    // change result type"); it is parsed again and answers with the new column.
    await fast.exec('alter table t add column extra int default 7');
    const after = await fast.query<{ extra: number }>(text);
    expect(after.rows[0]!.extra).toBe(7);
  });

  it('keeps at most 200 statements', async () => {
    for (let i = 0; i < 230; i++) await fast.query(`select ${i} as n`);
    await fast.query('select 1');
    const { rows } = await fast.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(201);
    expect(rows[0]!.n).toBeGreaterThan(150);
  });

  it('delivers a notification raised by a query', async () => {
    const got: string[] = [];
    await fast.listen('chan', (p) => got.push(p));
    await fast.query(`select pg_notify('chan', $1)`, ['负载']);
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual(['负载']);
  });

  it("runs statements whose protocol messages end at the backend buffer's edge", async () => {
    // Texts of every length around 8 KB: for some, a message (Parse, Bind, Describe, Execute)
    // ends exactly where the backend's 8,192-byte receive buffer does; PGlite 0.3 then drops
    // the messages sent after it in the same call, and the insert never runs, silently.
    const db = new OneTripPGlite();
    try {
      await db.exec('create table edge (pad int primary key)');
      const missing: number[] = [];
      for (let pad = 8080; pad < 8200; pad++) {
        const text = `insert into edge values ($1) /*${'x'.repeat(pad)}*/ returning pad`;
        const r = await db.query<{ pad: number }>(text, [pad]);
        if (r.rows[0]?.pad !== pad) missing.push(pad);
      }
      expect(missing).toEqual([]);
      const count = await db.query<{ n: number }>('select count(*)::int as n from edge');
      expect(count.rows[0]!.n).toBe(120);
    } finally {
      await db.close();
    }
  });
});
