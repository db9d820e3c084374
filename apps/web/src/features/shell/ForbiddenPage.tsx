import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 403 page: a route that exists but whose permission the user lacks; back or home. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('shell.forbiddenTitle')}
      subTitle={t('shell.forbidden')}
      data-testid="forbidden"
      extra={[
        // Back to where the user came from, when this page was opened from inside the console.
        window.history.length > 1 && (
          <Button key="back" onClick={() => void navigate(-1)} data-testid="forbidden-back">
            {t('common.back')}
          </Button>
        ),
        <Button
          key="home"
          type="primary"
          onClick={() => void navigate('/')}
          data-testid="forbidden-home"
        >
          {t('common.backHome')}
        </Button>,
      ]}
    />
  );
}
