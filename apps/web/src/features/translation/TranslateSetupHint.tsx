import { TranslationOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/sessionStore.ts';

/**
 * Without a provider: the assistant's place says what to do — a seat asks the administrator, a
 * manager learns what the server needs (TRANSLATE_URL).
 */
export function TranslateSetupHint() {
  const { t } = useTranslation();
  const seat = useSession((s) => s.user?.role === 'office');
  return (
    <Popover
      trigger="click"
      placement="topLeft"
      title={t('translate.notConfigured')}
      content={
        <div style={{ maxWidth: 300 }} data-testid="translate-setup-hint">
          {t(seat ? 'translate.setupHintSeat' : 'translate.setupHint')}
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
