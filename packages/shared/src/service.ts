import { z } from 'zod';
import { listResult, pageQuery } from './envelope.ts';
import type { Text } from './i18n.ts';
import { indexNameSchema } from './conversations.ts';
import { idString } from './validation.ts';

/** Server messages of service management (seat transfers, do not disturb). */
export const serviceMessages = {
  transferNotFound: { 'zh-CN': '转接记录不存在', en: 'Transfer not found' },
  transferSeatNotFound: { 'zh-CN': '接收坐席不存在', en: 'The receiving seat does not exist' },
  transferToSelf: { 'zh-CN': '不能转接给自己', en: 'You cannot transfer to yourself' },
  transferTargetRequired: {
    'zh-CN': '请选择要转接的会话或工作号',
    en: 'Choose a conversation or a work account to transfer',
  },
  transferPending: {
    'zh-CN': '已有待接收的转接，请等待对方接收或先撤回',
    en: 'A transfer is already waiting to be accepted; wait for it or revoke it first',
  },
  transferAlreadyServing: {
    'zh-CN': '该坐席已在服务此会话',
    en: 'That seat already serves this conversation',
  },
  transferNotPending: {
    'zh-CN': '转接已被接收或撤回',
    en: 'The transfer was already accepted or revoked',
  },
  transferNotForYou: {
    'zh-CN': '只有接收坐席可以接收转接',
    en: 'Only the receiving seat can accept the transfer',
  },
  transferAccountToManager: {
    'zh-CN': '企业管理员已能看到全部工作号，无需转接',
    en: 'A manager already sees every work account; there is nothing to hand over',
  },
  transferNotYours: {
    'zh-CN': '只有发起坐席可以撤回转接',
    en: 'Only the seat that sent the transfer can revoke it',
  },
} satisfies Record<string, Text>;

/** SPEC §4 seat transfer: pending receipt, accepted, revoked. */
export const TRANSFER_STATES = ['pending', 'accepted', 'revoked'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const transferState = z.enum(TRANSFER_STATES);

const note = z.string().max(500).default('');

/**
 * `POST /main-api/service/transfer/create`: hand one conversation (`index_name`) or every
 * conversation of a work account (`workWxid`) to another seat, with a note.
 */
export const transferCreateBody = z.object({
  index_name: indexNameSchema.optional(),
  workWxid: z.string().min(1).max(128).optional(),
  toUserId: idString,
  note,
});
export type TransferCreateBody = z.input<typeof transferCreateBody>;
export const transferIdBody = z.object({ id: idString });
export const transferIdResult = z.object({ id: z.string() });

/** `POST /main-api/service/transfer/list`: transfers to or from the caller (a manager: all). */
export const transferListBody = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  direction: z.enum(['in', 'out', 'all']).default('all'),
  state: transferState.optional(),
});
export type TransferListBody = z.input<typeof transferListBody>;
export type TransferListQuery = z.output<typeof transferListBody>;

const seatRef = z.object({ uid: z.string(), username: z.string(), nickname: z.string() });
export type SeatRef = z.infer<typeof seatRef>;

export const transferItem = z.object({
  id: z.string(),
  scope: z.enum(['conversation', 'account']),
  state: transferState,
  workWxid: z.string(),
  workNickname: z.string(),
  /** The conversation (null for a whole work account). */
  index_name: z.string().nullable(),
  /** Its name as the list shows it. */
  conversationName: z.string().nullable(),
  from: seatRef,
  to: seatRef,
  note: z.string(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type TransferItem = z.infer<typeof transferItem>;
export const transferListResult = listResult(transferItem);

/** `POST /main-api/service/transfer/seats`: the seats the caller may hand a conversation to. */
export const transferSeatsResult = z.object({ list: z.array(seatRef) });

/** `POST /main-api/service/log`: who served a conversation, oldest first. */
export const serviceLogBody = z.object({ index_name: indexNameSchema });
export const serviceLogItem = z.object({
  seat: seatRef,
  from: z.number(),
  /** Null while the seat still serves it. */
  to: z.number().nullable(),
  transferId: z.string().nullable(),
});
export type ServiceLogItem = z.infer<typeof serviceLogItem>;
export const serviceLogResult = z.object({ list: z.array(serviceLogItem) });

/** websocket `serviceTransfer`: a transfer to or from the user was made, accepted or revoked. */
export const serviceTransferPush = transferItem;
export type ServiceTransferPush = TransferItem;

/** `POST /api/v1/talk/disturb`: do not disturb for a conversation (shared by its seats). */
export const disturbBody = z.object({ index_name: indexNameSchema, disturb: z.boolean() });
