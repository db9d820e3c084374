// Issue 34 item 7: the WhatsApp adapter's memory per connected account, with BENCH_WA_ACCOUNTS
// (200) accounts paired and online on fake sockets (Baileys' own event buffer, no network) in one
// process. The baseline is the same process before the first account: Node, Baileys and the
// adapter loaded, the database open. The budget is the adapter's own state (packages/
// gateway-whatsapp/README.md, "Memory"): at most 0.5 MB of heap per account, so 200 accounts fit
// one instance beside the real sockets' own budget. Exits non-zero over it.
import { spawnSync } from 'node:child_process';
import { report, ROOT } from './lib.ts';

const N = Number(process.env.BENCH_WA_ACCOUNTS ?? 200);
const BUDGET_HEAP_MB_PER_ACCOUNT = 0.5;

const run = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', 'packages/gateway-whatsapp/scripts/memory.ts', String(N)],
  { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' }, timeout: 900_000 },
);
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(1);
}
const line = run.stdout.trim().split('\n').at(-1)!;
const r = JSON.parse(line) as Record<string, string>;
const heapPer = Number(r.heapPerAccountMB);
report(`heap, ${N} accounts online (MB)`, r.heapAfterMB!, `${r.heapBeforeMB} MB`);
report(`RSS, ${N} accounts online (MB)`, r.rssAfterMB!, `${r.rssBeforeMB} MB`);
report('heap per account (MB)', r.heapPerAccountMB!, '', `≤ ${BUDGET_HEAP_MB_PER_ACCOUNT}`);
report('RSS per account (MB)', r.rssPerAccountMB!, '');
if (!(heapPer <= BUDGET_HEAP_MB_PER_ACCOUNT)) {
  console.error(`over budget: ${heapPer} MB heap per account`);
  process.exit(1);
}
