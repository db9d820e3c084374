// `npm run typecheck`: every TypeScript project of the workspace, two at a time (the machine has
// two cores and each tsc run uses one), the largest first; fails when any project fails.
import { spawn } from 'node:child_process';

const projects = [
  'apps/server',
  'apps/web',
  'packages/gateway-whatsapp',
  'packages/gateway',
  'e2e',
  'bench',
  'packages/shared',
  '.',
];
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
