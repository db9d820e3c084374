import type { ConversationItem, ConversationMode, ConversationStatus, TalkType } from '@cst/shared';

/** What the conversation list shows: a mode and its filters. */
export interface ListView {
  mode: ConversationMode;
  /** The work account (account mode). */
  workWxid?: string;
  /** The session group (custom mode). */
  sessionGroupId?: string;
  keyword?: string;
  /** Only single chats or only group chats (the group-chat menu entry). */
  talkType?: TalkType;
  /** Only single chats whose contact carries one of these tags. */
  tagIds?: string[];
  /** The inbox view (service flow): my chats or unassigned ones; none: all. */
  assignee?: 'me' | 'unassigned';
  /** The signed-in user (whose chats are "mine"). */
  me?: string;
  status?: ConversationStatus;
}

/** The view of a mode and the screen's choices: each filter only where its mode uses it. */
export function listViewOf(c: {
  mode: ConversationMode;
  workWxid?: string;
  sessionGroupId?: string;
  keyword?: string;
  talkType?: TalkType;
  tagIds?: string[];
  assignee?: 'me' | 'unassigned';
  me?: string;
  status?: ConversationStatus;
}): ListView {
  return {
    mode: c.mode,
    workWxid: c.mode === 'account' ? c.workWxid : undefined,
    sessionGroupId: c.mode === 'custom' ? c.sessionGroupId : undefined,
    keyword: c.keyword || undefined,
    talkType: c.talkType,
    tagIds: c.tagIds?.length ? c.tagIds : undefined,
    assignee: c.assignee,
    me: c.assignee === 'me' ? c.me : undefined,
    status: c.status,
  };
}

/** A stable key of a view (the list in the store belongs to one view). */
export function viewKey(v: ListView): string {
  return JSON.stringify([
    v.mode,
    v.workWxid ?? '',
    v.sessionGroupId ?? '',
    v.keyword ?? '',
    v.talkType ?? 0,
    ...(v.tagIds?.length ? [[...v.tagIds].sort()] : []),
    ...(v.assignee || v.status ? [v.assignee ?? '', v.status ?? ''] : []),
  ]);
}

/** Whether a view can be loaded (account mode needs an account, custom mode a group). */
export function viewReady(v: ListView): boolean {
  if (v.mode === 'account') return Boolean(v.workWxid);
  if (v.mode === 'custom') return Boolean(v.sessionGroupId);
  return true;
}

/** The list order (SPEC §4): pinned first, then newest first; ties by index_name. */
export function compareConversations(a: ConversationItem, b: ConversationItem): number {
  if (a.isPin !== b.isPin) return a.isPin ? -1 : 1;
  if (a.latestMsgTime !== b.latestMsgTime) return b.latestMsgTime - a.latestMsgTime;
  return a.index_name < b.index_name ? -1 : a.index_name > b.index_name ? 1 : 0;
}

const matchesKeyword = (c: ConversationItem, keyword: string) => {
  const k = keyword.toLowerCase();
  return [c.name, c.remark, c.nickname, c.receiver_id].some((s) => s.toLowerCase().includes(k));
};

/**
 * Whether a conversation the list does not hold yet belongs in it (a push brought it). Custom
 * groups are never guessed: membership is only known from the server.
 */
export function belongsToView(c: ConversationItem, v: ListView): boolean {
  if (!belongsToFlowView(c, v)) return false;
  if (v.talkType && c.talkType !== v.talkType) return false;
  // A contact's tags are not on the conversation: only the server knows who belongs.
  if (v.tagIds?.length) return false;
  if (v.keyword && !matchesKeyword(c, v.keyword)) return false;
  switch (v.mode) {
    case 'account':
      return c.workWxid === v.workWxid;
    case 'aggregated':
      return true;
    case 'unread':
      return c.unRead > 0;
    case 'pinned':
      return c.isPin;
    case 'custom':
      return false;
  }
}

/**
 * Whether a conversation fits a view's service-flow filters: mine or unassigned (both leave
 * resolved chats out unless a status is chosen) and the status.
 */
export function belongsToFlowView(c: ConversationItem, v: ListView): boolean {
  if (v.status && c.status !== v.status) return false;
  if (v.assignee && !v.status && c.status === 'resolved') return false;
  if (v.assignee === 'me' && c.assigneeUid !== v.me) return false;
  if (v.assignee === 'unassigned' && c.assigneeUid !== null) return false;
  return true;
}

/**
 * Puts `id` at its place in an ordered id list (removing it first if present). The list is
 * sorted, so the place is found by binary search over the other items.
 */
export function placeInOrder(
  ids: readonly string[],
  id: string,
  byId: (id: string) => ConversationItem | undefined,
): string[] {
  const item = byId(id);
  const rest = ids.filter((x) => x !== id);
  if (!item) return rest;
  let lo = 0;
  let hi = rest.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = byId(rest[mid]!);
    if (other && compareConversations(other, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  rest.splice(lo, 0, id);
  return rest;
}
