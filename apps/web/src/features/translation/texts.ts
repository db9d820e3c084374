import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the translation assistant. */
export const translationTexts: Record<Language, TextTree> = {
  'zh-CN': {
    translate: {
      language: '翻译语言',
      chooseLanguage: '请选择翻译语言',
      draft: '翻译输入内容',
      message: '翻译',
      translated: '译文',
    },
  },
  en: {
    translate: {
      language: 'Translate into',
      chooseLanguage: 'Choose a language to translate into',
      draft: 'Translate what I typed',
      message: 'Translate',
      translated: 'Translation',
    },
  },
};
