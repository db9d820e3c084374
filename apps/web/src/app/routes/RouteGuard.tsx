import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { PageLoading } from '../../features/shell/PageLoading.tsx';
import { isSignedIn, useSession } from '../../lib/session/sessionStore.ts';
import { decideRoute, loginPath, routeOf, type Visitor } from './access.ts';
import {
  LazyAntdFrame,
  LazyForbiddenPage,
  LazyNotFoundPage,
  LazyShellLayout,
} from './lazyComponents.tsx';
import { lazyPage } from './lazyPage.ts';
import { usePlatformRoutes } from './platformRoutes.ts';
import type { AppRoute } from './types.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** The visitor as the guard sees it (an expired token counts as signed out). */
export function useVisitor(): Visitor {
  return useSession(useShallow((s) => ({ signedIn: isSignedIn(s), user: s.user })));
}

function Page({ route }: { route: AppRoute }) {
  const Component = lazyPage(route);
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

function Titled({ titleKey, children }: { titleKey: string; children: React.ReactNode }) {
  useDocumentTitle(titleKey);
  return children;
}

/** Renders a registry route through the guard: redirect, 404, 403 or the (lazy) page. */
export function RouteGuard({ route }: { route: AppRoute }) {
  const visitor = useVisitor();
  const location = useLocation();
  const routes = usePlatformRoutes();
  const decision = decideRoute(
    routeOf(route.path, routes) ?? route,
    visitor,
    location.pathname + location.search,
    routes,
  );
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'notFound':
      return (
        <Titled titleKey="route.notFound">
          <LazyNotFoundPage />
        </Titled>
      );
    case 'forbidden':
      return (
        <Titled titleKey="route.forbidden">
          <LazyForbiddenPage />
        </Titled>
      );
    case 'render':
      return (
        <Titled titleKey={route.titleKey}>
          <Page route={route} />
        </Titled>
      );
  }
}

/** The page of unknown paths: the 404 page, no login needed. */
export function UnknownPath() {
  return (
    <Titled titleKey="route.notFound">
      <LazyNotFoundPage />
    </Titled>
  );
}

/**
 * The gate of the signed-in frame: a signed-out visitor goes to the login page before the
 * shell (and antd) is even loaded; a signed-in one gets antd and the shell around its page.
 */
export function ShellGate() {
  const { signedIn } = useVisitor();
  const location = useLocation();
  if (!signedIn) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return (
    <LazyAntdFrame>
      <LazyShellLayout />
    </LazyAntdFrame>
  );
}
