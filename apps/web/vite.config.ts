import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { STORAGE_KEYS } from './src/lib/storage/keys.ts';

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

interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}

/**
 * With a stored session, index.html asks for the signed-in frame's code (antd, the shell) and,
 * at `/` or `/message`, the conversation screen's code and first-data module, right while the
 * entry itself loads, instead of after the entry has run (app/boot.ts then finds them there).
 * Nothing changes for a visitor without a session (the login page).
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'cst-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, BuiltChunk> | undefined;
        if (!bundle) return undefined;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const chunkOf = (root: string) =>
          chunks.find((c) => c.facadeModuleId?.endsWith(root))?.fileName;
        /** The chunks `roots` load (themselves and their static imports), less `skip`. */
        const closure = (roots: (string | undefined)[], skip: Set<string>) => {
          const out: string[] = [];
          const stack = roots.filter((r): r is string => Boolean(r)).reverse();
          while (stack.length) {
            const f = stack.pop()!;
            if (skip.has(f) || out.includes(f)) continue;
            out.push(f);
            stack.push(...[...(bundle[f]?.imports ?? [])].reverse());
          }
          return out;
        };
        const entry = new Set(
          closure(
            chunks.filter((c) => c.isEntry).map((c) => c.fileName),
            new Set(),
          ),
        );
        const data = closure([chunkOf('/src/app/firstScreen.ts')], entry);
        const frame = closure(
          [chunkOf('/src/app/AntdFrame.tsx'), chunkOf('/src/features/shell/ShellLayout.tsx')],
          new Set([...entry, ...data]),
        );
        const inbox = closure(
          [chunkOf('/src/features/conversations/InboxPage.tsx')],
          new Set([...entry, ...data, ...frame]),
        );
        const script =
          `(function(){try{var t=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||'null');` +
          `if(!t||!(t.expiresAt>Date.now()))return;` +
          `var p=location.hash.replace(/^#/,'').split('?')[0]||'/';` +
          `var l=(p==='/'||p==='/message')?${JSON.stringify([...data, ...frame, ...inbox])}:${JSON.stringify(frame)};` +
          `l.forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';` +
          `k.crossOrigin='';k.href='./'+h;document.head.appendChild(k)})}catch(e){}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadFirstScreen()],
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
