import fs from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { ANTD_CSS_ATTR, ANTD_CSS_SETTLED } from './src/app/antdCssLink.ts';
import { STORAGE_KEYS } from './src/lib/storage/keys.ts';
import { pureSharedConsts } from './build/pureSharedConsts.ts';
import { sharedStaticData } from './build/sharedStaticData.ts';

const require = createRequire(import.meta.url);

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const LIB = /[\\/]node_modules[\\/](i18next|react-i18next|zustand|@tanstack)[\\/]/;
/**
 * zod: the entry reaches it in the module graph (through @cst/shared's index) but uses none of
 * it since the shared data comes from `virtual:cst-shared-data` (build/sharedStaticData.ts), so
 * it goes with the pages that validate, not into `vendor`, which the login page loads.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const ANTD_FAMILY =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|@babel[\\/]runtime|clsx|classnames|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|react-virtuoso)[\\/]/;

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
}

/**
 * A test "is this module reached, by static imports, from a module `isRoot` accepts?", with its
 * answers kept (modules are asked about many times while chunks are assigned).
 */
function reachedFrom(isRoot: (id: string, m: ModuleInfo) => boolean) {
  const known = new Map<string, boolean>();
  return (id: string, info: (id: string) => ModuleInfo | null): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const seen = new Set<string>([id]);
    const todo = [id];
    let found = false;
    while (todo.length && !found) {
      const at = todo.pop()!;
      const m = info(at);
      if (!m) continue;
      if (isRoot(at, m)) found = true;
      for (const i of m.importers) {
        if (known.get(i) === true) found = true;
        if (!seen.has(i)) {
          seen.add(i);
          todo.push(i);
        }
      }
    }
    known.set(id, found);
    return found;
  };
}

/** Whether the entry itself loads a module. */
const entryModule = reachedFrom((_, m) => m.isEntry);

/** The pages of a visitor without a session. */
const PUBLIC_PAGES = ['LoginPage', 'ForgetPage', 'RegisterPage'].map(
  (p) => `/src/features/auth/${p}.tsx`,
);

/** Whether a page without a session loads a module (it must not then load the first screen). */
const publicModule = reachedFrom((id) => PUBLIC_PAGES.some((p) => id.endsWith(p)));

/** The modules a signed-in load of the conversation screen runs (boot.ts fetches them at once). */
const FIRST_SCREEN = {
  frame: '/src/app/AntdFrame.tsx',
  shell: '/src/features/shell/ShellLayout.tsx',
  inbox: '/src/features/conversations/InboxPage.tsx',
  data: '/src/app/firstScreen.ts',
};
const FIRST_SCREEN_ROOTS = Object.values(FIRST_SCREEN);

/** Whether the first screen loads a module: the entry or one of {@link FIRST_SCREEN} reaches it. */
const firstScreenModule = reachedFrom(
  (id, m) => m.isEntry || FIRST_SCREEN_ROOTS.some((r) => id.endsWith(r)),
);

/** Whether the first screen's data module (`app/firstScreen.ts`) loads a module. */
const firstDataModule = reachedFrom((id) => id.endsWith(FIRST_SCREEN.data));

interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  originalFileNames?: string[];
  isEntry?: boolean;
  moduleIds?: string[];
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
          chunks.find((c) => c.moduleIds?.some((id) => id.endsWith(root)))?.fileName;
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
        // At `/` and `/message` the first-data chunk first (its requests go out once it runs),
        // then what the frame and the conversation screen add; elsewhere the frame's alone.
        const frameRoots = [chunkOf(FIRST_SCREEN.frame), chunkOf(FIRST_SCREEN.shell)];
        const data = closure([chunkOf(FIRST_SCREEN.data)], entry);
        const frameAfterData = closure(frameRoots, new Set([...entry, ...data]));
        const inbox = closure(
          [chunkOf(FIRST_SCREEN.inbox)],
          new Set([...entry, ...data, ...frameAfterData]),
        );
        const frame = closure(frameRoots, entry);
        // antd's style sheet (app/AntdFrame.tsx loadAntdStyles), first in <head> like there.
        const antdCss = Object.values(bundle).find(
          (a) =>
            a.type === 'asset' &&
            a.originalFileNames?.some((n) => n.endsWith('antd/dist/antd.css')),
        )?.fileName;
        const css = antdCss
          ? `var c=document.createElement('link');c.rel='stylesheet';c.setAttribute('${ANTD_CSS_ATTR}','');` +
            `c.onload=c.onerror=function(){c.setAttribute('${ANTD_CSS_ATTR}','${ANTD_CSS_SETTLED}')};` +
            `c.href='./'+${JSON.stringify(antdCss)};document.head.prepend(c);`
          : '';
        const script =
          `(function(){try{var t=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||'null');` +
          `if(!t||!(t.expiresAt>Date.now()))return;` +
          css +
          `var p=location.hash.replace(/^#/,'').split('?')[0]||'/';` +
          `var l=(p==='/'||p==='/message')?${JSON.stringify([...data, ...frameAfterData, ...inbox])}:${JSON.stringify(frame)};` +
          `l.forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';` +
          `k.crossOrigin='';k.href='./'+h;document.head.appendChild(k)})}catch(e){}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** antd's exports (`Button` → `./button`), from its index. */
function antdExports(): Map<string, string> {
  const index = fs.readFileSync(require.resolve('antd/es/index.js'), 'utf8');
  const map = new Map<string, string>();
  for (const m of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)) {
    map.set(m[1]!, m[2]!);
  }
  return map;
}

/**
 * `import { Button, Modal } from 'antd'` → `import Button from 'antd/es/button'; …` in the app's
 * code. The bundle is the same (antd has no side effects), but the module graph then shows which
 * components each screen really uses, so the split of antd between the first screen and the rest
 * (see `firstScreenModule`) can tell them apart; through antd's index every page reaches all of it.
 */
function antdDirectImports(): Plugin {
  let exports: Map<string, string> | undefined;
  return {
    name: 'cst-antd-direct-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !/['"]antd['"]/.test(code)) {
        return null;
      }
      exports ??= antdExports();
      const map = exports;
      let failed = false;
      const out = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*['"]antd['"];?/g,
        (all, names: string) => {
          const parts = names
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean);
          const lines: string[] = [];
          for (const part of parts) {
            const [name, local] = part.split(/\s+as\s+/).map((x) => x.trim());
            const dir = map.get(name!);
            if (!dir) {
              // The whole file then keeps `from 'antd'`, which pulls all of antd into its chunk.
              this.warn(`${id}: ${name} is not in antd's index; its antd imports stay whole`);
              failed = true;
              return all;
            }
            lines.push(`import ${local ?? name} from 'antd/es/${dir}';`);
          }
          return lines.join('\n');
        },
      );
      return failed || out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * antd components the console does not use, with the class prefix of each. Their rules are dropped
 * from antd's static style sheet (about a fifth of it): a selector that needs one of these classes
 * matches nothing while no such component renders. The build fails if one of them comes into use.
 */
