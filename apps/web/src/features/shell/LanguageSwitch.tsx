import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';

/** Switches between zh-CN and English (texts, antd and dayjs locales). */
export function LanguageSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { t } = useTranslation();
  return (
    <Button
      type={type}
      icon={<GlobalOutlined />}
      aria-label={t('shell.switchLanguage')}
      title={t('shell.switchLanguage')}
      data-testid="language-switch"
      onClick={() => void setLanguage(currentLanguage() === 'en' ? 'zh-CN' : 'en')}
    >
      {t('shell.otherLanguage')}
    </Button>
  );
}
