// `npm test`: lint, typecheck, unit and API tests on PGlite, the server suites again on
// PostgreSQL 15, then the browser tests. PostgreSQL is a throw-away one that scripts/postgres.sh
// starts (installing Debian's postgresql-15 when missing) and stops afterwards, unless
// TEST_DATABASE_URL names one to use.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env, TZ: 'UTC' };
const givenPg = process.env.TEST_DATABASE_URL;
delete env.TEST_DATABASE_URL;
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'cst-test-pg-'));
const pgPort = process.env.TEST_PG_PORT ?? '54329';
let startedPg = false;

function startPostgres() {
  if (givenPg) return givenPg;
  const r = spawnSync('scripts/postgres.sh', ['start', pgDir, pgPort], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) return null;
  startedPg = true;
  return r.stdout.trim().split('\n').at(-1);
}

function stopPostgres() {
  if (startedPg) spawnSync('scripts/postgres.sh', ['stop', pgDir], { stdio: 'inherit' });
  startedPg = false;
}

const steps = [
  ['lint', () => ['npm', ['run', '-s', 'lint'], env]],
  ['typecheck', () => ['npm', ['run', '-s', 'typecheck'], env]],
  ['unit + API tests (PGlite)', () => ['npx', ['vitest', 'run'], env]],
  [
    'server suites on PostgreSQL 15',
    () => {
      const url = startPostgres();
      if (!url) return null;
      return [
        'npx',
        ['vitest', 'run', '--project', 'server', '--project', 'gateway-whatsapp'],
        { ...env, TEST_DATABASE_URL: url },
      ];
    },
    stopPostgres,
  ],
  ['browser tests', () => [process.execPath, ['scripts/e2e.mjs'], env]],
];

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopPostgres();
    process.exit(130);
  });
}

const started = Date.now();
for (const [name, prepare, after] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const cmd = prepare();
  const r = cmd ? spawnSync(cmd[0], cmd[1], { stdio: 'inherit', env: cmd[2] }) : { status: 1 };
  after?.();
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs} s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs} s)`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
