import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, rowsOf } from '../../platform/db.ts';
import { startServer } from '../../server.ts';
import {
  dropPgDatabase,
  seedPgliteDataDir,
  testConfig,
  useTempDir,
} from '../../../test/support.ts';
import { addAccount, apiAs, signIn } from '../accounts/account.test-support.ts';
import { moveToPostgres } from './db-move.repository.ts';
import { countTables } from './snapshot.repository.ts';

// `npm run db:move`: the embedded database into an empty PostgreSQL one, every row kept, the
// statistics rollups not counted a second time.

const PG = process.env.TEST_DATABASE_URL;
const dir = useTempDir('cst-move-');
let target: string | null = null;
afterAll(async () => {
  if (PG && target) await dropPgDatabase(PG, target).catch(() => undefined);
});

describe.skipIf(!PG)('moving the embedded database to PostgreSQL', () => {
  it('keeps every row of every table, rollups included', async () => {
    const dataDir = path.join(dir, 'data');
    await seedPgliteDataDir(dataDir);
    const config = testConfig({
      dataDir,
      port: 0,
      backup: { dir: path.join(dir, 'backups'), everyMs: null, keep: 7 },
    });
    // A server writes some history: an account online and messages in.
    const server = await startServer(config, {
      accounts: { simulator: { loginDelayMs: 10 } },
    });
    try {
      const s = await signIn(server, 'demo');
      const api = apiAs(server, s);
      const { wxid } = await addAccount(server, s, { nickname: '迁移号' });
      for (let i = 0; i < 5; i++) {
        await api.post('/sim-api/inbound', {
          workWxid: wxid,
          fromWxid: `wxid_mv${i % 2}`,
          talkType: 1,
          msgType: 1,
          content: `迁移 ${i}`,
        });
      }
    } finally {
      await server.stop();
    }

    const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    target = url.toString();

    const source = await openPglite(dataDir);
    try {
      const before = await countTables(source.db);
      expect(before.messages).toBeGreaterThanOrEqual(5);
      const after = await moveToPostgres(source, target);
      expect(after).toEqual(before);
      const dest = await openPostgres(target, 1);
      try {
        // Row for row, a rollup and the messages as they were.
        for (const table of ['messages', 'stat_message_daily', 'stat_message_day', 'users']) {
          if (before[table] === undefined) continue;
          const q = sql.raw(
            `select coalesce(json_agg(t order by t::text), '[]') as rows from "${table}" t`,
          );
          const [a] = rowsOf<{ rows: unknown }>(await source.db.execute(q));
          const [b] = rowsOf<{ rows: unknown }>(await dest.db.execute(q));
          expect(b?.rows).toEqual(a?.rows);
        }
      } finally {
        await dest.close();
      }
    } finally {
      await source.close();
    }
  }, 120_000);
});
