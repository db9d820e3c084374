import { authTexts } from '../features/auth/texts.ts';
import { realtimeTexts } from '../features/realtime/texts.ts';
import { shellTexts } from '../features/shell/texts.ts';
import { commonTexts } from './common.ts';

/**
 * The texts the entry loads: what the sign-in pages, the route titles and menus, the request
 * errors and the realtime link show. The other features' texts (most of the SPA's text, a sixth
 * of the login page's JavaScript before) come with the signed-in frame (i18n/allTexts.ts, imported
 * by app/AntdFrame.tsx), which every other page renders in.
 */
export const FIRST_TEXTS = [commonTexts, shellTexts, authTexts, realtimeTexts];
