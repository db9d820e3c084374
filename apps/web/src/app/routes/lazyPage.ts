import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from './types.ts';

/** How long a page's code may take to load (SPEC §8). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded (network failure or the 120 s timeout). */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Runs a page loader, failing with ChunkLoadError on error or after `timeoutMs`. */
export function loadPage(
  load: () => Promise<ComponentType>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<ComponentType> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (c) => {
        clearTimeout(timer);
        resolve(c);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}

const cache = new Map<AppRoute, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a route (one per route). */
export function lazyPage(route: AppRoute): LazyExoticComponent<ComponentType> {
  let page = cache.get(route);
  if (!page) {
    const load = route.load;
    if (!load) throw new Error(`route ${route.path} has no page`);
    page = lazy(() => loadPage(load).then((Component) => ({ default: Component })));
    cache.set(route, page);
  }
  return page;
}
