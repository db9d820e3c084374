/**
 * A library loaded on its first use instead of at start: `const loadX = lazyImport(() =>
 * import('x'))`, then `await loadX()` where it is used. The server imports sharp, exceljs and
 * qrcode only for some requests (pictures, spreadsheets, login codes); each costs 10–30 MB of
 * resident memory from the moment it is loaded (docs/performance.md). A failed load is tried
 * again on the next call.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
