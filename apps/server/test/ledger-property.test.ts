import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, ports, tenants, users } from '../src/db/schema/index.ts';
import { runLedgerOps, type LedgerRun, type LedgerTenant } from './ledger-worker.ts';
import { DB_KIND, buildTenant, useTestServer } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');

/** Runs the ledger worker in a child process against the same PostgreSQL database. */
function runChild(args: object): Promise<LedgerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'ledger-worker.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, LEDGER_ARGS: JSON.stringify(args) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`ledger worker exited ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LedgerRun);
    });
  });
}

describe(`the ledger under concurrent random orders (${DB_KIND})`, () => {
  const ctx = useTestServer();
  let group: LedgerTenant[];
  let adminId: string;
  beforeAll(async () => {
    group = [];
    for (let i = 0; i < 3; i++) {
      const t = await buildTenant(ctx, `账本${i}`);
      group.push({ tenantId: t.tenant.id, managerId: t.manager.id });
    }
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.username, 'admin'));
    adminId = admin!.id;
  });

  it(
    DB_KIND === 'postgres'
      ? 'two processes on one database keep every balance = sum(changeAmount) >= 0'
      : 'concurrent lanes in one process keep every balance = sum(changeAmount) >= 0',
    async () => {
      const n = 120;
      const runs: LedgerRun[] =
        DB_KIND === 'postgres'
          ? await Promise.all([
              runLedgerOps(ctx.deps, group, { seed: 1, n, lanes: 4, adminId }),
              runChild({ url: ctx.database.url, tenants: group, seed: 2, n, lanes: 4, adminId }),
            ])
          : await Promise.all([
              runLedgerOps(ctx.deps, group, { seed: 1, n, lanes: 4, adminId }),
              runLedgerOps(ctx.deps, group, { seed: 2, n, lanes: 4, adminId }),
            ]);
      // Both sides ran, and some orders were refused for want of money (the rule was exercised).
      const made = runs[0]!.made + runs[1]!.made;
      expect(made).toBeGreaterThan(n);
      expect(runs[0]!.refused + runs[1]!.refused).toBeGreaterThan(0);

      for (const t of group) {
        const [wallet] = await ctx.deps.db
          .select({ balance: tenants.balanceCents })
          .from(tenants)
          .where(eq(tenants.id, t.tenantId));
        const [sums] = await ctx.deps.db
          .select({
            sum: sql<string>`coalesce(sum(${orders.changeAmount}), 0)::text`,
            negative: sql<number>`(count(*) filter (where ${orders.afterAmount} < 0 or ${orders.preAmount} < 0))::int`,
            bought: sql<number>`coalesce(sum(${orders.portCount}) filter (where ${orders.type} = 'portBuy'), 0)::int`,
          })
          .from(orders)
          .where(eq(orders.tenantId, t.tenantId));
        expect(Number(sums!.sum)).toBe(Number(wallet!.balance));
        expect(Number(wallet!.balance)).toBeGreaterThanOrEqual(0);
        expect(sums!.negative).toBe(0);
        // Every port was paid for: ports exist only through purchase orders.
        const [portCount] = await ctx.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(ports)
          .where(eq(ports.tenantId, t.tenantId));
        expect(portCount!.n).toBe(sums!.bought);
        // The orders chain: each one starts where another ended, from 0 to the balance.
        const rows = await ctx.deps.db
          .select({ pre: orders.preAmount, after: orders.afterAmount })
          .from(orders)
          .where(eq(orders.tenantId, t.tenantId));
        const pres = rows.map((r) => Number(r.pre)).sort((a, b) => a - b);
        const ends = [0, ...rows.map((r) => Number(r.after))].sort((a, b) => a - b);
        ends.splice(ends.lastIndexOf(Number(wallet!.balance)), 1);
        expect(pres).toEqual(ends);
      }
      // A shared order number retried by both sides charged once: both got the same order.
      const [a, b] = runs;
      const common = Object.keys(a!.shared).filter((k) => k in b!.shared);
      expect(common.length).toBeGreaterThan(0);
      for (const k of common) expect(a!.shared[k]).toBe(b!.shared[k]);
    },
    120_000,
  );
});
