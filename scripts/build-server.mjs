// `npm start`'s server build: apps/server and the workspace packages it imports, compiled from
// TypeScript into apps/server/dist with esbuild, so the production server runs as plain JavaScript
// (`node apps/server/dist/main.js`) without tsx's loader (about 35 MB of an idle server, and the
// transpiled sources with their inline source maps kept in the heap; docs/performance.md).
// Libraries in node_modules stay outside the bundle and load as before; a dynamic import() keeps
// its own chunk, so what loads on first use (the WhatsApp adapter, sharp, exceljs…) still does.
// Tests, the benches' in-process servers and the command-line tools keep running the TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
export const SERVER_DIST = path.join(root, 'apps/server/dist');

/**
 * `import.meta.dirname` of a source file, as seen from its compiled chunk in `outdir`: the server
 * finds the SPA, its migrations and the root package.json relative to its sources.
 */
const sourceDirname = (outdir) => ({
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const rel = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      const dir = `decodeURIComponent(new URL(${JSON.stringify(`${rel || '.'}/`)}, import.meta.url).pathname).replace(/\\/$/, '')`;
      return { contents: text.replaceAll('import.meta.dirname', dir), loader: 'ts' };
    });
  },
});

/** Every bare import is left to Node at run time, except the workspace's own TypeScript packages. */
const externalLibraries = {
  name: 'external-libraries',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cst/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds `outdir`/main.js and the database thread's entry beside it. `outdir` must be inside the
 * repository, where Node finds node_modules from it.
 */
export async function buildServer(outdir = SERVER_DIST) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: path.join(src, 'main.ts'),
      'pglite-worker': path.join(src, 'platform/pglite-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceDirname(outdir), externalLibraries],
  });
}

// `node scripts/build-server.mjs [outdir]` (the server's tests build a copy of their own).
if (process.argv[1] === fileURLToPath(import.meta.url))
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : SERVER_DIST);
