import { z } from 'zod';

/** Numeric message types of SPEC §3, by name. */
export const MSG_TYPE = {
  text: 1,
  image: 2,
  document: 3,
  emoticon: 4,
  video: 5,
  voice: 6,
  voiceCall: 7,
  videoCall: 8,
  card: 9,
  link: 10,
  miniProgram: 14,
  article: 15,
  redPacket: 16,
  transfer: 17,
  location: 18,
  quote: 19,
  channelVideo: 20,
  forward: 21,
  app: 22,
  /**
   * A login notice of the work account (SPEC §2 bubbles, §3 "Login notice"). SPEC §3 gives it no
   * number; 23 is the next free one after app messages (see docs/conversations.md).
   */
  loginNotice: 23,
  system: 99,
} as const;
export type MsgTypeName = keyof typeof MSG_TYPE;
export type MsgType = (typeof MSG_TYPE)[MsgTypeName];

/** Every message type number, in SPEC order. */
export const MSG_TYPES = Object.values(MSG_TYPE) as MsgType[];

/** The name of each message type number. */
export const MSG_TYPE_NAME = Object.fromEntries(
  Object.entries(MSG_TYPE).map(([name, n]) => [n, name]),
) as Record<MsgType, MsgTypeName>;

/** Whether a number is a known message type. */
export function isMsgType(n: number): n is MsgType {
  return Object.prototype.hasOwnProperty.call(MSG_TYPE_NAME, n);
}

/** Message types whose content is a media file (fileUrl, fileName, fileLen). */
export const MEDIA_MSG_TYPES = [
  MSG_TYPE.image,
  MSG_TYPE.document,
  MSG_TYPE.emoticon,
  MSG_TYPE.video,
  MSG_TYPE.voice,
] as const satisfies readonly MsgType[];

/** Whether a message type carries a media file. */
export function isMediaMsgType(n: number): boolean {
  return (MEDIA_MSG_TYPES as readonly number[]).includes(n);
}

/** Message types whose `content` is a JSON document (the shapes below). */
export const JSON_MSG_TYPES = [
  MSG_TYPE.voiceCall,
  MSG_TYPE.videoCall,
  MSG_TYPE.card,
  MSG_TYPE.link,
  MSG_TYPE.miniProgram,
  MSG_TYPE.article,
  MSG_TYPE.redPacket,
  MSG_TYPE.transfer,
  MSG_TYPE.location,
  MSG_TYPE.quote,
  MSG_TYPE.channelVideo,
  MSG_TYPE.forward,
  MSG_TYPE.app,
  MSG_TYPE.loginNotice,
] as const satisfies readonly MsgType[];

/** Conversation kinds: 1 single chat, 2 group chat. */
export const TALK_TYPE = { single: 1, group: 2 } as const;
export type TalkType = (typeof TALK_TYPE)[keyof typeof TALK_TYPE];
export const talkTypeSchema = z.union([z.literal(1), z.literal(2)]);

/** The marker in a peer id that makes it a group (SPEC §3: group inferred from the id). */
export const GROUP_ID_MARKER = '@chatroom';

/** Whether a peer id is a group id. */
export function isGroupId(id: string): boolean {
  return id.includes(GROUP_ID_MARKER);
}

/** Who sent a message: 1 the operator (right side), 2 the other side (left). */
export const SEND_SIDE = { operator: 1, peer: 2 } as const;
export type SendSide = (typeof SEND_SIDE)[keyof typeof SEND_SIDE];

/** Work-account statuses (API.md, SPEC §4). */
export const WORK_ACCOUNT_STATUSES = [
  'notLoggedIn',
  'loggingIn',
  'autoLoggingIn',
  'online',
  'offline',
  'banned',
  'proxyFailed',
  'kickedOut',
  'uploadFailed',
  'alreadyInStock',
  'loginFailed',
  'keyError',
  'keyFormatError',
  'other',
  'gettingDevice',
] as const;
export type WorkAccountStatus = (typeof WORK_ACCOUNT_STATUSES)[number];
export const workAccountStatusSchema = z.enum(WORK_ACCOUNT_STATUSES);

/** Work-account pools. */
export const WORK_ACCOUNT_POOLS = ['service', 'feeding'] as const;
export type WorkAccountPool = (typeof WORK_ACCOUNT_POOLS)[number];
export const workAccountPoolSchema = z.enum(WORK_ACCOUNT_POOLS);

