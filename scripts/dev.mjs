// `npm run dev`: the server (restarting on change) and the Vite dev server with its proxy.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? '/nonexistent' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { stdio: 'inherit' }),
];
console.log('Console (dev): http://127.0.0.1:5173/  API: http://127.0.0.1:8080/');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', () => stop());
