import {
  SKIP_CANCEL_PREFIX,
  type CreateGroupBody,
  type GroupBanBody,
  type GroupDetail,
  type GroupItem,
  type GroupListQuery,
  type GroupMemberItem,
  type GroupNoticeItem,
  type GroupNoticeKind,
  type GroupRef,
  type ListResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

// Reads are refetched whenever a push says a group changed; they skip duplicate cancelling so
// the newest read always reaches the server (a cancelled one would leave the old data shown).
const R = SKIP_CANCEL_PREFIX;

/** Group chat calls (docs/groups.md). */
export const groupsApi = {
  list: (q: Partial<GroupListQuery>) =>
    mainApi.get<ListResult<GroupItem>>(`${R}/api/v1/group/list`, q),
  detail: (ref: GroupRef) => mainApi.post<GroupDetail>(`${R}/chatroom/getChatRoom`, ref),
  notices: (ref: GroupRef, kind?: GroupNoticeKind) =>
    mainApi.get<ListResult<GroupNoticeItem>>(`${R}/api/v1/group/notices`, {
      ...ref,
      kind,
      pageSize: 200,
    }),
  banList: (ref: GroupRef) =>
    mainApi.post<ListResult<GroupMemberItem>>(`${R}/main-api/acc/chat-room/ban-list`, ref),
  create: (body: CreateGroupBody) => mainApi.post<GroupItem>('/chatroom/createChatRoom', body),
  rename: (ref: GroupRef, name: string) =>
    mainApi.post<GroupItem>('/api/v1/group/edit', { ...ref, name }),
  invite: (ref: GroupRef, wxids: string[]) =>
    mainApi.post<GroupItem>('/api/v1/group/invite', { ...ref, wxids }),
  remove: (ref: GroupRef, wxids: string[]) =>
    mainApi.post<GroupItem>('/api/v1/group/remove-members', { ...ref, wxids }),
  leave: (ref: GroupRef) => mainApi.post<null>('/api/v1/group/secede', ref),
  card: (ref: GroupRef, card: string) =>
    mainApi.post<GroupItem>('/api/v1/group/set-group-card', { ...ref, card }),
  notice: (ref: GroupRef, notice: string) =>
    mainApi.post<GroupItem>('/api/v1/group/edit-notice', { ...ref, notice }),
  ban: (body: GroupBanBody) => mainApi.post<GroupItem>('/main-api/acc/chat-room/ban', body),
};

/** Query keys of the groups page; every key starts with 'groups' (one invalidation refreshes all). */
export const groupsKeys = {
  all: ['groups'] as const,
  list: (q: unknown) => ['groups', 'list', q] as const,
  detail: (ref: GroupRef) => ['groups', 'detail', ref.workWxid, ref.groupId] as const,
  notices: (ref: GroupRef, kind?: string) =>
    ['groups', 'notices', ref.workWxid, ref.groupId, kind ?? ''] as const,
  bans: (ref: GroupRef) => ['groups', 'bans', ref.workWxid, ref.groupId] as const,
};
