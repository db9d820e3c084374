import { pathToFileURL } from 'node:url';
import { newOrderNumber } from '@cst/shared';
import { BillingService } from '../src/modules/billing/billing.service.ts';
import { listPorts } from '../src/modules/ports/ports.repository.ts';
import type { AuthContext } from '../src/platform/auth-context.ts';
import { openPostgres } from '../src/platform/db.ts';
import type { Deps } from '../src/platform/deps.ts';
import { AppError } from '../src/platform/errors.ts';

/** A tenant the random orders are made for, with its manager. */
export interface LedgerTenant {
  tenantId: string;
  managerId: string;
}

/** What one run did: orders made, orders refused for want of money, answers to shared numbers. */
export interface LedgerRun {
  made: number;
  refused: number;
  /** Order id answered for each shared order number (`tenantId:number` → id). */
  shared: Record<string, string>;
}

/** A small seeded PRNG (mulberry32), so a failing run can be repeated. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function caller(userId: string, tenantId: string | null): AuthContext {
  return {
    userId,
    username: 'ledger',
    nickname: 'ledger',
    tenantId,
    role: tenantId ? 'manager' : 'admin',
    roleId: null,
    permissions: new Set(),
    tokenId: '',
    expiresAt: 0,
  };
}

/**
 * Random recharges, purchases, renewals and adjustments on `lanes` concurrent lanes: `n` in all.
 * Every 5th operation recharges with a shared order number (`SHARED-<tenant>-<k>`) that another
 * process tries too, so only one of the two may charge. Refusals for want of money are expected;
 * any other error fails the run.
 */
export async function runLedgerOps(
  deps: Pick<Deps, 'db' | 'now'>,
  tenants: LedgerTenant[],
  opts: { seed: number; n: number; lanes: number; adminId: string },
): Promise<LedgerRun> {
  const billing = new BillingService(deps as Deps);
  const rand = prng(opts.seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const run: LedgerRun = { made: 0, refused: 0, shared: {} };
  const admin = caller(opts.adminId, null);
  const ops = Array.from({ length: opts.n }, (_, i) => {
    const t = pick(tenants);
    const roll = rand();
    const amount = 1 + Math.floor(rand() * 5000);
    const months = 1 + Math.floor(rand() * 3);
    const count = 1 + Math.floor(rand() * 2);
    return async () => {
      const manager = caller(t.managerId, t.tenantId);
      if (i % 5 === 0) {
        const k = Math.floor(i / 5) % 8;
        const orderNumber = `SHARED-${t.tenantId.slice(0, 8)}-${k}`;
        const o = await billing.recharge(admin, {
          tenantId: t.tenantId,
          amountCents: 1000 + k,
          orderNumber,
        });
        run.shared[`${t.tenantId}:${orderNumber}`] = o.id;
      } else if (roll < 0.3) {
        await billing.recharge(admin, {
          tenantId: t.tenantId,
          amountCents: amount,
          orderNumber: newOrderNumber('RC'),
        });
      } else if (roll < 0.6) {
        await billing.buyPorts(manager, { count, months, orderNumber: newOrderNumber('PB') });
      } else if (roll < 0.85) {
        const { rows } = await listPorts(deps.db, {
          tenantId: t.tenantId,
          page: 1,
          pageSize: 50,
          now: deps.now(),
        });
        if (rows.length === 0) return;
        const ids = [...new Set([pick(rows).port.id, pick(rows).port.id])];
        await billing.payRenew(manager, { ids, months, orderNumber: newOrderNumber('PR') });
      } else {
        await billing.adjust(admin, {
          tenantId: t.tenantId,
          amountCents: -amount,
          remark: 'random correction',
          orderNumber: newOrderNumber('AD'),
        });
      }
    };
  });
  let next = 0;
  const lane = async () => {
    while (next < ops.length) {
      const op = ops[next++]!;
      try {
        await op();
        run.made += 1;
      } catch (err) {
        if (err instanceof AppError && err.key === 'balanceInsufficient') run.refused += 1;
        else throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.lanes }, lane));
  return run;
}

/** The child process: runs the ops on its own pool and prints the run as one JSON line. */
async function main() {
  const args = JSON.parse(process.env.LEDGER_ARGS ?? '{}') as {
    url: string;
    tenants: LedgerTenant[];
    seed: number;
    n: number;
    lanes: number;
    adminId: string;
  };
  const database = await openPostgres(args.url, args.lanes);
  try {
    const run = await runLedgerOps({ db: database.db, now: () => Date.now() }, args.tenants, args);
    process.stdout.write(`${JSON.stringify(run)}\n`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
