// The browser tests' console server: `npm start`'s server, except that every login captcha has
// the known answer E2E_CAPTCHA, so a spec can sign in past one as a person who reads it would,
// and that a new embedded database starts as a copy of the migrated template the server tests
// keep (apps/server/test/pglite-template.ts) instead of running every migration again.
// Only E2EServer (server.ts) starts this file; the product's entry is apps/server/src/main.ts.
import fs from 'node:fs';
import path from 'node:path';
import { run } from '../apps/server/src/run.ts';
import { seedPgliteDataDir } from '../apps/server/test/pglite-template.ts';
import { E2E_CAPTCHA } from './server.ts';

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (dataDir && !process.env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'pg'))) {
    await seedPgliteDataDir(dataDir);
  }
  await run({ captchaText: () => E2E_CAPTCHA });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
