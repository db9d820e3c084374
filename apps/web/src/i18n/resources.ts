import { LANGUAGES, MESSAGES, PERMISSIONS, type Language } from '@cst/shared';
import { accountsTexts } from '../features/accounts/texts.ts';
import { authTexts } from '../features/auth/texts.ts';
import { bubblesTexts } from '../features/bubbles/texts.ts';
import { inboxTexts } from '../features/conversations/texts.ts';
import { notesTexts } from '../features/notes/texts.ts';
import { mediaTexts } from '../features/media/texts.ts';
import { historyTexts } from '../features/history/texts.ts';
import { robotsTexts } from '../features/robots/texts.ts';
import { sensitiveTexts } from '../features/sensitive/texts.ts';
import { translationTexts } from '../features/translation/texts.ts';
import { contactPickerTexts } from '../features/contactPicker/texts.ts';
import { userCardTexts } from '../features/userCard/texts.ts';
import { friendRequestsTexts } from '../features/friendRequests/texts.ts';
import { fanTasksTexts } from '../features/fanTasks/texts.ts';
import { momentsTexts } from '../features/moments/texts.ts';
import { bulkSendTexts } from '../features/bulkSend/texts.ts';
import { friendsTexts } from '../features/friends/texts.ts';
import { groupsTexts } from '../features/groups/texts.ts';
import { tagsTexts } from '../features/tags/texts.ts';
import { customersTexts } from '../features/customers/texts.ts';
import { portsTexts } from '../features/ports/texts.ts';
import { backupsTexts } from '../features/backups/texts.ts';
import { billingTexts } from '../features/billing/texts.ts';
import { profileTexts } from '../features/profile/texts.ts';
import { realtimeTexts } from '../features/realtime/texts.ts';
import { rolesTexts } from '../features/roles/texts.ts';
import { seatsTexts } from '../features/seats/texts.ts';
import { settingsTexts } from '../features/settings/texts.ts';
import { shellTexts } from '../features/shell/texts.ts';
import { simulatorTexts } from '../features/simulator/texts.ts';
import { listPageTexts } from '../components/listPage/texts.ts';
import { serviceTexts } from '../features/service/texts.ts';
import { flowTexts } from '../features/service/flowTexts.ts';
import { materialTexts } from '../features/material/texts.ts';
import { phrasesTexts } from '../features/phrases/texts.ts';
import { profileLibrariesTexts } from '../features/profileLibraries/texts.ts';
import { statisticsTexts } from '../features/statistics/texts.ts';
import { openPlatformTexts } from '../features/openPlatform/texts.ts';
import { webhooksTexts } from '../features/webhooks/texts.ts';
import { commonTexts, type TextTree } from './common.ts';

/**
 * Every feature's text table. A new feature adds its `texts.ts` here (one line); each table uses
 * its own top-level keys, which the i18n test checks do not collide.
 */
export const FEATURE_TEXTS: Record<Language, TextTree>[] = [
  commonTexts,
  listPageTexts,
  shellTexts,
  authTexts,
  settingsTexts,
  profileTexts,
  seatsTexts,
  rolesTexts,
  customersTexts,
  portsTexts,
  billingTexts,
  backupsTexts,
  accountsTexts,
  simulatorTexts,
  realtimeTexts,
  inboxTexts,
  bubblesTexts,
  mediaTexts,
  historyTexts,
  sensitiveTexts,
  translationTexts,
  contactPickerTexts,
  userCardTexts,
  friendRequestsTexts,
  friendsTexts,
  groupsTexts,
  tagsTexts,
  momentsTexts,
  fanTasksTexts,
  serviceTexts,
  flowTexts,
  materialTexts,
  phrasesTexts,
  profileLibrariesTexts,
  robotsTexts,
  bulkSendTexts,
  statisticsTexts,
  openPlatformTexts,
  webhooksTexts,
  notesTexts,
];

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

/** The i18next resources of every language. */
export function buildResources(): Record<Language, { translation: TextTree }> {
  const out = {} as Record<Language, { translation: TextTree }>;
  for (const lang of LANGUAGES) {
    const translation: TextTree = { ...sharedTexts(lang) };
    for (const table of FEATURE_TEXTS) Object.assign(translation, table[lang]);
    out[lang] = { translation };
  }
  return out;
}