const UNUSED_ANTD: Record<string, string> = {
  affix: 'affix',
  anchor: 'anchor',
  'back-top': 'back-top',
  'border-beam': 'border-beam',
  breadcrumb: 'breadcrumb',
  carousel: 'carousel',
  cascader: 'cascader',
  collapse: 'collapse',
  'float-button': 'float-btn',
  masonry: 'masonry',
  mentions: 'mentions',
  'qr-code': 'qrcode',
  rate: 'rate',
  slider: 'slider',
  splitter: 'splitter',
  steps: 'steps',
  timeline: 'timeline',
  tour: 'tour',
  transfer: 'transfer',
};
const UNUSED_ANTD_CLASS = new RegExp(`\\.ant-(?:${Object.values(UNUSED_ANTD).join('|')})(?![\\w])`);

interface CssRule {
  selectors: string[];
  selector: string;
  source?: { input: { file?: string } };
  remove(): void;
}

/** PostCSS: drops the rules of {@link UNUSED_ANTD} from antd's style sheet. */
const dropUnusedAntdCss = {
  postcssPlugin: 'cst-drop-unused-antd-css',
  Rule(rule: CssRule) {
    if (!rule.source?.input.file?.includes('antd/dist/antd.css')) return;
    const kept = rule.selectors.filter((s) => !UNUSED_ANTD_CLASS.test(s));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selector = kept.join(',');
  },
};

/** Fails the build when a component of {@link UNUSED_ANTD} is bundled (its styles are gone). */
function checkUnusedAntd(): Plugin {
  return {
    name: 'cst-check-unused-antd',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        for (const [id, m] of Object.entries(c.modules)) {
          const dir = /[\\/]antd[\\/]es[\\/]([\w-]+)[\\/]/.exec(id)?.[1];
          if (dir && dir in UNUSED_ANTD && m.renderedLength > 0) {
            this.error(`antd ${dir} is used now: remove it from UNUSED_ANTD (vite.config.ts)`);
          }
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    sharedStaticData(),
    pureSharedConsts(),
    antdDirectImports(),
    preloadFirstScreen(),
    checkUnusedAntd(),
  ],
  css: { postcss: { plugins: [dropUnusedAntdCss] } },
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
              debugName: 'vendor',
              name: (id, ctx) =>
                id.includes('node_modules') &&
                !ZOD.test(id) &&
                entryModule(id, (m) => ctx.getModuleInfo(m))
                  ? 'vendor'
                  : null,
              priority: 20,
            },
            // antd and its family in one chunk: the signed-in frame needs hundreds of its modules
            // at once, and as dozens of chunks they queue behind the browser's six connections
            // per host (HTTP/1.1). The login route loads none of it.
            // The rest of antd (what only other pages use) apart, so the first screen does not
            // wait for it.
            {
              debugName: 'antd',
              name: (id, ctx) =>
                ANTD_FAMILY.test(id)
                  ? firstScreenModule(id, (m) => ctx.getModuleInfo(m))
                    ? 'antd'
                    : 'antd-more'
                  : null,
              priority: 10,
            },
            // The first screen's own code in two chunks: as a dozen small shared chunks it queued
            // behind the browser's six connections (HTTP/1.1) on a load without cached code. The
            // first-data module and what it imports apart (`first-data`, no antd), so its requests
            // go out before antd has arrived; the frame, the shell and the conversation screen
            // together (`first-screen`). Only those modules: what they import from the entry stays
            // there, and what the sign-in pages use too stays apart, so those pages do not load
            // the first screen.
            {
              debugName: 'first-data, first-screen',
              name: (id, ctx) => {
                const info = (m: string) => ctx.getModuleInfo(m);
                if (
                  id.includes('node_modules') ||
                  entryModule(id, info) ||
                  publicModule(id, info) ||
                  !firstScreenModule(id, info)
                ) {
                  return null;
                }
                return firstDataModule(id, info) ? 'first-data' : 'first-screen';
              },
              includeDependenciesRecursively: false,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
