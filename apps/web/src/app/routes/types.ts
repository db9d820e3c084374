import type { ComponentType } from 'react';
import type { Permission } from '@cst/shared';

/** Who may open a route: anyone, only signed-out visitors (login pages), or signed-in users. */
export type RouteAccess = 'public' | 'guest' | 'user';

/** The frame a route renders in. */
export type RouteLayout = 'auth' | 'shell';

/** Groups of pages that share a side menu inside the shell. */
export type SectionId =
  'settings' | 'contacts' | 'moments' | 'customerCenter' | 'grouphelper' | 'statistics';

/** Where a menu entry shows: the top menu of the shell, or the side menu of a section. */
export type MenuGroup = 'top' | SectionId;

/** One menu entry a route contributes. */
export interface MenuSpec {
  group: MenuGroup;
  /** Position in its group, ascending. */
  order: number;
  /** i18n key of the label; the route title when omitted. */
  labelKey?: string;
  icon?: ComponentType;
  /** Link target when it differs from the route path (e.g. `/?talkType=2`). */
  to?: string;
  /** A live count drawn after the label (e.g. unread likes and comments). */
  badge?: ComponentType;
}

/** Loads a page component on demand (code splitting). */
export type PageLoader = () => Promise<ComponentType>;

/**
 * One entry of the route registry. The registry drives the router, the menus and the guard:
 * a page is added by adding (or flipping `ready` on) one entry.
 */
export interface AppRoute {
  /** Absolute path in the hash router. */
  path: string;
  /** i18n key of the route title (page title = site name + ' - ' + this). */
  titleKey: string;
  access: RouteAccess;
  layout: RouteLayout;
  /** Permission the user must hold; the page answers 403 without it. */
  permission?: Permission;
  /**
   * Whether the page is built. A route that is not ready renders the 404 page and shows in no menu,
   * so the console never offers a dead entry.
   */
  ready: boolean;
  /** The page component; required when ready (unless it is a redirect). */
  load?: PageLoader;
  /** A redirect route: where it goes (for a section, the preferred child). */
  redirect?: string;
  /** The section whose side menu frames this page (or which this redirect opens). */
  section?: SectionId;
  menu?: MenuSpec[];
}
