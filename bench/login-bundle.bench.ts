// Issue 35: the JavaScript a visitor without a session loads for the login page, gzip, from the
// built SPA (apps/web/dist; `npm run bench` builds it first). Deterministic: bytes, no timing.
// The login route loads index.html's entry script and the chunks it imports statically, then the
// LoginPage chunk and its static imports. Printed beside the whole entry closure of a signed-in
// load of the conversation screen (the baseline the split keeps apart) and the goal (< 200 KB).
// `node --import tsx bench/login-bundle.bench.ts --list` prints every chunk of the route.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { report, ROOT } from './lib.ts';

const DIST = path.join(ROOT, 'apps/web/dist');
const GOAL_KB = 200;

/** The gzip size of a built file in bytes (level 9, as a static server would precompress). */
function gzipBytes(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
}

/** The chunks a chunk imports statically (`import … from"./x.js"`), relative to dist. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  const dir = path.posix.dirname(file);
  const out: string[] = [];
  const re = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.push(path.posix.normalize(`${dir}/${m[1]}`));
  return out;
}

/** `roots` and every chunk they import statically. */
function closure(roots: string[]): string[] {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return [...seen];
}

/** The one built chunk whose name starts with `name-`. */
function chunk(name: string): string {
  const found = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  if (found.length !== 1) throw new Error(`${name}: ${found.length} chunks in dist/assets`);
  return `assets/${found[0]}`;
}

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');
const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\.\/([^"]+)"/g)].map((m) => m[1]!);

const login = closure([entry, chunk('LoginPage')]);
const firstScreen = closure([entry, chunk('first-data'), chunk('first-screen')]);
const kb = (files: string[]) => files.reduce((n, f) => n + gzipBytes(f), 0) / 1024;

if (process.argv.includes('--list')) {
  for (const f of login.sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
    console.log(`${(gzipBytes(f) / 1024).toFixed(1).padStart(8)} KB  ${f}`);
  }
}
const loginKb = kb(login);
report(
  'login route JS (gzip)',
  `${loginKb.toFixed(1)} KB`,
  `${kb(firstScreen).toFixed(1)} KB`,
  `< ${GOAL_KB} KB`,
);
report('login route chunks', String(login.length), String(firstScreen.length));
report('login route CSS (gzip)', `${kb(css).toFixed(1)} KB`, '');
if (loginKb >= GOAL_KB) {
  console.log(`login route JS over the goal (${GOAL_KB} KB)`);
  process.exitCode = 1;
}
