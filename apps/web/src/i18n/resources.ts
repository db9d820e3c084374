import type { Language } from '@cst/shared';
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
import { aiTexts } from '../features/ai/texts.ts';
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
import { manualTexts } from '../features/manual/texts.ts';
import { commonTexts, type TextTree } from './common.ts';
import { buildResourcesOf, type Resources } from './sharedTexts.ts';

export { sharedTexts } from './sharedTexts.ts';

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
  aiTexts,
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
  manualTexts,
];

/** The i18next resources of every language, with every feature's texts. */
export function buildResources(): Resources {
  return buildResourcesOf(FEATURE_TEXTS);
}
