// The friends module's front door: the friends service, the changes of friends the platform or
// the console made (stored with what follows for their chats, and pushed), and the search grams
// of a friend's names.
export { applyFriendChanges, type FriendAccount, type FriendChange } from './friend-changes.ts';
export { keywordGrams, syncConversationFlags } from './friends.repository.ts';
export { FriendsService } from './friends.service.ts';
