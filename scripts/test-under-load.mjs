// Runs one test stage with a CPU hog beside it, to show that the tests do not depend on a fast
// or idle machine (a 2-core CI box with something else running):
//
//   node scripts/test-under-load.mjs e2e [playwright args]   browser tests (scripts/e2e.mjs)
//   node scripts/test-under-load.mjs server [vitest args]    API tests (vitest --project server)
//   node scripts/test-under-load.mjs unit [vitest args]      shared + web unit tests
//   node scripts/test-under-load.mjs all                     `npm test` (scripts/test.mjs)
//
// e.g. `E2E_SKIP_BUILD=1 node scripts/test-under-load.mjs e2e specs/libraries.spec.ts --repeat-each=5`.
// The hog is LOAD_HOGS busy worker threads (default: one per core), started before the stage and
// stopped when it ends, fails or is interrupted (they are threads of this process, so they end
// with it whatever happens). The stage's own exit status is this script's; its time is printed
// at the end.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const STAGES = {
  e2e: (args) => [process.execPath, ['scripts/e2e.mjs', ...args]],
  server: (args) => ['npx', ['vitest', 'run', '--project', 'server', ...args]],
  unit: (args) => ['npx', ['vitest', 'run', '--project', 'shared', '--project', 'web*', ...args]],
  all: (args) => [process.execPath, ['scripts/test.mjs', ...args]],
};

const [stage, ...rest] = process.argv.slice(2);
if (!stage || !(stage in STAGES)) {
  console.error(
    `usage: node scripts/test-under-load.mjs <${Object.keys(STAGES).join('|')}> [args for the stage]\n` +
      '  LOAD_HOGS=N  busy threads beside the stage (default: one per core; 0 = none)',
  );
  process.exit(2);
}

const cores = os.availableParallelism();
const hogCount = process.env.LOAD_HOGS === undefined ? cores : Number(process.env.LOAD_HOGS);
if (!Number.isInteger(hogCount) || hogCount < 0) {
  console.error(`LOAD_HOGS must be a whole number ≥ 0, not ${process.env.LOAD_HOGS}`);
  process.exit(2);
}

// A busy loop that never yields; terminate() stops it all the same.
const hogs = Array.from({ length: hogCount }, () =>
  new Worker('for (;;) {}', { eval: true }).on('error', () => undefined),
);
const stopHogs = () => Promise.all(hogs.splice(0).map((w) => w.terminate()));

const [cmd, args] = STAGES[stage](rest);
console.log(`▶ ${stage} under load: ${hogCount} busy thread(s) on ${cores} core(s)`);
console.log(`  ${[cmd === process.execPath ? 'node' : cmd, ...args].join(' ')}\n`);
const started = Date.now();
// Its own process group, so an interrupt can end the stage and everything it started.
const child = spawn(cmd, args, {
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, TZ: 'UTC' },
});

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
}

const status = await new Promise((resolve) => {
  child.on('error', (err) => {
    console.error(`could not start ${cmd}: ${err.message}`);
    resolve(1);
  });
  child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
await stopHogs();

const secs = ((Date.now() - started) / 1000).toFixed(1);
const verdict = interrupted ? 'interrupted' : status === 0 ? 'passed' : `failed (exit ${status})`;
console.log(
  `\n${status === 0 && !interrupted ? '✔' : '✖'} ${stage} under load ${verdict} in ${secs} s`,
);
process.exit(interrupted ? 130 : status);
