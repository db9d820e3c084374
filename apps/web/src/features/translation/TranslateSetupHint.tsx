import { TranslationOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/** Without a provider: the assistant's place says how to configure one (TRANSLATE_URL). */
export function TranslateSetupHint() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="topLeft"
      title={t('translate.notConfigured')}
      content={
        <div style={{ maxWidth: 300 }} data-testid="translate-setup-hint">
          {t('translate.setupHint')}
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
