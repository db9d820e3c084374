// Runs the browser tests: makes sure Chromium is there, builds the SPA, then runs Playwright.
// Extra arguments go to Playwright (e.g. `npm run test:e2e -- specs/auth.spec.ts`).
import { spawnSync } from 'node:child_process';

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(process.execPath, ['scripts/ensure-chromium.mjs']);
if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', '-s', 'build']);
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, TZ: 'UTC' },
});
