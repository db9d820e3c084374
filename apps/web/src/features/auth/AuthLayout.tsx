import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ComplianceNotice } from '../shell/ComplianceNotice.tsx';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { Logo } from '../shell/Logo.tsx';

/** The frame of the sign-in pages: brand, the page's form, the compliance notice. */
export function AuthLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="auth-page">
      <div className="auth-lang">
        <LanguageSwitch />
      </div>
      <Flex vertical align="center" gap={20} className="auth-center">
        <Flex align="center" gap={12}>
          <Logo size={44} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('site.name')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
          </div>
        </Flex>
        <div
          className="auth-card"
          style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}
        >
          <Outlet />
        </div>
        <div className="auth-notice">
          <ComplianceNotice variant="line" />
        </div>
      </Flex>
    </div>
  );
}
