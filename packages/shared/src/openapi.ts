import { z } from 'zod';
import { talkTypeSchema } from './chat.ts';
import { indexNameSchema, MAX_TEXT_LENGTH } from './conversations.ts';
import { pageQuery } from './envelope.ts';
import type { Text } from './i18n.ts';
import { PERMISSION_KEYS, type Permission } from './permissions.ts';
import { idString } from './validation.ts';

/** Server messages of the open platform's keys and public API. */
export const openapiMessages = {
  apiKeyNameRequired: { 'zh-CN': '请填写密钥名称', en: 'Enter a name for the key' },
  apiKeyPermissionsRequired: {
    'zh-CN': '请至少选择一项权限',
    en: 'Choose at least one permission',
  },
  apiKeyPermissionNotHeld: {
    'zh-CN': '不能授予自己没有的权限：{permission}',
    en: 'You cannot grant a permission you do not hold: {permission}',
  },
  apiKeyExpiryPast: { 'zh-CN': '过期时间必须晚于现在', en: 'The expiry must be in the future' },
  apiKeyTooMany: {
    'zh-CN': 'API 密钥已达上限（{max} 个），请先吊销不用的密钥',
    en: 'There are already {max} API keys; revoke one you no longer use',
  },
  apiKeyNotFound: { 'zh-CN': 'API 密钥不存在', en: 'No such API key' },
  apiKeyInvalid: {
    'zh-CN': 'API 密钥无效、已吊销或已过期',
    en: 'The API key is invalid, revoked or expired',
  },
  apiKeyRequired: {
    'zh-CN': '请用 Authorization: Bearer cst_… 传入 API 密钥',
    en: 'Send an API key as Authorization: Bearer cst_…',
  },
  apiKeyBurstBelowRate: {
    'zh-CN': '突发上限不能小于每秒请求数',
    en: 'The burst cannot be below the requests per second',
  },
  apiMessageKindInvalid: {
    'zh-CN': '不支持的消息类型',
    en: 'Unsupported message kind',
  },
  apiIdempotencyKeyRequired: {
    'zh-CN': '请提供 idempotencyKey',
    en: 'Give an idempotencyKey',
  },
} as const satisfies Record<string, Text>;

type OpenMessageKey = keyof typeof openapiMessages;

/** The message of a missing value (as `requiredError`, with this file's keys). */
function requiredError(key: OpenMessageKey) {
  return (iss: { code?: string; input?: unknown }) =>
    iss.code === 'too_big' || (iss.code === 'invalid_type' && iss.input != null) ? undefined : key;
}

/** The visible start of every API key. */
export const API_KEY_PREFIX = 'cst_';
/** How many characters of a key stay visible in the list (prefix included). */
export const API_KEY_VISIBLE = 12;
/** Most keys a tenant keeps (revoked ones aside). */
export const MAX_API_KEYS = 100;
/** A new key's rate: requests per second refilled, and the bucket's size (its burst). */
export const API_KEY_DEFAULT_RATE = 20;
export const API_KEY_DEFAULT_BURST = 40;
/** The server's maximum of a key's rate and burst (a manager sets a key's within them). */
export const API_KEY_MAX_RATE = 200;
export const API_KEY_MAX_BURST = 400;

const permission = z.enum(PERMISSION_KEYS as [Permission, ...Permission[]]);
const wxid = z.string().min(1).max(128);
/** Latest time accepted on the wire (year 2100). */
const MAX_TIME = 4_102_444_800_000;

/** `POST /main-api/open/keys/create` (API.md, third ring). */
export const apiKeyCreateBody = z.object({
  name: z
    .string({ error: requiredError('apiKeyNameRequired') })
    .min(1, { error: 'apiKeyNameRequired' })
    .max(64),
  permissions: z
    .array(permission, { error: requiredError('apiKeyPermissionsRequired') })
    .min(1, { error: 'apiKeyPermissionsRequired' })
    .max(PERMISSION_KEYS.length),
  /** Empty or absent: every account the creator sees. */
  workWxids: z.array(wxid).max(1000).optional(),
  /** Epoch ms; absent or null: never. */
  expiresAt: z.number().int().min(0).max(MAX_TIME).nullable().optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;
/** The key itself appears only here, once. */
export const apiKeyCreateResult = z.object({ id: z.string(), key: z.string() });
export type ApiKeyCreateResult = z.infer<typeof apiKeyCreateResult>;

/** One key of `keys/list`. */
export const apiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.string()),
  workWxids: z.array(z.string()),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
  /** The name of the user who made it (its rights bound the key's). */
  createdByName: z.string(),
  /** Requests per second, and the burst over it (429 beyond). */
  ratePerSec: z.number(),
  burst: z.number(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;
export const apiKeyListResult = z.object({ list: z.array(apiKeyItem) });
export type ApiKeyListResult = z.infer<typeof apiKeyListResult>;
export const apiKeyIdBody = z.object({ id: idString });
/** `POST /main-api/open/keys/update`: a key's rate, within the server's maximum. */
export const apiKeyUpdateBody = z
  .object({
    id: idString,
    ratePerSec: z.number().int().min(1).max(API_KEY_MAX_RATE),
    burst: z.number().int().min(1).max(API_KEY_MAX_BURST),
  })
  .refine((b) => b.burst >= b.ratePerSec, { error: 'apiKeyBurstBelowRate', path: ['burst'] });
export type ApiKeyUpdateBody = z.infer<typeof apiKeyUpdateBody>;

// ---- the public API (/open/v1) -----------------------------------------------------------------

/** `accounts/list` items. */
export const openAccountItem = z.object({
  wxid: z.string(),
  nickname: z.string(),
  remark: z.string(),
  status: z.string(),
  platform: z.string(),
});
export const openAccountListResult = z.object({ list: z.array(openAccountItem) });

/** `conversations/list`. */
export const openConversationListBody = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  workWxid: wxid.optional(),
  /** Epoch ms: only conversations with activity at or after it. */
  updatedSince: z.number().int().min(0).max(MAX_TIME).optional(),
});

