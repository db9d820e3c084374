import type { Language } from '@cst/shared';
import { MANUAL_EN } from './content.en.ts';
import { MANUAL_ZH } from './content.zh-CN.ts';
import type { ManualPage } from './types.ts';

/** The manual's pages in each language. */
export const MANUAL: Record<Language, ManualPage[]> = { 'zh-CN': MANUAL_ZH, en: MANUAL_EN };
