// `npm test`: lint, typecheck, unit and API tests (PGlite), then the browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['unit + API tests', 'npx', ['vitest', 'run']],
  ['browser tests', process.execPath, ['scripts/e2e.mjs']],
];

const env = { ...process.env, TZ: 'UTC' };
const started = Date.now();
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs} s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs} s)`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
