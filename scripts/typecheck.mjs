// `npm run typecheck`: every TypeScript source of the workspace, two programs at a time (the machine has
// two cores and each tsc run uses one), the largest first; fails when any project fails.
import { spawn } from 'node:child_process';

// Three programs instead of one per package: the server, the gateway packages, shared and the root
// scripts share one (each package's own tsconfig stays for editors), and e2e and bench share
// another, so the server's sources are checked once by the first and once by the tools, not by
// every project that imports them.
const projects = ['tsconfig.node-all.json', 'apps/web', 'tsconfig.tools.json'];
const jobs = Number(process.env.TYPECHECK_JOBS ?? 2);

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

let failed = 0;
const queue = [...projects];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let p = queue.shift(); p; p = queue.shift()) if ((await check(p)) !== 0) failed += 1;
  }),
);
process.exit(failed ? 1 : 0);
