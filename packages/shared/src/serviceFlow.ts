import { z } from 'zod';
import type { Text } from './i18n.ts';
import { CONVERSATION_STATUSES, conversationItem, indexNameSchema } from './conversations.ts';
import { idString } from './validation.ts';

/** Server messages of the service flow (assignment, status, automatic assignment). */
export const serviceFlowMessages = {
  assigneeCannotSee: {
    'zh-CN': '该坐席看不到此会话的工作号，不能分配给他',
    en: "That seat does not see this conversation's work account; it cannot be assigned to it",
  },
  assignOthersForbidden: {
    'zh-CN': '只能领取未分配或自己的会话；分配给他人需要「分配会话」权限',
    en: 'You can only claim unassigned chats or your own; assigning to others needs the Assign conversations permission',
  },
  snoozeUntilRequired: {
    'zh-CN': '请选择稍后提醒的时间（需晚于现在）',
    en: 'Choose when the snoozed chat opens again (later than now)',
  },
  assignmentScopeNotFound: {
    'zh-CN': '工作号或分组不存在',
    en: 'No such work account or account group',
  },
} satisfies Record<string, Text>;

/** `POST /main-api/conv/assign`: assign, claim (own uid) or unassign (null). */
export const convAssignBody = z.object({ index_name: indexNameSchema, uid: idString.nullable() });
/** `POST /main-api/conv/status`; `snoozeUntil` (ms) with `snoozed`. */
export const convStatusBody = z.object({
  index_name: indexNameSchema,
  status: z.enum(CONVERSATION_STATUSES),
  snoozeUntil: z.number().int().positive().optional(),
});
export type ConvStatusBody = z.infer<typeof convStatusBody>;
/** The conversation after an assignment or a status change. */
export const convFlowResult = z.object({ conv: conversationItem });

/** Bulk assignment and status from the list (at most 200 chats). */
const indexNames = z.array(indexNameSchema).min(1).max(200);
export const convBulkAssignBody = z.object({ index_names: indexNames, uid: idString.nullable() });
export const convBulkStatusBody = z.object({
  index_names: indexNames,
  status: z.enum(CONVERSATION_STATUSES),
  snoozeUntil: z.number().int().positive().optional(),
});
export const convBulkResult = z.object({ updated: z.number() });

/** Who may be assigned a chat: the seats who see its account. */
export const convAssigneesBody = z.object({ index_name: indexNameSchema });
export const assigneeItem = z.object({
  uid: z.string(),
  name: z.string(),
  online: z.boolean(),
  dnd: z.boolean(),
  open: z.number(),
});
export type AssigneeItem = z.infer<typeof assigneeItem>;
export const convAssigneesResult = z.object({ list: z.array(assigneeItem) });

/** Automatic assignment modes: off, round robin, fewest open chats. */
export const ASSIGNMENT_MODES = ['off', 'roundRobin', 'fewest'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export const assignmentRule = z.object({
  scope: z.enum(['account', 'group']),
  /** The work account's or the account group's id. */
  scopeId: idString,
  mode: z.enum(ASSIGNMENT_MODES),
  /** Most open chats a seat is given automatically; null: no cap. */
  cap: z.number().int().min(1).max(10_000).nullable(),
});
export type AssignmentRule = z.infer<typeof assignmentRule>;
export const assignmentRulesResult = z.object({ list: z.array(assignmentRule) });

/** A seat's own presence for automatic assignment: do not disturb. */
export const presenceBody = z.object({ dnd: z.boolean() });
export const presenceResult = z.object({ dnd: z.boolean() });

/** Module / webhook events of the service flow (payload as the console push `convUpdate`). */
export const CONVERSATION_ASSIGNED = 'conversation.assigned';
export const CONVERSATION_STATUS = 'conversation.status';