/** `messages/list`: the latest page, or the page before a message id. */
export const openMessageListBody = z.object({
  index_name: indexNameSchema,
  limit: z.coerce.number().int().min(1).max(100).default(30),
  before: z.union([z.string().regex(/^\d{1,18}$/), z.number().int().min(0)]).optional(),
});

const fileUrl = z.string({ error: 'fileUrlInvalid' }).min(1, { error: 'fileUrlInvalid' }).max(1024);

/** What `messages/send` sends: every kind the console's composer sends. */
export const openMessageContent = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      content: z
        .string({ error: 'contentRequired' })
        .min(1, { error: 'contentRequired' })
        .max(MAX_TEXT_LENGTH),
      /** Quote a message by its platform id. */
      refMsgId: z.string().max(64).optional(),
    }),
    z.object({
      kind: z.enum(['image', 'file', 'video', 'voice']),
      fileUrl,
      fileName: z.string().max(255).optional(),
      durationMs: z.number().int().min(0).max(3_600_000).optional(),
    }),
    z.object({
      kind: z.literal('link'),
      title: z.string().min(1, { error: 'linkTitleRequired' }).max(200),
      description: z.string().max(500).default(''),
      url: z.string().min(1, { error: 'linkUrlInvalid' }).max(2048),
      thumbUrl: z.string().max(2048).optional(),
    }),
    z.object({
      kind: z.literal('miniProgram'),
      title: z.string().min(1, { error: 'miniAppFieldsRequired' }).max(200),
      appId: z.string().min(1, { error: 'miniAppFieldsRequired' }).max(64),
      appName: z.string().max(100).default(''),
      pagePath: z.string().min(1, { error: 'miniAppFieldsRequired' }).max(1024),
      thumbUrl: z.string().max(2048).optional(),
    }),
    z.object({
      kind: z.literal('emoticon'),
      emoticonId: z.string().min(1, { error: 'emoticonNotFound' }).max(64),
    }),
    z.object({
      kind: z.literal('card'),
      /** The contact whose card is sent: a friend of the sending account. */
      wxid: z
        .string({ error: 'cardContactRequired' })
        .min(1, { error: 'cardContactRequired' })
        .max(128),
    }),
    z.object({
      kind: z.literal('location'),
      latitude: z
        .number({ error: 'locationInvalid' })
        .min(-90, { error: 'locationInvalid' })
        .max(90, {
          error: 'locationInvalid',
        }),
      longitude: z
        .number({ error: 'locationInvalid' })
        .min(-180, { error: 'locationInvalid' })
        .max(180, { error: 'locationInvalid' }),
      /** The address shown under the map. */
      label: z.string({ error: 'locationInvalid' }).min(1, { error: 'locationInvalid' }).max(200),
      /** The place's name (optional). */
      poiName: z.string().max(200).default(''),
    }),
  ],
  { error: 'apiMessageKindInvalid' },
);
export type OpenMessageContent = z.infer<typeof openMessageContent>;

/** `messages/send`. */
export const openSendBody = z.object({
  workWxid: wxid,
  receiver_id: wxid,
  talkType: talkTypeSchema,
  /** The same key again answers the same messageId and sends nothing. */
  idempotencyKey: z
    .string({ error: requiredError('apiIdempotencyKeyRequired') })
    .min(1, { error: 'apiIdempotencyKeyRequired' })
    .max(128),
  message: openMessageContent,
});
export type OpenSendBody = z.infer<typeof openSendBody>;
export const openSendResult = z.object({ messageId: z.string() });

/** `contacts/list`. */
export const openContactListBody = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  workWxid: wxid,
  keyword: z.string().max(64).optional(),
  tagIds: z.array(idString).max(100).optional(),
});

/** `friend-requests/list`. */
export const openFriendRequestListBody = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  workWxid: wxid.optional(),
});

/** `files/upload`: where the stored file is, to use as `fileUrl`. */
export const openUploadResult = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
});
