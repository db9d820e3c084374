// `npm run bench`: builds the SPA, then runs every bench/*.bench.ts (or those named) and prints figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const only = process.argv.slice(2);
const files = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
// `npm run build` builds the SPA and the server as `npm start` runs it (bench/lib.ts); with the
// SPA's build skipped the server is still compiled (a second), so no bench runs a stale one.
const b =
  process.env.BENCH_SKIP_BUILD === '1'
    ? spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
    : spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${f}`], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
