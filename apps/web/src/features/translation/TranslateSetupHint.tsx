import { TranslationOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/session/sessionStore.ts';

/**
 * Without a provider: the assistant's place says what to do — whoever may set translation up
 * (translation.manage) is told where, with a link there; anyone else asks the administrator.
 */
export function TranslateSetupHint() {
  const { t } = useTranslation();
  const canSetUp = useCan('translation.manage');
  return (
    <Popover
      trigger="click"
      placement="topLeft"
      title={t('translate.notConfigured')}
      content={
        <div style={{ maxWidth: 300 }} data-testid="translate-setup-hint">
          {canSetUp ? (
            <>
              {t('translate.setupHint')}{' '}
              <Link to="/settings/translation" data-testid="translate-setup-link">
                {t('translate.openSettings')}
              </Link>
            </>
          ) : (
            t('translate.setupHintSeat')
          )}
        </div>
      }
    >
      <Button
        size="small"
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('translate.notConfigured')}
        data-testid="translate-setup"
        style={{ opacity: 0.45 }}
      />
    </Popover>
  );
}
