import { Menu } from 'antd';
import { createElement, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuEntries, selectedMenuKey } from '../../app/routes/access.ts';
import { usePlatformRoutes } from '../../app/routes/platformRoutes.ts';
import { useSession } from '../../lib/session/sessionStore.ts';

/**
 * The widths (px) at which styles.css changes the header: entry padding and icons, the product
 * name, the compact tools. Keep in step with the media queries there.
 */
const HEADER_STEPS = [1280, 1440, 1600, 1800, 2000].map((w) => `(min-width: ${w}px)`);

function subscribeSteps(onChange: () => void): () => void {
  const lists = HEADER_STEPS.map((q) => window.matchMedia(q));
  for (const l of lists) l.addEventListener('change', onChange);
  return () => {
    for (const l of lists) l.removeEventListener('change', onChange);
  };
}

/** How many of the header's width steps the window has reached. */
function headerStep(): number {
  return HEADER_STEPS.filter((q) => window.matchMedia(q).matches).length;
}

/** The top menu (SPEC §2): one entry per built page or section the user may open. */
export function TopMenu() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  const routes = usePlatformRoutes();
  const entries = menuEntries('top', user, routes);
  const selected = selectedMenuKey(entries, pathname, search, routes);
  // antd's menu folds entries into "···" by widths it measured; when the window crosses a step the
  // entries change width by CSS and the folded ones were not measured again, so after narrowing
  // and widening the menu could stay folded with room to spare. A new step (or language) measures
  // afresh.
  const step = useSyncExternalStore(subscribeSteps, headerStep);
  return (
    <Menu
      key={`${step}:${i18n.language}`}
      mode="horizontal"
      className="top-menu"
      data-testid="top-menu"
      selectedKeys={selected ? [selected] : []}
      items={entries.map((e) => ({
        key: e.key,
        icon: e.icon ? createElement(e.icon) : undefined,
        label: (
          <Link to={e.to}>
            {t(e.labelKey)}
            {e.badge ? createElement(e.badge) : null}
          </Link>
        ),
      }))}
    />
  );
}
