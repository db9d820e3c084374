import ts from 'typescript';
import type { Plugin } from 'vite';

/** The modules whose top-level constants are declarations only (zod schemas, message tables). */
const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;

/** Whether an expression runs code when evaluated (a call, `new`, a tagged template). */
function runsCode(node: ts.Node): boolean {
  if (
    ts.isCallExpression(node) ||
    ts.isNewExpression(node) ||
    ts.isTaggedTemplateExpression(node)
  ) {
    return true;
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  return ts.forEachChild(node, runsCode) ?? false;
}

/**
 * Wraps each top-level `const x = <expression that calls something>` of packages/shared in a
 * `/* @__PURE__ *\/` IIFE. The bundler (rolldown) does not look into functions or method chains to
 * tell that `pageQuery.extend({…})` or `requiredString(…).optional()` is free of side effects, so
 * without this every schema of every module the browser imports (each of them for its message
 * table) stayed in the bundle, and with them the whole of zod — in the login route too. The
 * shared modules only declare values (tests/shared check nothing runs at import), so an unused
 * constant can go. Build only; the dev server and the tests run the source as written.
 */
export function pureSharedConsts(): Plugin {
  return {
    name: 'cst-pure-shared-consts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SHARED_SRC.test(id) || id.endsWith('.test.ts')) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const edits: { at: number; text: string }[] = [];
      for (const st of file.statements) {
        if (!ts.isVariableStatement(st)) continue;
        if (!(st.declarationList.flags & ts.NodeFlags.Const)) continue;
        for (const d of st.declarationList.declarations) {
          const init = d.initializer;
          if (!init || !runsCode(init)) continue;
          edits.push({ at: init.getStart(file), text: '/* @__PURE__ */ (() => (' });
          edits.push({ at: init.getEnd(), text: '))()' });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const e of edits.sort((a, b) => b.at - a.at)) {
        out = out.slice(0, e.at) + e.text + out.slice(e.at);
      }
      return { code: out, map: null };
    },
  };
}
