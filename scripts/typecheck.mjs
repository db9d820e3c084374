// `npm run typecheck`: every TypeScript source of the workspace, in two chains side by side (the
// machine has two cores and each tsc run uses one); fails when any program fails.
import { spawn } from 'node:child_process';

// Three programs instead of one per package: the server, the gateway packages, shared and the root
// scripts share one (each package's own tsconfig stays for editors), the web app another, and e2e
// and bench a third. The third references the first, which is built first (`tsc -b`, emitting only
// declarations, to node_modules/.cache/typecheck): it reads the server's declarations instead of
// checking its sources again (about 6 s instead of 20), and a second run skips unchanged sources.
// The third is started only once the first is built: it includes the declarations by a pattern.
const chains = [
  [
    ['-b', 'tsconfig.node-all.json'],
    ['-p', 'tsconfig.tools.json'],
  ],
  [['-p', 'apps/web']],
];

function check(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', ...args], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

// A chain stops at its first failure (the tools' check needs the server's declarations).
const failed = await Promise.all(
  chains.map(async (chain) => {
    for (const args of chain) if ((await check(args)) !== 0) return 1;
    return 0;
  }),
);
process.exit(failed.some(Boolean) ? 1 : 0);
