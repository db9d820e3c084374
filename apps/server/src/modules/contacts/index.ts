// The contacts module's front door: the contacts service, the contact and group rows other
// modules read and write (a group only through the group store, which tells a change from a
// restatement), and the push that tells browsers an account's contacts changed.
export { announceContacts, contactsPush, type ContactsAccount } from './contact.push.ts';
export {
  deleteContacts,
  findContact,
  findConversationWith,
  listContactsOf,
  listGroupsWithMembers,
  refreshConversationNames,
  upsertContacts,
} from './contact.repository.ts';
export {
  groupPushes,
  groupUpdatedEvent,
  removeGroup,
  storeGroup,
  type GroupAccount,
  type GroupChanged,
  type GroupStored,
} from './group-store.ts';
export { ContactService, contactFailure, knowsPerson } from './contact.service.ts';
