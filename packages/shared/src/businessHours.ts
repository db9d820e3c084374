import { z } from 'zod';
import type { Text } from './i18n.ts';
import { idString } from './validation.ts';

/** Server messages of business hours. */
export const businessHoursMessages = {
  businessHoursSpanInvalid: {
    'zh-CN': '营业时段的结束时间须晚于开始时间',
    en: 'An opening span must end after it starts',
  },
  businessHoursReplyRequired: {
    'zh-CN': '请填写非营业时间的自动回复',
    en: 'Enter the out-of-hours reply',
  },
  businessHoursDayInvalid: {
    'zh-CN': '节假日须为 YYYY-MM-DD 格式的日期',
    en: 'A holiday is a date written YYYY-MM-DD',
  },
} satisfies Record<string, Text>;

/** One opening span of a day, minutes since midnight (`to` up to 1440). */
export const openSpan = z
  .object({
    from: z.number().int().min(0).max(1439),
    to: z.number().int().min(1).max(1440),
  })
  .refine((s) => s.to > s.from, { error: 'businessHoursSpanInvalid' });
export type OpenSpanDto = z.infer<typeof openSpan>;

const holiday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'businessHoursDayInvalid' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), {
    error: 'businessHoursDayInvalid',
  });

/**
 * Business hours of an account group (`accountGroupId` null: the tenant's default, for accounts
 * in no group or in a group without its own): seven days Sunday first, holidays closed all day,
 * in the tenant's time zone (`timeZone`, read only here).
 */
export const businessHoursItem = z.object({
  accountGroupId: z.string().nullable(),
  enabled: z.boolean(),
  week: z.array(z.array(openSpan).max(6)).length(7),
  holidays: z.array(holiday).max(366),
  reply: z.string().max(1000),
  /** Whether the group has its own settings (false: the default's are shown). */
  own: z.boolean(),
  timeZone: z.string(),
});
export type BusinessHoursItem = z.infer<typeof businessHoursItem>;

/** `POST /task-api/business-hours/get` `{accountGroupId?}`. */
export const businessHoursGetBody = z.object({ accountGroupId: idString.nullable().optional() });

/** `POST /task-api/business-hours/save`. */
export const businessHoursSaveBody = z
  .object({
    accountGroupId: idString.nullable().optional(),
    enabled: z.boolean(),
    week: z.array(z.array(openSpan).max(6)).length(7),
    holidays: z.array(holiday).max(366).default([]),
    reply: z.string().max(1000).default(''),
  })
  .refine((b) => !b.enabled || b.reply.length > 0, {
    error: 'businessHoursReplyRequired',
    path: ['reply'],
  });
export type BusinessHoursSaveBody = z.infer<typeof businessHoursSaveBody>;

/**
 * `POST /main-api/conv/business-status` `{index_name}`: whether the chat's account is out of
 * hours now, and when the contact last wrote out of hours in the current off period.
 */
export const businessStatusResult = z.object({
  outOfHours: z.boolean(),
  /** When the current off period ends (ms), when known. */
  opensAt: z.number().nullable(),
  /** The out-of-hours reply was sent in this off period. */
  replied: z.boolean(),
});
export type BusinessStatus = z.infer<typeof businessStatusResult>;
