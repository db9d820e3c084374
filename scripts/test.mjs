// `npm test`: lint, typecheck, unit and API tests on PGlite, the server suites again on
// PostgreSQL 15, then the browser tests. PostgreSQL is a throw-away one that scripts/postgres.sh
// starts (installing Debian's postgresql-15 when missing) and stops afterwards, unless
// TEST_DATABASE_URL names one to use.
//
// The steps run in three phases; the steps of a phase run at the same time (the machine has two
// cores and every step leaves one of them idle part of the time), their output prefixed by the
// step's name:
//   1. lint · typecheck · SPA build (+ Chromium, then PostgreSQL, installed when missing)
//   2. unit + API tests on PGlite, then the server suites on PostgreSQL (side by side with
//      TEST_PARALLEL=1)
//   3. browser tests (on the SPA built in phase 1)
// A failed phase stops the run after its other steps end. TEST_SERIAL=1 runs one step at a time.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env, TZ: 'UTC' };
const givenPg = process.env.TEST_DATABASE_URL;
delete env.TEST_DATABASE_URL;
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'cst-test-pg-'));
const pgPort = process.env.TEST_PG_PORT ?? '54329';
const serial = process.env.TEST_SERIAL === '1';
let startedPg = false;
let pgUrl = givenPg ?? null;

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

const running = new Set();

/** Runs a command, its output prefixed with `tag` when given; resolves with its exit status. */
function run(cmd, args, cmdEnv, tag) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: cmdEnv,
      stdio: ['ignore', tag ? 'pipe' : 'inherit', tag ? 'pipe' : 'inherit'],
      detached: true,
    });
    running.add(child);
    if (tag) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, tag);
    child.on('error', () => undefined);
    child.on('close', (code) => {
      running.delete(child);
      resolve(code ?? 1);
    });
  });
}

/** Copies a stream to stdout line by line, each line led by `[tag] `. */
function prefixLines(stream, tag) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) process.stdout.write(`[${tag}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) process.stdout.write(`[${tag}] ${rest}\n`);
  });
}

/** A step: a name and its commands, run one after the other while each succeeds. */
const step = (name, tag, commands) => ({ name, tag, commands });

const phases = [
  [
    step('lint', 'lint', [() => ['npm', ['run', '-s', 'lint'], env]]),
    step('typecheck', 'types', [() => ['npm', ['run', '-s', 'typecheck'], env]]),
    step('SPA build', 'build', [() => ['npm', ['run', '-s', 'build'], env]]),
    // One after the other: both may install Debian packages (one apt at a time).
    step('Chromium and PostgreSQL ready', 'setup', [
      () => [process.execPath, ['scripts/ensure-chromium.mjs'], env],
      () => {
        pgUrl = startPostgres();
        return pgUrl ? ['true', [], env] : null;
      },
    ]),
  ],
  [
    step('unit + API tests (PGlite)', 'pglite', [() => ['npx', ['vitest', 'run'], env]]),
    step('server suites on PostgreSQL 15', 'postgres', [
      () => [
        'npx',
        ['vitest', 'run', '--project', 'server', '--project', 'gateway-whatsapp'],
        { ...env, TEST_DATABASE_URL: pgUrl },
      ],
    ]),
  ],
  [
    step('browser tests', null, [
      () => [process.execPath, ['scripts/e2e.mjs'], { ...env, E2E_SKIP_BUILD: '1' }],
    ]),
  ],
];

async function runStep({ name, tag, commands }, alone) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  let status = 0;
  for (const prepare of commands) {
    const cmd = prepare();
    status = cmd ? await run(cmd[0], cmd[1], cmd[2], alone ? null : tag) : 1;
    if (status !== 0) break;
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (status !== 0) console.error(`\n✖ ${name} failed after ${secs} s`);
  else console.log(`✔ ${name} (${secs} s)`);
  return { name, secs, ok: status === 0 };
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  stopPostgres();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const started = Date.now();
const done = [];
let failed = false;
for (const [i, phase] of phases.entries()) {
  const t0 = Date.now();
  const results = [];
  // The two test suites run side by side only when asked (TEST_PARALLEL=1): on two cores their
  // timing-sensitive tests (paced sends, orders of concurrent jobs, streamed parsing) then run
  // under twice the load, and a red run costs more than the minutes saved.
  const together = i === 0 || (i === 1 && process.env.TEST_PARALLEL === '1');
  if (serial || phase.length === 1 || !together) {
    for (const s of phase) {
      const r = await runStep(s, true);
      results.push(r);
      if (!r.ok) break;
    }
  } else {
    results.push(...(await Promise.all(phase.map((s) => runStep(s, false)))));
  }
  done.push(...results);
  if (i === phases.length - 2) stopPostgres();
  console.log(`— phase ${i + 1} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (results.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}
stopPostgres();
console.log('\nSteps:');
for (const r of done) console.log(`  ${r.ok ? '✔' : '✖'} ${r.name.padEnd(34)} ${r.secs} s`);
const total = ((Date.now() - started) / 1000).toFixed(1);
if (failed) {
  console.error(`\nTests failed after ${total} s`);
  process.exit(1);
}
console.log(`\nAll tests passed in ${total} s`);