/** The websocket event under which an inbound message of each type is pushed (API.md). */
export const MESSAGE_PUSH_EVENT = {
  [MSG_TYPE.text]: 'text',
  [MSG_TYPE.image]: 'image',
  [MSG_TYPE.document]: 'document',
  [MSG_TYPE.emoticon]: 'emoticon',
  [MSG_TYPE.video]: 'video',
  [MSG_TYPE.voice]: 'ptt',
  [MSG_TYPE.voiceCall]: 'voiceCall',
  [MSG_TYPE.videoCall]: 'videoCall',
  [MSG_TYPE.card]: 'card',
  [MSG_TYPE.link]: 'app',
  [MSG_TYPE.miniProgram]: 'app',
  [MSG_TYPE.article]: 'ghShare',
  [MSG_TYPE.redPacket]: 'luckyMoney',
  [MSG_TYPE.transfer]: 'transferMoney',
  [MSG_TYPE.location]: 'location',
  [MSG_TYPE.quote]: 'refer',
  [MSG_TYPE.channelVideo]: 'app',
  [MSG_TYPE.forward]: 'app',
  [MSG_TYPE.app]: 'app',
  // A notice from the platform's security account: pushed as the spec's system notice event.
  [MSG_TYPE.loginNotice]: 'systemNotice',
  [MSG_TYPE.system]: 'systemNotice',
} as const satisfies Record<MsgType, string>;
export type MessagePushEvent = (typeof MESSAGE_PUSH_EVENT)[MsgType];

/** Material resource types (SPEC §3). */
export const MATERIAL_RESOURCE_TYPE = {
  text: 1,
  image: 2,
  video: 3,
  voice: 4,
  document: 5,
  link: 6,
  miniProgram: 7,
} as const;
export type MaterialResourceType =
  (typeof MATERIAL_RESOURCE_TYPE)[keyof typeof MATERIAL_RESOURCE_TYPE];

/** The material resource type of a message type, or null when it cannot become material. */
export const MSG_TYPE_TO_MATERIAL = {
  [MSG_TYPE.text]: MATERIAL_RESOURCE_TYPE.text,
  [MSG_TYPE.image]: MATERIAL_RESOURCE_TYPE.image,
  [MSG_TYPE.video]: MATERIAL_RESOURCE_TYPE.video,
  [MSG_TYPE.voice]: MATERIAL_RESOURCE_TYPE.voice,
  [MSG_TYPE.document]: MATERIAL_RESOURCE_TYPE.document,
  [MSG_TYPE.article]: MATERIAL_RESOURCE_TYPE.link,
  [MSG_TYPE.miniProgram]: MATERIAL_RESOURCE_TYPE.miniProgram,
} as const satisfies Partial<Record<MsgType, MaterialResourceType>>;

/** The material resource type of a message type, or null. */
export function materialTypeOf(msgType: number): MaterialResourceType | null {
  return (MSG_TYPE_TO_MATERIAL as Partial<Record<number, MaterialResourceType>>)[msgType] ?? null;
}

/** The message type a material resource type is sent as. */
export const MATERIAL_TO_MSG_TYPE = {
  [MATERIAL_RESOURCE_TYPE.text]: MSG_TYPE.text,
  [MATERIAL_RESOURCE_TYPE.image]: MSG_TYPE.image,
  [MATERIAL_RESOURCE_TYPE.video]: MSG_TYPE.video,
  [MATERIAL_RESOURCE_TYPE.voice]: MSG_TYPE.voice,
  [MATERIAL_RESOURCE_TYPE.document]: MSG_TYPE.document,
  [MATERIAL_RESOURCE_TYPE.link]: MSG_TYPE.article,
  [MATERIAL_RESOURCE_TYPE.miniProgram]: MSG_TYPE.miniProgram,
} as const satisfies Record<MaterialResourceType, MsgType>;

/** Money transfer states (paySubType): initiated, expired, accepted, returned. */
export const PAY_SUB_TYPE = { initiated: 1, expired: 2, accepted: 3, returned: 4 } as const;
export type PaySubType = (typeof PAY_SUB_TYPE)[keyof typeof PAY_SUB_TYPE];

/** Friend request status (type 1): requested, failed with reason, succeeded, already friend. */
export const FRIEND_REQUEST_STATUS = {
  requested: 1,
  failed: 2,
  succeeded: 3,
  alreadyFriend: 4,
} as const;
export type FriendRequestStatus =
  (typeof FRIEND_REQUEST_STATUS)[keyof typeof FRIEND_REQUEST_STATUS];

/** QR scan states as pushed (API.md): 1 scanned, 2 confirmed, 3 failed. */
export const QR_ACK_STATUS = { scanned: 1, confirmed: 2, failed: 3 } as const;

