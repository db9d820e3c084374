import { createHashRouter, type RouteObject } from 'react-router';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { LazyAntdFrame, LazySectionLayout } from './lazyComponents.tsx';
import { ROUTES } from './registry.ts';
import { RouteError } from './RouteError.tsx';
import { RouteGuard, ShellGate, UnknownPath } from './RouteGuard.tsx';
import type { AppRoute, SectionId } from './types.ts';

/**
 * Pages written in plain HTML: they render outside the antd frame, so the login route loads no
 * antd (the goal for the JS the login route loads is under 200 KB gzip).
 */
export const PLAIN_PAGES: readonly string[] = ['/auth', '/auth/login'];

const toObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <RouteGuard route={route} />,
});

/** The route tree built from the registry: auth frame, shell frame (with sections), 404. */
export function buildRouteTree(routes: AppRoute[] = ROUTES): RouteObject[] {
  const sections = [...new Set(routes.flatMap((r) => (r.section ? [r.section] : [])))];
  const auth = routes.filter((r) => r.layout === 'auth');
  const inShell = (r: AppRoute) => r.layout === 'shell';
  const sectionPage = (r: AppRoute) => Boolean(r.section && !r.redirect);
  return [
    {
      errorElement: <RouteError />,
      children: [
        {
          element: <AuthLayout />,
          children: [
            ...auth.filter((r) => PLAIN_PAGES.includes(r.path)).map(toObject),
            {
              element: <LazyAntdFrame />,
              children: auth.filter((r) => !PLAIN_PAGES.includes(r.path)).map(toObject),
            },
          ],
        },
        {
          element: <ShellGate />,
          children: [
            ...routes.filter((r) => inShell(r) && !sectionPage(r)).map(toObject),
            ...sections.map((id: SectionId): RouteObject => ({
              element: <LazySectionLayout section={id} />,
              children: routes.filter((r) => r.section === id && sectionPage(r)).map(toObject),
            })),
          ],
        },
        { element: <LazyAntdFrame />, children: [{ path: '*', element: <UnknownPath /> }] },
      ],
    },
  ];
}

/** The hash router of the SPA. */
export const router = createHashRouter(buildRouteTree());
