import { Layout, Menu } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { menuEntries, routeOf } from '../../app/routes/access.ts';
import { usePlatformRoutes } from '../../app/routes/platformRoutes.ts';
import type { SectionId } from '../../app/routes/types.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { ManualHelp } from '../manual/ManualHelp.tsx';
import '../../app/routes/menuPartSet.ts';

/** The frame of a section's pages (settings, statistics, …): side menu and page. */
export function SectionLayout({ section }: { section: SectionId }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const entries = menuEntries(section, user, usePlatformRoutes());
  const sectionRoute = routeOf(`/${section}`);
  const title = sectionRoute ? t(sectionRoute.titleKey) : '';
  return (
    <Layout className="section-layout">
      <Layout.Sider
        width={200}
        theme="light"
        className="section-sider"
        breakpoint="md"
        collapsedWidth={0}
      >
        <div className="section-title">
          {title}
          <ManualHelp place="section" />
        </div>
        <Menu
          mode="inline"
          aria-label={t('shell.sideMenu', { section: title })}
          data-testid="side-menu"
          selectedKeys={[pathname]}
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
      </Layout.Sider>
      <Layout.Content className="section-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
