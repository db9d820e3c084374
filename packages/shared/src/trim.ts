/** Trims every string in a JSON-like value, recursively; other values are returned as they are. */
export function trimDeep<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((v: unknown) => trimDeep(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = trimDeep(v);
    return out as T;
  }
  return value;
}
