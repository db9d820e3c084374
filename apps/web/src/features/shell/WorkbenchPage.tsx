import { AppstoreOutlined, IdcardOutlined, RightOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Space, Tag, Typography } from 'antd';
import { createElement, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '@cst/shared';
import { isAvailable } from '../../app/routes/isAvailable.ts';
import { useRouteTable } from '../../app/routes/routeTable.ts';
import type { AppRoute } from '../../app/routes/types.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { ComplianceNotice } from './ComplianceNotice.tsx';

/** The pages a user may open from the workbench: every built page with a menu entry. */
export function workbenchLinks(user: SessionUser | null, routes: AppRoute[]): AppRoute[] {
  return routes
    .filter((r) => r.path !== '/' && !r.redirect && r.access === 'user' && isAvailable(r, user))
    .filter((r) => r.menu?.length || r.path === '/myAccount');
}

/** The home page until the conversation screen ships: welcome, tenant, role, notice, links. */
export function WorkbenchPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const routes = useRouteTable();
  const links = workbenchLinks(user, routes);
  const iconOf = (r: AppRoute): ComponentType =>
    r.menu?.find((m) => m.icon)?.icon ??
    routes.find((p) => p.section && p.section === r.section && p.redirect)?.menu?.[0]?.icon ??
    (r.path === '/myAccount' ? IdcardOutlined : AppstoreOutlined);
  return (
    <Flex vertical gap={16} className="page" data-testid="workbench">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('shell.welcome', { name: user?.nickname ?? '' })}
        </Typography.Title>
        <Space size={24} wrap>
          <span>
            <Typography.Text type="secondary">
              {t('shell.tenant')}
              {t('common.colon')}
            </Typography.Text>
            <span data-testid="workbench-tenant">{user?.tenantName ?? t('shell.platform')}</span>
          </span>
          <span>
            <Typography.Text type="secondary">
              {t('shell.role')}
              {t('common.colon')}
            </Typography.Text>
            <Tag data-testid="workbench-role">{user ? t(`roles.${user.role}`) : ''}</Tag>
          </span>
        </Space>
      </Card>
      <ComplianceNotice />
      <Card title={t('shell.quickLinks')}>
        {links.length === 0 ? (
          <Empty description={t('shell.noLinks')} />
        ) : (
          <Row gutter={[16, 16]}>
            {links.map((r) => {
              const icon = iconOf(r);
              return (
                <Col key={r.path} xs={24} sm={12} lg={8} xl={6}>
                  <Link to={r.path} data-testid={`workbench-link-${r.path}`}>
                    <Card hoverable size="small">
                      <Flex justify="space-between" align="center">
                        <Space>
                          <span className="workbench-icon">{createElement(icon)}</span>
                          <Typography.Text strong>{t(r.titleKey)}</Typography.Text>
                        </Space>
                        <RightOutlined />
                      </Flex>
                    </Card>
                  </Link>
                </Col>
              );
            })}
          </Row>
        )}
      </Card>
    </Flex>
  );
}
