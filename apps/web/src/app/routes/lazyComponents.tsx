import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '../../features/shell/PageLoading.tsx';
import { loadPage } from './lazyPage.ts';

/** A component whose code is loaded on first render; `preload` fetches it ahead. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is loaded. */
  preload: () => Promise<unknown>;
};

/**
 * A component loaded on first render (its own chunk), with the page spinner meanwhile. When its
 * code was preloaded before it first renders, it renders at once (no spinner, no Suspense
 * round); which of the two it is is settled at that first render, so it never remounts later.
 */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () =>
    (loading ??= (loadPage(load as () => Promise<ComponentType>) as Promise<ComponentType<P>>).then(
      (C) => (loaded = C),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => loadOnce().then((C) => ({ default: C })));
  function Suspended(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
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

// Frames and error pages are split from the entry so the login page loads only what it needs.
// (The frame renders once antd's style sheet has loaded too, so nothing shows unstyled.)
export const LazyAntdFrame = lazyComponent(() =>
  import('../AntdFrame.tsx').then((m) => m.loadAntdStyles().then(() => m.AntdFrame)),
);
export const LazyShellLayout = lazyComponent(() =>
  import('../../features/shell/ShellLayout.tsx').then((m) => m.ShellLayout),
);
export const LazySectionLayout = lazyComponent(() =>
  import('../../features/shell/SectionLayout.tsx').then((m) => m.SectionLayout),
);
export const LazyNotFoundPage = lazyComponent(() =>
  import('../../features/shell/NotFoundPage.tsx').then((m) => m.NotFoundPage),
);
export const LazyForbiddenPage = lazyComponent(() =>
  import('../../features/shell/ForbiddenPage.tsx').then((m) => m.ForbiddenPage),
);
