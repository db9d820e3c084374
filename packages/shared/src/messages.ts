import { accountsMessages } from './accounts.ts';
import { authMessages } from './auth.ts';
import { backupMessages } from './backups.ts';
import { billingMessages } from './billing.ts';
import { materialMessages } from './material.ts';
import { phraseMessages } from './phrases.ts';
import { profileLibraryMessages } from './profileLibraries.ts';
import { bulkSendMessages } from './bulkSend.ts';
import { contactMessages } from './contacts.ts';
import { conversationMessages } from './conversations.ts';
import { friendsMessages } from './friends.ts';
import { fanImportMessages } from './fanImport.ts';
import { filesMessages } from './files.ts';
import { fanTaskMessages } from './fanTasks.ts';
import { friendRequestMessages } from './friendRequests.ts';
import { groupMessages } from './groups.ts';
import { momentMessages } from './moments.ts';
import { robotMessages } from './robots.ts';
import { sensitiveMessages } from './sensitive.ts';
import { serviceMessages } from './service.ts';
import { serviceFlowMessages } from './serviceFlow.ts';
import { statisticsMessages } from './statistics.ts';
import { webhookMessages } from './webhooks.ts';
import { tagsMessages } from './tags.ts';
import { talkMessages } from './talk.ts';
import { translationMessages } from './translation.ts';
import { aiMessages } from './ai.ts';
import { commonMessages } from './errors.ts';
import { formatText, type Language, type Text } from './i18n.ts';
import { openapiMessages } from './openapi.ts';
import { usersMessages } from './users.ts';
import { noteMessages } from './notes.ts';
import { businessHoursMessages } from './businessHours.ts';
import { validationMessages } from './validation.ts';

/** Every server message by key; each feature adds its own table here. */
export const MESSAGES = {
  ...commonMessages,
  ...validationMessages,
  ...authMessages,
  ...usersMessages,
  ...accountsMessages,
  ...conversationMessages,
  ...contactMessages,
  ...friendRequestMessages,
  ...fanTaskMessages,
  ...friendsMessages,
  ...groupMessages,
  ...filesMessages,
  ...talkMessages,
  ...tagsMessages,
  ...sensitiveMessages,
  ...translationMessages,
  ...aiMessages,
  ...fanImportMessages,
  ...billingMessages,
  ...serviceMessages,
  ...serviceFlowMessages,
  ...momentMessages,
  ...materialMessages,
  ...phraseMessages,
  ...profileLibraryMessages,
  ...robotMessages,
  ...bulkSendMessages,
  ...statisticsMessages,
  ...openapiMessages,
  ...backupMessages,
  ...webhookMessages,
  ...noteMessages,
  ...businessHoursMessages,
} satisfies Record<string, Text>;
export type MessageKey = keyof typeof MESSAGES;

/** Whether a string is a message key. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** The text of a message key in a language, with `{name}` placeholders filled. */
export function translate(
  key: MessageKey,
  lang: Language,
  params?: Record<string, string | number>,
): string {
  return formatText(MESSAGES[key][lang], params);
}
