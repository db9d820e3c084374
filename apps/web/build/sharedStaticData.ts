import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:cst-shared-data';
const RESOLVED = '\0cst-shared-data';
const WEB_SRC = /[\\/]apps[\\/]web[\\/]src[\\/].+\.[jt]sx?$/;
const SHARED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@cst\/shared['"];?/g;

/** Plain data: what an object or array literal can hold, nothing made by a class or function. */
function isData(v: unknown): boolean {
  if (v === null) return true;
  const t = typeof v;
  if (t === 'string' || t === 'number' || t === 'boolean') return true;
  if (t !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return false;
  return Object.values(v as object).every(isData);
}

/**
 * The plain data the SPA imports from @cst/shared (message tables, permission lists, constants)
 * served as literals from a build-time copy, `virtual:cst-shared-data`, instead of from the
 * shared modules. A shared module holds its messages beside its zod schemas; a module the entry
 * imports lives in the entry's chunk, and with it every schema any page imports from it, and zod.
 * So the login page loaded every schema of the console. With this the entry takes the data alone;
 * the schemas and zod go with the pages that use them. Functions and schemas still come from
 * @cst/shared. Build only; the dev server and the tests import @cst/shared as written.
 */
export function sharedStaticData(): Plugin {
  let shared: Record<string, unknown> | undefined;
  const load = async () => {
    shared ??= (await tsImport('@cst/shared', import.meta.url)) as Record<string, unknown>;
    return shared;
  };
  return {
    name: 'cst-shared-static-data',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const values = await load();
      return Object.entries(values)
        .filter(([, v]) => isData(v))
        .map(([k, v]) => `export const ${k} = /* @__PURE__ */ Object.freeze(${JSON.stringify(v)});`)
        .join('\n');
    },
    async transform(code, id) {
      if (!WEB_SRC.test(id) || !code.includes('@cst/shared')) return null;
      const values = await load();
      let changed = false;
      const out = code.replace(SHARED_IMPORT, (all, names: string) => {
        const parts = names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        const data: string[] = [];
        const rest: string[] = [];
        for (const part of parts) {
          const name = part.split(/\s+as\s+/)[0]!;
          if (!part.startsWith('type ') && name in values && isData(values[name])) data.push(part);
          else rest.push(part);
        }
        if (data.length === 0) return all;
        changed = true;
        const lines = [`import { ${data.join(', ')} } from '${VIRTUAL}';`];
        if (rest.some((p) => !p.startsWith('type '))) {
          lines.push(`import { ${rest.join(', ')} } from '@cst/shared';`);
        } else if (rest.length) {
          lines.push(
            `import type { ${rest.map((p) => p.replace(/^type\s+/, '')).join(', ')} } from '@cst/shared';`,
          );
        }
        return lines.join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
