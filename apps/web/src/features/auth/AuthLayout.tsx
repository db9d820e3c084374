import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ComplianceLine } from '../shell/ComplianceLine.tsx';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { Logo } from '../shell/Logo.tsx';

/**
 * The frame of the sign-in pages: brand, the page's form, the compliance notice. Plain HTML and
 * CSS, like the login page, so the login route loads no antd.
 */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-lang">
        <LanguageSwitch />
      </div>
      <div className="auth-center">
        <div className="auth-brand">
          <Logo size={44} />
          <div>
            <h1>{t('site.name')}</h1>
            <p className="muted">{t('auth.tagline')}</p>
          </div>
        </div>
        <div className="auth-card">
          <Outlet />
        </div>
        <div className="auth-notice">
          <ComplianceLine />
        </div>
      </div>
    </div>
  );
}
