import { useTranslation } from 'react-i18next';

/** The compliance notice of SPEC §1 as one line of small text (login page, shell footer). */
export function ComplianceLine() {
  const { t } = useTranslation();
  return (
    <span className="compliance-line" data-testid="compliance-notice">
      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" className="icon">
        <path
          d="M12 2.5 4.5 5.5v6c0 4.6 3.1 8.4 7.5 10 4.4-1.6 7.5-5.4 7.5-10v-6L12 2.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
        <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      {t('site.compliance')}
    </span>
  );
}
