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
      translating: '翻译中…',
      auto: '自动翻译',
      autoHint:
        '开启后，客户发来的文字自动译成“我的语言”显示在原文下方；您发送的文字先译成“客户语言”并预览。',
      seatLang: '我的语言',
      peerLang: '客户语言',
      previewTitle: '发送前预览（译为{lang}）',
      original: '原文',
      sendOriginal: '发送原文',
      sendTranslated: '发送译文',
      notConfigured: '未开通翻译服务',
      setupHintSeat: '翻译服务尚未开通，请联系管理员开通。',
      setupHint:
        '翻译助手需要一个兼容 LibreTranslate 的翻译服务。请管理员在服务器上设置环境变量 TRANSLATE_URL（例如 http://127.0.0.1:5000）并重启服务，之后这里会出现翻译与自动翻译。',
    },
  },
  en: {
    translate: {
      language: 'Translate into',
      chooseLanguage: 'Choose a language to translate into',
      draft: 'Translate what I typed',
      message: 'Translate',
      translated: 'Translation',
      translating: 'Translating…',
      auto: 'Auto translate',
      autoHint:
        'When on, text from the contact is shown translated into “My language” under the original, and what you send is translated into “Contact’s language” with a preview first.',
      seatLang: 'My language',
      peerLang: 'Contact’s language',
      previewTitle: 'Preview before sending (into {lang})',
      original: 'Original',
      sendOriginal: 'Send original',
      sendTranslated: 'Send translation',
      notConfigured: 'Translation is not set up',
      setupHintSeat: 'Translation is not set up yet. Ask your administrator to turn it on.',
      setupHint:
        'The translation assistant needs a LibreTranslate-compatible service. Ask the administrator to set TRANSLATE_URL on the server (e.g. http://127.0.0.1:5000) and restart it; translation and auto translation then appear here.',
    },
  },
};
