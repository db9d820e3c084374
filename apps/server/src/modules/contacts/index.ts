// The contacts module's front door: the contacts service, the contact and group rows other
// modules read and write, and the push that tells browsers an account's contacts changed.
export { announceContacts, type ContactsAccount } from './contact.push.ts';
export {
  deleteContacts,
  deleteGroups,
  findContact,
  findConversationWith,
  listContactsOf,
  listGroupsWithMembers,
  refreshConversationNames,
  replaceMembers,
  upsertContacts,
  upsertGroup,
} from './contact.repository.ts';
export { ContactService, contactFailure, knowsPerson } from './contact.service.ts';
