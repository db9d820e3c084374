import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';

/** Switches between zh-CN and English (texts, antd and dayjs locales); plain HTML. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="text-button"
      aria-label={t('shell.switchLanguage')}
      title={t('shell.switchLanguage')}
      data-testid="language-switch"
      onClick={() => void setLanguage(currentLanguage() === 'en' ? 'zh-CN' : 'en')}
    >
      <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true" className="icon">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.6 2.6 3.8 5.6 3.8 9s-1.2 6.4-3.8 9c-2.6-2.6-3.8-5.6-3.8-9S9.4 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span className="language-label">{t('shell.otherLanguage')}</span>
    </button>
  );
}
