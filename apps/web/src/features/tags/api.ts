import { useQuery } from '@tanstack/react-query';
import type {
  AddFriendTagBody,
  AddTagBody,
  BulkTagApplyBody,
  BulkTagApplyResult,
  BulkTagCountResult,
  ChangedResult,
  ContactTagsResult,
  DeleteTagsResult,
  EditTagBody,
  IdResult,
  OrderTagsBody,
  TagTarget,
  TagTargetFilter,
  TagsListResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const T = '/main-api/tags';

/** Calls of customer tags and bulk tagging (docs/tags.md). */
export const tagsApi = {
  list: () => mainApi.post<TagsListResult>(`${T}/list`),
  add: (body: AddTagBody) => mainApi.post<IdResult>(`${T}/add`, body),
  edit: (body: EditTagBody) => mainApi.post<null>(`${T}/edit`, body),
  remove: (ids: string[]) => mainApi.post<DeleteTagsResult>(`${T}/del`, { ids }),
  addGroup: (name: string) => mainApi.post<IdResult>(`${T}/group/add`, { name }),
  editGroup: (id: string, name: string) => mainApi.post<null>(`${T}/group/edit`, { id, name }),
  removeGroup: (id: string) => mainApi.post<DeleteTagsResult>(`${T}/group/del`, { id }),
  order: (body: OrderTagsBody) => mainApi.post<null>(`${T}/order`, body),
  tagContacts: (body: AddFriendTagBody) =>
    mainApi.post<ChangedResult>('/main-api/acc/add-friend-tag', body),
  /** Silent: a stranger (no friend row) simply has no tags to show. */
  ofContact: (target: TagTarget) =>
    mainApi.post<ContactTagsResult>(`${T}/contact`, target, { silent: true }),
  bulkCount: (filter: TagTargetFilter) =>
    mainApi.post<BulkTagCountResult>(`${T}/bulk/count`, { filter }),
  bulkApply: (body: Omit<BulkTagApplyBody, 'step'> & { step?: number }) =>
    mainApi.post<BulkTagApplyResult>(`${T}/bulk/apply`, body),
};

/** Query keys of tags: the tenant's list, and one contact's tags. */
export const tagsKeys = {
  all: ['tags'] as const,
  list: ['tags', 'list'] as const,
  contact: (t: TagTarget) => ['tags', 'contact', t.workWxid, t.friendWxid] as const,
};

/** The tenant's tag groups with their tags and counts. */
export function useTagGroups() {
  return useQuery({ queryKey: tagsKeys.list, queryFn: tagsApi.list, select: (d) => d.list });
}

/** Whether the tenant has any tag (a tag filter is offered only then). */
export function useHasTags(): boolean {
  const { data } = useTagGroups();
  return (data ?? []).some((g) => g.tags.length > 0);
}
