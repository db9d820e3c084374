import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The compliance notice of SPEC §1 as a banner (the one-line form is ComplianceLine). */
export function ComplianceNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('site.complianceTitle')}
      description={t('site.compliance')}
      data-testid="compliance-notice"
    />
  );
}
