import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '../../features/shell/PageLoading.tsx';
import { loadPage } from './lazyPage.ts';

/** A component loaded on first render (its own chunk), with the page spinner meanwhile. */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() =>
    loadPage(load as () => Promise<ComponentType>).then((C) => ({
      default: C as ComponentType<P>,
    })),
  );
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

// Frames and error pages are split from the entry so the login page loads only what it needs.
export const LazyAntdFrame = lazyComponent(() =>
  import('../AntdFrame.tsx').then((m) => m.AntdFrame),
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
