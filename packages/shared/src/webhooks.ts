import { z } from 'zod';
import type { Text } from './i18n.ts';
import { idString } from './validation.ts';

/** Server messages of webhooks (API.md "Open platform"). */
export const webhookMessages = {
  webhookUrlInvalid: {
    'zh-CN': '请输入以 http:// 或 https:// 开头的地址',
    en: 'Enter an address starting with http:// or https://',
  },
  webhookUrlPrivate: {
    'zh-CN': '不能使用内网、本机或链路本地地址',
    en: 'Private, loopback and link-local addresses are not allowed',
  },
  webhookUrlUnresolved: {
    'zh-CN': '无法解析该地址的域名',
    en: 'The address’s host name does not resolve',
  },
  webhookEventsRequired: { 'zh-CN': '请至少选择一个事件', en: 'Choose at least one event' },
  webhookNotFound: { 'zh-CN': 'Webhook 不存在', en: 'The webhook does not exist' },
  webhookEventNotFound: {
    'zh-CN': '该事件不存在或已过期（保留 7 天）',
    en: 'The event does not exist or has expired (kept 7 days)',
  },
  webhookLimitReached: {
    'zh-CN': 'Webhook 数量已达上限（{max} 个）',
    en: 'Too many webhooks (at most {max})',
  },
  webhookDisabledNotice: {
    'zh-CN': 'Webhook {url} 连续失败 3 天，已停用',
    en: 'Webhook {url} failed for 3 days and was disabled',
  },
} satisfies Record<string, Text>;

/** Every event a webhook may subscribe to (API.md). */
export const WEBHOOK_EVENTS = [
  'message.received',
  'message.sent',
  'message.status',
  'message.revoked',
  'conversation.read',
  'conversation.assigned',
  'conversation.status',
  'account.status',
  'account.qr',
  'friend.request',
  'friend.added',
  'contact.updated',
  'group.updated',
  'task.progress',
  'task.completed',
  'moment.interaction',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event of `webhooks/test` (sent to the endpoint whatever it subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Whether a string names an event of {@link WEBHOOK_EVENTS}. */
export function isWebhookEvent(s: string): s is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(s);
}

export const MAX_WEBHOOK_URL = 2000;
/** Most endpoints of a tenant. */
export const MAX_WEBHOOKS = 20;

const webhookUrl = z
  .string({ error: 'webhookUrlInvalid' })
  .max(MAX_WEBHOOK_URL, { error: 'webhookUrlInvalid' })
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: 'webhookUrlInvalid' },
  );

const webhookEvents = z
  .array(z.string().refine(isWebhookEvent, { error: 'webhookEventsRequired' }), {
    error: 'webhookEventsRequired',
  })
  .min(1, { error: 'webhookEventsRequired' })
  .max(WEBHOOK_EVENTS.length * 2)
  .transform((list) => [...new Set(list)] as WebhookEvent[]);

export const webhookCreateBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: z.string().max(200).optional(),
});
export const webhookUpdateBody = z.object({
  id: idString,
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean().optional(),
  description: z.string().max(200).optional(),
});
export const webhookIdBody = z.object({ id: idString });

export const webhookCreateResult = z.object({ id: z.string(), secret: z.string() });
export const webhookSecretResult = z.object({ secret: z.string() });

/** An endpoint as a manager sees it (never its secret). */
export const webhookItem = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** 'failing' when the server disabled it after 3 days of failures. */
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation still signs (ms), or null. */
  previousSecretUntil: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WebhookItem = z.infer<typeof webhookItem>;
export const webhookListResult = z.object({ list: z.array(webhookItem) });

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDeliveriesBody = z.object({
  id: idString,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});

/** One attempt of a delivery (the log's detail). */
export const webhookAttempt = z.object({
  at: z.number(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number(),
  body: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDeliveryItem = z.object({
  eventId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  latencyMs: z.number().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.number().nullable(),
  /** Each attempt, oldest first. */
  history: z.array(webhookAttempt),
});
export type WebhookDeliveryItem = z.infer<typeof webhookDeliveryItem>;
export const webhookDeliveriesResult = z.object({
  list: z.array(webhookDeliveryItem),
  total: z.number(),
});
export type WebhookDeliveriesResult = z.infer<typeof webhookDeliveriesResult>;

export const webhookRedeliverBody = z.object({ id: idString, eventId: idString });
export const webhookEventIdResult = z.object({ eventId: z.string() });
