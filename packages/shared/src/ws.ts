import { z } from 'zod';

/** Close code sent when a websocket carries no valid token (API.md, WebSocket). */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
/** Close code sent when the server shuts down; the client reconnects and resumes. */
export const WS_CLOSE_GOING_AWAY = 1001;
/** How often the client pings, and the reconnect rules (SPEC.md §4, §9). */
export const WS_PING_INTERVAL_MS = 5000;
export const WS_RECONNECT_DELAY_MS = 5000;
export const WS_RECONNECT_MAX = 2000;

/** A frame the server sends: `seq` increases per user; `pong`/`resync` carry none. */
export interface ServerFrame<D = unknown> {
  event: string;
  seq?: number;
  data?: D;
}

/** Events the server pushes that are not messages (message events are named for their type). */
export const WS_EVENTS = {
  pong: 'pong',
  resync: 'resync',
  /** First frame after the socket goes live: `seq` is the point to resume from. */
  hello: 'hello',
  qr: 'qr',
  qrAckUpdate: 'qrAckUpdate',
  qrAckSucceed: 'qrAckSucceed',
  qrAckFailed: 'qrAckFailed',
  userStatusChanged: 'userStatusChanged',
  /** A work account's ban risk changed (`AccountRiskPush`): shown in 工作号管理 and the switcher. */
  accountRisk: 'accountRisk',
  /** A work account was added, changed, distributed, restituted or deleted: refetch it. */
  wxAccountChanged: 'wxAccountChanged',
  /** The contacts of a work account changed (sync after login). */
  flushContactor: 'flushContactor',
  /** A friend request arrived, was sent or changed status (`friendRequestPush`). */
  friendRequest: 'friendRequest',
  /** Friends of a work account were added, changed or removed (the friends page). */
  friendUpdate: 'friendUpdate',
  /** A bulk friend-adding task changed state or progressed (`FanTaskPush`). */
  fanTask: 'fanTask',
  /** A seat transfer to or from the user was made, accepted or revoked (`ServiceTransferPush`). */
  serviceTransfer: 'serviceTransfer',
  /** A like or comment arrived on a work account's moment (`MomentInteractionPush`). */
  momentInteraction: 'momentInteraction',
  /** Posting jobs of a moment post changed state (`MomentPostPush`). */
  momentPost: 'momentPost',
  /** A moment appeared or changed in a work account's timeline (`MomentFeedPush`). */
  momentFeed: 'momentFeed',
  /** A mass-send task changed state or progressed (`BulkTaskPush`). */
  bulkSendTask: 'bulkSendTask',
  /** The user's own sticker set changed (`ToEmojiPush`): the sticker panel reloads it. */
  toEmoji: 'toEmoji',
  /** The user's own seat changed: nickname or avatar (`UserInfoPush`): the header follows. */
  userInfo: 'userInfo',
  /** One person's two chats became one (`ConvMergedPush`): drop the old one, open the survivor. */
  convMerged: 'convMerged',
} as const;
export type WsEventName = (typeof WS_EVENTS)[keyof typeof WS_EVENTS];

/** Client frames. */
export const clientFrame = z.object({
  event: z.string().min(1).max(64),
  data: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof clientFrame>;
export const resumeData = z.object({ seq: z.coerce.number().int().min(0) });

/** `hello`: the socket is live; resume from `seq` after a reconnect. */
export const helloData = z.object({ resumed: z.boolean() });
export type HelloData = z.infer<typeof helloData>;

/** QR login pushes (API.md, Work accounts and QR login). */
/**
 * A QR code to show. Platforms whose codes rotate (WhatsApp) push a new code for the same
 * `loginId` with its own `expiresAt`; the dialog replaces the image.
 */
export const qrPush = z.object({
  loginId: z.string(),
  qrImage: z.string(),
  expiresAt: z.number().optional(),
});
export type QrPush = z.infer<typeof qrPush>;
export const qrAckUpdatePush = z.object({ loginId: z.string(), status: z.literal(1) });
export type QrAckUpdatePush = z.infer<typeof qrAckUpdatePush>;
export const qrAckSucceedPush = z.object({
  loginId: z.string(),
  status: z.literal(2),
  wxid: z.string(),
});
export type QrAckSucceedPush = z.infer<typeof qrAckSucceedPush>;
export const qrAckFailedPush = z.object({
  loginId: z.string(),
  status: z.literal(3),
  message: z.string(),
  /** Why: the code expired unscanned, or the phone declined / the platform refused. */
  reason: z.enum(['expired', 'failed']).optional(),
});
export type QrAckFailedPush = z.infer<typeof qrAckFailedPush>;
export const userStatusChangedPush = z.object({
  wxid: z.string(),
  status: z.string(),
  /** The platform's reason, e.g. why an account was banned. */
  reason: z.string().optional(),
});
export type UserStatusChangedPush = z.infer<typeof userStatusChangedPush>;

/** `accountRisk`: the account's risk now, and why. */
export interface AccountRiskPush {
  wxid: string;
  risk: 'normal' | 'caution' | 'danger';
  reason: string;
  /** The account's automated sends are paused (risk danger) until a person resumes them. */
  paused: boolean;
}

export const WX_ACCOUNT_CHANGES = ['added', 'updated', 'distributed', 'deleted'] as const;
export const wxAccountChangedPush = z.object({
  wxids: z.array(z.string()),
  change: z.enum(WX_ACCOUNT_CHANGES),
});
export type WxAccountChangedPush = z.infer<typeof wxAccountChangedPush>;
export const flushContactorPush = z.object({
  wxid: z.string(),
  contactCount: z.number(),
  groupCount: z.number(),
});
export type FlushContactorPush = z.infer<typeof flushContactorPush>;

/**
 * `toEmoji` (SPEC §7), to the user whose sticker set changed, in every tab: stickers were added
 * (uploaded or saved from a message) or removed. `ids` are the user's sticker ids.
 */
export const toEmojiPush = z.object({
  change: z.enum(['added', 'removed']),
  ids: z.array(z.string()),
});
export type ToEmojiPush = z.infer<typeof toEmojiPush>;

/**
 * `userInfo` (SPEC §7), to the user whose seat changed (by themselves in another tab, or by a
 * manager): what the header shows of them.
 */
export const userInfoPush = z.object({
  uid: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
});
export type UserInfoPush = z.infer<typeof userInfoPush>;
