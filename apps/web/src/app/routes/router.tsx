import { createHashRouter, type RouteObject } from 'react-router';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { LazySectionLayout, LazyShellLayout } from './lazyComponents.tsx';
import { ROUTES } from './registry.ts';
import { RouteError } from './RouteError.tsx';
import { RouteGuard, UnknownPath } from './RouteGuard.tsx';
import type { AppRoute, SectionId } from './types.ts';

const toObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <RouteGuard route={route} />,
});

/** The route tree built from the registry: auth frame, shell frame (with sections), 404. */
export function buildRouteTree(routes: AppRoute[] = ROUTES): RouteObject[] {
  const sections = [...new Set(routes.flatMap((r) => (r.section ? [r.section] : [])))];
  const inShell = (r: AppRoute) => r.layout === 'shell';
  const sectionPage = (r: AppRoute) => Boolean(r.section && !r.redirect);
  return [
    {
      errorElement: <RouteError />,
      children: [
        {
          element: <AuthLayout />,
          children: routes.filter((r) => r.layout === 'auth').map(toObject),
        },
        {
          element: <LazyShellLayout />,
          children: [
            ...routes.filter((r) => inShell(r) && !sectionPage(r)).map(toObject),
            ...sections.map((id: SectionId): RouteObject => ({
              element: <LazySectionLayout section={id} />,
              children: routes.filter((r) => r.section === id && sectionPage(r)).map(toObject),
            })),
          ],
        },
        { path: '*', element: <UnknownPath /> },
      ],
    },
  ];
}

/** The hash router of the SPA. */
export const router = createHashRouter(buildRouteTree());
