/** Why a request's value was refused at the edge. */
export type InputProblemKind = 'tooDeep' | 'nul' | 'loneSurrogate';

/** The first problem of a value, with the path of the field that holds it (`a.b[2]`). */
export interface InputProblem {
  kind: InputProblemKind;
  path: string;
}

/** How deep a request's JSON may nest: far beyond any shape of the contract. */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a value is a JSON object: a plain object, or one without Object.prototype in its chain
 * (a query string parses to an object whose prototype has no prototype). Buffers, streams and
 * class instances are not.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** The problem of one string, if any. */
function stringProblem(s: string): InputProblemKind | null {
  if (s.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(s) ? 'loneSurrogate' : null;
}

function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

interface Frame {
  source: unknown[] | Record<string, unknown>;
  target: unknown[] | Record<string, unknown>;
  path: string;
  depth: number;
}

/**
 * Trims every string of a JSON-like value and finds the first string holding a NUL or a lone
 * UTF-16 surrogate, or the first value nested deeper than `maxDepth`. Walks with a stack of its
 * own, so no input can overflow the call stack. Objects other than plain ones (buffers, streams)
 * are passed through as they are.
 */
export function inspectInput<T>(
  value: T,
  maxDepth = MAX_INPUT_DEPTH,
): { value: T; problem: InputProblem | null } {
  return walk(value, maxDepth, true);
}

/** Trims every string in a JSON-like value, at any depth; other values are returned as they are. */
export function trimDeep<T>(value: T): T {
  return walk(value, Number.POSITIVE_INFINITY, false).value;
}

function walk<T>(
  value: T,
  maxDepth: number,
  check: boolean,
): { value: T; problem: InputProblem | null } {
  let problem: InputProblem | null = null;
  const visit = (v: unknown, path: string, depth: number, stack: Frame[]): unknown => {
    if (typeof v === 'string') {
      const kind = problem || !check ? null : stringProblem(v);
      if (kind) problem = { kind, path: path || 'body' };
      return v.trim();
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) return v;
    if (depth >= maxDepth) {
      problem ??= { kind: 'tooDeep', path: path || 'body' };
      return isArray ? [] : {};
    }
    const target: unknown[] | Record<string, unknown> = isArray
      ? []
      : Object.create(Object.getPrototypeOf(v) as object | null);
    stack.push({ source: v as Frame['source'], target, path, depth: depth + 1 });
    return target;
  };
  const stack: Frame[] = [];
  const root = visit(value, '', 0, stack);
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (Array.isArray(frame.source)) {
      const out = frame.target as unknown[];
      frame.source.forEach((item, i) => {
        out[i] = visit(item, joinPath(frame.path, i), frame.depth, stack);
      });
    } else {
      const out = frame.target as Record<string, unknown>;
      for (const [k, item] of Object.entries(frame.source)) {
        const keyKind: InputProblemKind | null = problem || !check ? null : stringProblem(k);
        if (keyKind) problem = { kind: keyKind, path: joinPath(frame.path, k) };
        // Defined as an own property: a `__proto__` key stays data, never a prototype.
        Object.defineProperty(out, k, {
          value: visit(item, joinPath(frame.path, k), frame.depth, stack),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    if (problem) break;
  }
  return { value: root as T, problem };
}
