import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@cst/shared';
import { STORAGE_KEYS } from '../lib/storage/keys.ts';
import { FIRST_TEXTS } from './firstTexts.ts';
import { buildResourcesOf } from './sharedTexts.ts';

/** The language stored by the user's last choice, else zh-CN. */
export function storedLanguage(): Language {
  const v = localStorage.getItem(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
}

/**
 * The SPA's i18next instance; texts use `{name}` placeholders like the server's messages. It
 * starts with the shared texts and {@link FIRST_TEXTS}; i18n/allTexts.ts adds the rest.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: buildResourcesOf(FIRST_TEXTS),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
});

function applyLanguage(lang: Language): void {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  document.documentElement.lang = lang;
}
applyLanguage(storedLanguage());

/** The current language. */
export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : DEFAULT_LANGUAGE;
}

/** Switches the language of the whole SPA (texts, antd, dayjs) and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, lang);
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
}
