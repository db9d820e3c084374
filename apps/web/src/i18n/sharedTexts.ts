import { LANGUAGES, MESSAGES, PERMISSIONS, type Language } from '@cst/shared';
import type { TextTree } from './common.ts';

/** i18next resources: one `translation` tree per language. */
export type Resources = Record<Language, { translation: TextTree }>;

/**
 * Texts shared with the server, word for word: `msg.<key>` holds every server message (including
 * the SPEC §5 validation messages) and `perm.<permission>` every permission label
 * (`t('perm.seat.manage')`).
 */
export function sharedTexts(lang: Language): TextTree {
  const msg: TextTree = {};
  for (const [key, text] of Object.entries(MESSAGES)) msg[key] = text[lang];
  // Permission keys hold dots (`seat.manage`), which i18next reads as nesting: nest them.
  const perm: TextTree = {};
  for (const [key, text] of Object.entries(PERMISSIONS)) {
    const [group, name] = key.split('.') as [string, string];
    perm[group] = { ...((perm[group] as TextTree | undefined) ?? {}), [name]: text[lang] };
  }
  return { msg, perm };
}

/** The i18next resources of every language: the shared texts and `tables`. */
export function buildResourcesOf(tables: readonly Record<Language, TextTree>[]): Resources {
  const out = {} as Resources;
  for (const lang of LANGUAGES) {
    const translation: TextTree = { ...sharedTexts(lang) };
    for (const table of tables) Object.assign(translation, table[lang]);
    out[lang] = { translation };
  }
  return out;
}
