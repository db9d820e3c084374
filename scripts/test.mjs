// `npm test`: lint, typecheck, unit and API tests on PGlite, the server suites again on
// PostgreSQL 15, then the browser tests. PostgreSQL is a throw-away one that scripts/postgres.sh
// starts (installing Debian's postgresql-15 when missing) and stops afterwards, unless
// TEST_DATABASE_URL names one to use.
//
// The steps run in two phases; the lanes of a phase run at the same time (the machine has two
// cores and no lane keeps one busy all the time), the steps of a lane one after the other, their
// output prefixed by the step's name:
//   1. lint · typecheck · SPA build · (Chromium, then PostgreSQL, installed when missing)
//   2. unit + API tests on PGlite, then half the server suites on PostgreSQL
//        · browser tests (on the SPA built in phase 1), then the other half
// TEST_PARALLEL=1 runs the PGlite and PostgreSQL suites side by side too (three lanes in phase 2);
// TEST_SERIAL=1 runs one step at a time (each lane's output then unprefixed). A failed step ends
// its lane; a failed phase stops the run once its other lanes end. Each step's time is printed at
// the end.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env, TZ: 'UTC' };
const givenPg = process.env.TEST_DATABASE_URL;
delete env.TEST_DATABASE_URL;
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'cst-test-pg-'));
/** TEST_PG_PORT, else a port free now (another run's PostgreSQL may hold the usual one). */
const pgPort = process.env.TEST_PG_PORT ?? String(await freePort());
const serial = process.env.TEST_SERIAL === '1';
let startedPg = false;
let pgUrl = givenPg ?? null;

/** A TCP port on 127.0.0.1 that nothing listens on. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

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

/** Stops the PostgreSQL this run started and removes its data folder (the temp folder's). */
function stopPostgres() {
  if (startedPg) spawnSync('scripts/postgres.sh', ['stop', pgDir], { stdio: 'inherit' });
  startedPg = false;
  rmSync(pgDir, { recursive: true, force: true });
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

/** Lines that name a failed test (vitest's FAIL/×, Playwright's ✘ and its closing list). */
const FAILURE_LINE = /^\s*(FAIL\b|×|✘|\d+ (failed|flaky|did not run)\b|\[chromium\] ›)/;
/**
 * Where a failure's report begins: vitest's `FAIL  project file > test`, Playwright's
 * `1) specs/x.spec.ts:7:3 › …`.
 */
const REPORT_START = /^\s*(FAIL\b|\d+\) (\[chromium\] › )?\S+\.spec\.ts:\d+)/;
/**
 * Where a report's error part ends: vitest's ⎯ rule or source excerpt (`❯ file:line`), Playwright's
 * call log, source excerpt (`  20 |`) or attachments.
 */
const REPORT_END = /^\s*(⎯|❯ |at |Call log:|>?\s*\d+ \||attachment #)/;
/** The error lines kept per report (the message and the start of its diff). */
const REPORT_LINES = 12;
/** The failure lines of each tag, printed again at the end so that a log's tail names them. */
const failureLines = new Map();
/** Per tag, how many more lines of the current failure report to keep. */
const reportLeft = new Map();

function noteFailure(tag, line) {
  // eslint-disable-next-line no-control-regex
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trimEnd();
  const list = failureLines.get(tag) ?? [];
  failureLines.set(tag, list);
  const left = reportLeft.get(tag) ?? 0;
  if (REPORT_START.test(plain)) {
    reportLeft.set(tag, REPORT_LINES);
  } else if (left > 0) {
    // The report's own lines (the error, the expected/received diff), kept as they are.
    if (REPORT_END.test(plain)) reportLeft.set(tag, 0);
    else if (plain.trim()) {
      reportLeft.set(tag, left - 1);
      if (list.length < 80) list.push(`  ${plain.trim()}`);
    }
    return;
  }
  if (!FAILURE_LINE.test(plain)) return;
  if (list.length < 80 && !list.includes(plain.trim())) list.push(plain.trim());
}

/** Copies a stream to stdout line by line, each line led by `[tag] `. */
function prefixLines(stream, tag) {
  let rest = '';
  stream.setEncoding('utf8');
  const write = (line) => {
    noteFailure(tag, line);
    process.stdout.write(`[${tag}] ${line}\n`);
  };
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) write(line);
  });
  stream.on('end', () => {
    if (rest) write(rest);
  });
}

