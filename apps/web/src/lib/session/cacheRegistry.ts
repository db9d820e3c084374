/**
 * Caches that a full logout must empty besides the query cache (e.g. the contact cache a later
 * feature keeps in IndexedDB). A feature registers its clearer once, at module load.
 */
const clearers = new Set<() => Promise<void> | void>();

/** Registers a function that empties one cache on logout; returns an unregister function. */
export function registerCacheClearer(clear: () => Promise<void> | void): () => void {
  clearers.add(clear);
  return () => clearers.delete(clear);
}

/** Runs every registered clearer; failures are ignored so logout always completes. */
export async function clearRegisteredCaches(): Promise<void> {
  await Promise.all(
    [...clearers].map(async (clear) => {
      try {
        await clear();
      } catch {
        // A cache that cannot be cleared must not block the logout.
      }
    }),
  );
}
