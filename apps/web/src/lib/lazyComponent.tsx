import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** A component whose code is loaded on first render; `preload` fetches it ahead. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is loaded. */
  preload: () => Promise<unknown>;
};

/**
 * A component loaded on first render (its own chunk), with `fallback` meanwhile. When its code
 * was preloaded before it first renders, it renders at once: no fallback and no Suspense round —
 * React holds back the content of a boundary that showed its fallback (about 300 ms), which for
 * the statistics chart was most of the time from the figures to the chart. Which of the two it
 * is is settled at that first render, so it never remounts later.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () =>
    (loading ??= load().then(
      (C) => (loaded = C),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => loadOnce().then((C) => ({ default: C })));
  function Suspended(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  let chosen: ComponentType<P> | null = null;
  function LazyComponent(props: P) {
    chosen ??= loaded ?? Suspended;
    const C = chosen;
    return <C {...props} />;
  }
  LazyComponent.preload = loadOnce;
  return LazyComponent;
}
