import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const LIB = /[\\/]node_modules[\\/](i18next|react-i18next|zustand|@tanstack)[\\/]/;
const ANTD_FAMILY =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|@babel[\\/]runtime|clsx|classnames|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|react-virtuoso)[\\/]/;

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
}

const inEntry = new Map<string, boolean>();

/** Whether the entry itself loads a module (it is reached from the entry by static imports). */
function entryModule(id: string, info: (id: string) => ModuleInfo | null): boolean {
  const known = inEntry.get(id);
  if (known !== undefined) return known;
  const seen = new Set<string>([id]);
  const todo = [id];
  let found = false;
  while (todo.length && !found) {
    const m = info(todo.pop()!);
    if (!m) continue;
    if (m.isEntry) found = true;
    for (const i of m.importers) {
      if (inEntry.get(i) === true) found = true;
      if (!seen.has(i)) {
        seen.add(i);
        todo.push(i);
      }
    }
  }
  inEntry.set(id, found);
  return found;
}

export default defineConfig({
  plugins: [react()],
  base: './',
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '^/(main-api|task-api|system-api|api|sim-api|wechat_api|chatroom|account|oss-api|healthz)':
        'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // zod schemas are built at module load; calls on `z` are pure, so schemas no page uses
      // (every feature's contract sits in @cst/shared) are dropped from the bundle.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 40 },
            { name: 'lib', test: LIB, priority: 30 },
            // Packages the entry itself loads (zod, dayjs, the menu icons): kept out of the antd
            // chunk, which would otherwise take them along as its dependencies.
            {
              name: (id, ctx) =>
                id.includes('node_modules') && entryModule(id, (m) => ctx.getModuleInfo(m))
                  ? 'vendor'
                  : null,
              priority: 20,
            },
            // antd and its family in one chunk: the signed-in frame needs hundreds of its modules
            // at once, and as dozens of chunks they queue behind the browser's six connections
            // per host (HTTP/1.1). The login route loads none of it.
            { name: 'antd', test: ANTD_FAMILY, priority: 10 },
          ],
        },
      },
    },
  },
});
