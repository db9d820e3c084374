import { Menu } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuEntries, selectedMenuKey } from '../../app/routes/access.ts';
import { usePlatformRoutes } from '../../app/routes/platformRoutes.ts';
import { useSession } from '../../lib/session/sessionStore.ts';

/** The top menu (SPEC §2): one entry per built page or section the user may open. */
export function TopMenu() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  const routes = usePlatformRoutes();
  const entries = menuEntries('top', user, routes);
  const selected = selectedMenuKey(entries, pathname, search, routes);
  return (
    <Menu
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
