/** The areas of the console the manual has one page each for, in reading order. */
export const MANUAL_AREAS = [
  'inbox',
  'accounts',
  'contacts',
  'customerCenter',
  'groupHelper',
  'moments',
  'statistics',
  'settings',
  'openPlatform',
] as const;

export type ManualArea = (typeof MANUAL_AREAS)[number];

/** Whether a string names a manual page. */
export function isManualArea(v: string | null | undefined): v is ManualArea {
  return (MANUAL_AREAS as readonly string[]).includes(v ?? '');
}

/**
 * The screen each page's screenshot shows (the e2e suite `e2e/specs/manual-shots.spec.ts` visits
 * it and writes `apps/web/public/manual/<area>.png`).
 */
export const MANUAL_SCREENS: Record<ManualArea, string> = {
  inbox: '/message',
  accounts: '/settings/wxaccount',
  contacts: '/contacts/friends',
  customerCenter: '/customerCenter/mutilAddFriends',
  groupHelper: '/grouphelper/manager',
  moments: '/moments',
  statistics: '/statistics/wxfriend',
  settings: '/settings/childAccountManage',
  openPlatform: '/settings/open/webhooks',
};

/** Path prefixes of each area, the longest match wins (settings holds accounts and the API). */
const PREFIXES: [string, ManualArea][] = [
  ['/message', 'inbox'],
  ['/history', 'inbox'],
  ['/service', 'inbox'],
  ['/settings/wxaccount', 'accounts'],
  ['/settings/profileLibrary', 'accounts'],
  ['/simulator', 'accounts'],
  ['/contacts', 'contacts'],
  ['/customerCenter', 'customerCenter'],
  ['/grouphelper', 'groupHelper'],
  ['/moments', 'moments'],
  ['/statistics', 'statistics'],
  ['/settings/openApiKeys', 'openPlatform'],
  ['/settings/open', 'openPlatform'],
  ['/settings', 'settings'],
  ['/myAccount', 'settings'],
];

/** The manual page of the screen at `pathname` (the conversation screen for `/`). */
export function manualAreaOf(pathname: string): ManualArea {
  if (pathname === '/' || pathname === '') return 'inbox';
  let best: [string, ManualArea] | null = null;
  for (const entry of PREFIXES) {
    const [prefix] = entry;
    const hit = pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (hit && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? best[1] : 'inbox';
}

/** The address of the manual at one page (and, optionally, with a search). */
export function manualPath(area: ManualArea, query?: string): string {
  const params = new URLSearchParams({ page: area });
  if (query) params.set('q', query);
  return `/manual?${params.toString()}`;
}

/** Where a page's screenshot is served (apps/web/public/manual, copied into the build). */
export function manualShot(area: ManualArea): string {
  return `${import.meta.env.BASE_URL}manual/${area}.png`;
}
