import type { ComponentType } from 'react';
import { PageLoading } from '../../features/shell/PageLoading.tsx';
import { lazyComponent as lazyWith } from '../../lib/lazyComponent.tsx';
import { loadPage } from './lazyPage.ts';

/** A frame or page loaded on first render (`lib/lazyComponent.tsx`), the page spinner meanwhile. */
const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazyWith<P>(
    () => loadPage(load as () => Promise<ComponentType>) as Promise<ComponentType<P>>,
    <PageLoading />,
  );

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
