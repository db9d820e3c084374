import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useVisitor } from '../../app/routes/useVisitor.ts';
import { ExpiryBanner } from '../billing/ExpiryBanner.tsx';
import { AppHeader } from './AppHeader.tsx';
import { ComplianceLine } from './ComplianceLine.tsx';
import '../../app/routes/menuPartSet.ts';

/** The frame of every signed-in page: header, page, footer with the compliance notice. */
export function ShellLayout() {
  const { signedIn } = useVisitor();
  // Signed out: the page's guard sends the visitor to the login page.
  if (!signedIn) return <Outlet />;
  return (
    <Layout className="app-shell" data-testid="app-shell">
      <AppHeader />
      <ExpiryBanner />
      <Layout.Content className="app-content">
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="app-footer">
        <ComplianceLine />
      </Layout.Footer>
    </Layout>
  );
}
