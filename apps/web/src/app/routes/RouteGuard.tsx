import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../features/shell/PageLoading.tsx';
import { decideRoute, loginPath, routeOf } from './access.ts';
import {
  LazyAntdFrame,
  LazyForbiddenPage,
  LazyNotFoundPage,
  LazyShellLayout,
} from './lazyComponents.tsx';
import { lazyPage } from './lazyPage.ts';
import { usePlatformRoutes } from './platformRoutes.ts';
import type { AppRoute } from './types.ts';
import { RouteTableContext } from './routeTable.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { useVisitor } from './useVisitor.ts';

function Page({ route, routes }: { route: AppRoute; routes: AppRoute[] }) {
  const Component = lazyPage(route);
  return (
    <RouteTableContext value={routes}>
      <Suspense fallback={<PageLoading />}>
        <Component />
      </Suspense>
    </RouteTableContext>
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
          <Page route={route} routes={routes} />
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
