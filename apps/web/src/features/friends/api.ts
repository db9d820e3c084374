import type {
  ContactListEntry,
  ContactsListResult,
  DeleteFriendBody,
  FriendItem,
  FriendsListBody,
  FriendsListResult,
  SyncFriendsResult,
  UpdateFriendInfoBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const ACC = '/main-api/acc';

/** The query of the contact list (SPEC §7). */
export interface ContactsQuery {
  cvType: 1 | 2;
  wxid?: string;
  wxids?: string[];
  friendName?: string;
  page?: number;
  pageSize?: number;
}

/** Friend calls of the friends page and the contact picker. */
export const friendsApi = {
  list: (body: Partial<FriendsListBody>) =>
    mainApi.post<FriendsListResult>(`${ACC}/friends-list`, body),
  update: (body: UpdateFriendInfoBody) =>
    mainApi.post<FriendItem>(`${ACC}/update-friend-info`, body),
  remove: (body: DeleteFriendBody) => mainApi.post<null>(`${ACC}/delete-friend`, body),
  sync: (workWxid: string) => mainApi.post<SyncFriendsResult>(`${ACC}/sync-friends`, { workWxid }),
  /** Friends or groups of work accounts: a whole list of up to 10,000 in one answer. */
  contacts: (q: ContactsQuery) =>
    mainApi.get<ContactsListResult>('/api/v1/contacts/list', {
      cvType: q.cvType,
      wxid: q.wxid,
      wxids: q.wxids?.join(','),
      friendName: q.friendName || undefined,
      page: q.page ?? 1,
      pageSize: q.pageSize ?? 10000,
    }),
};

export type { ContactListEntry };
