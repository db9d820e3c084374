// Makes sure Debian's Chromium is present for the browser tests: installs it when missing and
// this user may (root), else stops with a clear message.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the Chromium binary exists and runs. */
function works() {
  if (!fs.existsSync(CHROMIUM)) return false;
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

if (!works()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package as root: apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to a Chromium binary), then run the tests again.',
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (r.status !== 0 || !works()) {
    console.error("Could not install Debian's chromium (apt-get install -y chromium failed).");
    process.exit(1);
  }
}
// CJK glyphs for the screenshots (the console is Chinese first); optional.
const hasCjkFont = () => spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).stdout?.trim();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && !hasCjkFont()) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['install', '-y', '-qq', 'fonts-wqy-microhei'], { stdio: 'inherit', env });
}
console.log(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim());
