// `npm run lint`'s architecture check: dependency-cruiser with .dependency-cruiser.cjs over the
// apps and packages. A rule of severity `error` fails the run (each violation printed); a rule
// still being worked down (`warn`) is counted per rule, so its number is seen to fall.
import { spawnSync } from 'node:child_process';

const r = spawnSync(
  'npx',
  [
    'depcruise',
    'apps/server/src',
    'apps/web/src',
    'packages',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
);
if (r.status !== 0 && !r.stdout) {
  process.stderr.write(r.stderr);
  process.exit(1);
}
const { summary } = JSON.parse(r.stdout);
const errors = summary.violations.filter((v) => v.rule.severity === 'error');
const warned = new Map();
for (const v of summary.violations) {
  if (v.rule.severity === 'warn') warned.set(v.rule.name, (warned.get(v.rule.name) ?? 0) + 1);
}
for (const v of errors) {
  const via = v.cycle?.length ? v.cycle.map((c) => c.name ?? c).join(' → ') : v.to;
  console.error(`✖ ${v.rule.name}: ${v.from} → ${via}`);
}
for (const [name, n] of warned) console.log(`… ${name}: ${n} left to move (warning)`);
console.log(
  `architecture: ${summary.totalCruised} modules, ${errors.length} errors, ${[...warned.values()].reduce((a, b) => a + b, 0)} warnings`,
);
process.exit(errors.length > 0 ? 1 : 0);
