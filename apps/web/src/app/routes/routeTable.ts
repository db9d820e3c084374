import { createContext, use } from 'react';
import type { AppRoute } from './types.ts';

/**
 * The route table as the platform sees it (`usePlatformRoutes`), handed to the pages by the
 * guard. A page that lists pages (the workbench) reads it here instead of importing the registry,
 * which loads that page: the registry stays the one place that knows every page, without a cycle.
 */
export const RouteTableContext = createContext<AppRoute[]>([]);

/** The route table of the page being shown. */
export function useRouteTable(): AppRoute[] {
  return use(RouteTableContext);
}