/** A step: a name and its commands, run one after the other while each succeeds. */
const step = (name, tag, commands) => ({ name, tag, commands });

const pgliteSuites = step('unit + API tests (PGlite)', 'pglite', [
  () => ['npx', ['vitest', 'run'], env],
]);
/** Half `shard` (1 or 2) of the server suites on PostgreSQL (vitest's `--shard`, by file). */
const postgresSuites = (shard) =>
  step(`server suites on PostgreSQL 15 (${shard}/2)`, `postgres${shard}`, [
    () => [
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'server',
        '--project',
        'gateway-whatsapp',
        `--shard=${shard}/2`,
      ],
      { ...env, TEST_DATABASE_URL: pgUrl },
    ],
  ]);
const browserTests = step('browser tests', 'e2e', [
  () => [process.execPath, ['scripts/e2e.mjs'], { ...env, E2E_SKIP_BUILD: '1' }],
]);

/** Phases of lanes (lists of steps): a phase's lanes run together, a lane's steps in turn. */
const phases = [
  [
    [step('lint', 'lint', [() => ['npm', ['run', '-s', 'lint'], env]])],
    [step('typecheck', 'types', [() => ['npm', ['run', '-s', 'typecheck'], env]])],
    [step('SPA build', 'build', [() => ['npm', ['run', '-s', 'build'], env]])],
    // One after the other: both may install Debian packages (one apt at a time).
    [
      step('Chromium and PostgreSQL ready', 'setup', [
        () => [process.execPath, ['scripts/ensure-chromium.mjs'], env],
        () => {
          pgUrl = startPostgres();
          return pgUrl ? ['true', [], env] : null;
        },
      ]),
    ],
  ],
  // The browser tests need only the build of phase 1, so they run beside the server suites; the
  // PostgreSQL run is split in two halves, one after each of the other two, so that both lanes
  // end at about the same time.
  process.env.TEST_PARALLEL === '1'
    ? [[pgliteSuites], [postgresSuites(1), postgresSuites(2)], [browserTests]]
    : [
        [pgliteSuites, postgresSuites(1)],
        [browserTests, postgresSuites(2)],
      ],
];

async function runStep(s, alone) {
  const { name, tag, commands } = s;
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
  return { name, tag, secs, ok: status === 0 };
}

/** Runs a lane's steps one after the other while they pass; resolves with their results. */
async function runLane(lane, alone) {
  const results = [];
  for (const s of lane) {
    const r = await runStep(s, alone);
    results.push(r);
    if (!r.ok) break;
  }
  return results;
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
  if (serial) {
    for (const lane of phase) {
      results.push(...(await runLane(lane, true)));
      if (results.some((r) => !r.ok)) break;
    }
  } else {
    for (const r of await Promise.all(phase.map((lane) => runLane(lane, false)))) {
      results.push(...r);
    }
  }
  done.push(...results);
  console.log(`— phase ${i + 1} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (results.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}
stopPostgres();
console.log('\nSteps:');
for (const r of done) {
  console.log(`  ${r.ok ? '✔' : '✖'} ${r.name.padEnd(38)} ${r.secs} s`);
  if (!r.ok) for (const line of failureLines.get(r.tag) ?? []) console.log(`      ${line}`);
}
const total = ((Date.now() - started) / 1000).toFixed(1);
if (failed) {
  console.error(`\nTests failed after ${total} s`);
  process.exit(1);
}
console.log(`\nAll tests passed in ${total} s`);
