import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The compliance notice of SPEC §1, as a banner or as a line of small text. */
export function ComplianceNotice({ variant = 'banner' }: { variant?: 'banner' | 'line' }) {
  const { t } = useTranslation();
  if (variant === 'line') {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="compliance-notice">
        <SafetyCertificateOutlined /> {t('site.compliance')}
      </Typography.Text>
    );
  }
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
