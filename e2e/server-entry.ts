// The browser tests' console server: `npm start`'s server, except that every login captcha has
// the known answer E2E_CAPTCHA, so a spec can sign in past one as a person who reads it would.
// Only E2EServer (server.ts) starts this file; the product's entry is apps/server/src/main.ts.
import { run } from '../apps/server/src/run.ts';
import { E2E_CAPTCHA } from './server.ts';

run({ captchaText: () => E2E_CAPTCHA }).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
