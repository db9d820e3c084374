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

const cache = new Map<AppRoute, ComponentType | LazyExoticComponent<ComponentType>>();
const preloaded = new Map<AppRoute, ComponentType>();
const preloading = new Map<AppRoute, Promise<ComponentType>>();

/**
 * Starts loading a route's page code ahead of its first render (once per route). When it has
 * arrived by then, {@link lazyPage} returns the page itself, so it renders without a spinner.
 */
export function preloadPage(route: AppRoute): Promise<ComponentType> {
  let p = preloading.get(route);
  if (!p) {
    const load = route.load;
    if (!load) return Promise.reject(new Error(`route ${route.path} has no page`));
    p = loadPage(load).then(
      (Component) => {
        preloaded.set(route, Component);
        return Component;
      },
      (err: unknown) => {
        preloading.delete(route);
        throw err;
      },
    );
    preloading.set(route, p);
  }
  return p;
}

/**
 * The page component of a route (one per route, settled at its first render): the page itself
 * when its code was preloaded, else a lazy component that loads it.
 */
export function lazyPage(route: AppRoute): ComponentType | LazyExoticComponent<ComponentType> {
  let page = cache.get(route);
  if (!page) {
    const load = route.load;
    if (!load) throw new Error(`route ${route.path} has no page`);
    const pending = preloading.get(route);
    page =
      preloaded.get(route) ??
      lazy(() => (pending ?? loadPage(load)).then((Component) => ({ default: Component })));
    cache.set(route, page);
  }
  return page;
}
