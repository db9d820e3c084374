import {
  SKIP_CANCEL_PREFIX,
  type AddFriendsBody,
  type AddFriendsResult,
  type FansAddGroupBody,
  type FansSearchBody,
  type FansSearchResult,
  type FriendRequestItem,
  type FriendRequestListBody,
  type ListResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import type { RequestOptions } from '../../lib/http/createHttpClient.ts';

/** The list re-fetches on every push: a newer fetch replaces one in flight (no cancelling). */
const LIST_URL = `/main-api${SKIP_CANCEL_PREFIX}/acc/friend-request/list`;

/** Friend-request calls (client A; SPEC §7). */
export const friendRequestsApi = {
  list: (body: Partial<FriendRequestListBody>) =>
    mainApi.post<ListResult<FriendRequestItem>>(LIST_URL, body),
  accept: (id: string, opts?: Partial<RequestOptions>) =>
    mainApi.post<FriendRequestItem>('/main-api/acc/accept-friend/accept', { id }, opts),
  decline: (id: string, opts?: Partial<RequestOptions>) =>
    mainApi.post<FriendRequestItem>('/api/v1/contacts/apply/decline', { id }, opts),
  /** Silent: the dialog shows 'contact number does not exist' in place. */
  search: (body: FansSearchBody) =>
    mainApi.post<FansSearchResult>('/task-api/fans/search', body, { silent: true }),
  /** Silent: the dialog shows the refusal (already a contact, …) in place. */
  add: (body: AddFriendsBody) =>
    mainApi.post<AddFriendsResult>('/task-api/fans/add', body, { silent: true }),
  addGroup: (body: FansAddGroupBody, opts?: Partial<RequestOptions>) =>
    mainApi.post<AddFriendsResult>('/task-api/fans/add-group', body, opts),
};

/** Query keys (everything under `friendRequests` is refreshed by pushes). */
export const friendRequestsKeys = {
  all: ['friendRequests'] as const,
};
