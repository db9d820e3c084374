import type {
  AddFriendsBody,
  AddFriendsResult,
  FriendInfo,
  FriendInfoBody,
  FriendRemarkBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** The user card's calls (SPEC §7: friend detail, remark edit, friend request). */
export const userCardApi = {
  /** Silent: the card shows its own error in place. */
  info: (body: FriendInfoBody) =>
    mainApi.post<FriendInfo>('/main-api/acc/friend-info', body, { silent: true }),
  /** Silent: the editor shows SPEC §8's failure text. */
  remark: (body: FriendRemarkBody) =>
    mainApi.post<null>('/main-api/acc/friend-remark', body, { silent: true }),
  /** Not silent: a refusal shows the server's message (SPEC §8). */
  addFriends: (body: AddFriendsBody) => mainApi.post<AddFriendsResult>('/task-api/fans/add', body),
};
