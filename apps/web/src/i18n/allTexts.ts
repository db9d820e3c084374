// Adds every feature's texts to the SPA's i18next instance (the entry starts with FIRST_TEXTS
// alone). Imported by the signed-in frame (app/AntdFrame.tsx) before it renders, and by the web
// tests' setup.
import { LANGUAGES } from '@cst/shared';
import { i18n } from './index.ts';
import { buildResources } from './resources.ts';

const all = buildResources();
for (const lang of LANGUAGES) {
  i18n.addResourceBundle(lang, 'translation', all[lang].translation, true, true);
}
