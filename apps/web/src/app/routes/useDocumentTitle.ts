import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the page title to the site name plus a route title (SPEC §2), in the current language. */
export function useDocumentTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t('site.name')} - ${t(titleKey)}`;
  }, [t, titleKey, i18n.language]);
}