/** Genders as platforms report them. */
export const GENDERS = ['unknown', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

// ---- JSON content of the structured message types --------------------------------------------

/** Content of type 9: a contact card. */
export const cardContent = z.object({
  wxid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  alias: z.string().optional(),
  province: z.string().optional(),
  city: z.string().optional(),
  sex: z.enum(GENDERS).optional(),
});
export type CardContent = z.infer<typeof cardContent>;

/** Content of type 10 (forwarded link) and 15 (shared article / public-account link). */
export const linkContent = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  thumbUrl: z.string().optional(),
  sourceName: z.string().optional(),
});
export type LinkContent = z.infer<typeof linkContent>;

/** Content of type 14: a mini-program. */
export const miniProgramContent = z.object({
  title: z.string(),
  appId: z.string(),
  appName: z.string(),
  pagePath: z.string(),
  thumbUrl: z.string().optional(),
});
export type MiniProgramContent = z.infer<typeof miniProgramContent>;

/** Content of type 16: a red packet. */
export const redPacketContent = z.object({
  title: z.string(),
  /** Amount in cents when the platform tells it, else null. */
  amountCents: z.number().int().nullable(),
});
export type RedPacketContent = z.infer<typeof redPacketContent>;

/** Content of type 17: a money transfer (SPEC: money and paySubType). */
export const transferContent = z.object({
  /** Amount as the platform shows it, e.g. "88.00". */
  money: z.string(),
  paySubType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  memo: z.string().optional(),
  transferId: z.string(),
});
export type TransferContent = z.infer<typeof transferContent>;

/** Content of type 18: a map location. */
export const locationContent = z.object({
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
  poiName: z.string(),
});
export type LocationContent = z.infer<typeof locationContent>;

/** Content of type 19: a quote (reply) to an earlier message. */
export const quoteContent = z.object({
  content: z.string(),
  refMsgId: z.string(),
  refContent: z.string(),
  displayName: z.string(),
  refMsgType: z.number().int().optional(),
});
export type QuoteContent = z.infer<typeof quoteContent>;

/** Content of types 7 and 8: a voice or video call. */
export const callContent = z.object({
  /** missed, rejected, cancelled or ended (with duration). */
  result: z.enum(['missed', 'rejected', 'cancelled', 'ended']),
  durationSec: z.number().int().min(0),
});
export type CallContent = z.infer<typeof callContent>;

/** Content of type 20: a short-video channel post. */
export const channelVideoContent = z.object({
  title: z.string(),
  authorName: z.string(),
  coverUrl: z.string().optional(),
});
export type ChannelVideoContent = z.infer<typeof channelVideoContent>;

/** Content of type 21: a forwarded chat record. */
export const forwardContent = z.object({
  title: z.string(),
  items: z.array(z.object({ name: z.string(), content: z.string(), time: z.number() })),
});
export type ForwardContent = z.infer<typeof forwardContent>;

/** A poll carried in an app message (SPEC §3 Vote). */
export const voteContent = z.object({
  record_id: z.string(),
  detail: z.object({
    title: z.string(),
    answer_mode: z.union([z.literal(0), z.literal(1)]),
    answer_num: z.number().int(),
    answered_num: z.number().int(),
    answer_option: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
  statistics: z.object({
    count: z.number().int(),
    options: z.array(z.object({ key: z.string(), count: z.number().int() })),
  }),
  vote_users: z.array(z.string()),
});
export type VoteContent = z.infer<typeof voteContent>;

/** Content of type 22: an app message with a title; polls carry `vote`. */
export const appContent = z.object({
  title: z.string(),
  description: z.string().optional(),
  appName: z.string().optional(),
  vote: voteContent.optional(),
});
export type AppContent = z.infer<typeof appContent>;

/**
 * Content of type 23: a login notice (SPEC §3 "Login notice: ip, createdAt, address, reason,
 * agent") — where and how the work account was signed in.
 */
export const loginNoticeContent = z.object({
  ip: z.string(),
  /** When the login happened (ms since the epoch). */
  createdAt: z.number().int(),
  /** Where the IP is, e.g. "广东 深圳". */
  address: z.string(),
  /** Why the platform tells, e.g. "新设备登录". */
  reason: z.string(),
  /** The device or client that signed in. */
  agent: z.string(),
  /**
   * The platform server the login went through, when the platform says (its region code is
   * shown beside the notice: `regionCodeOf`, SPEC §9).
   */
  server: z.string().optional(),
});
export type LoginNoticeContent = z.infer<typeof loginNoticeContent>;
