import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isMessageKey } from '@cst/shared';
import type { z } from 'zod';

/** The text of a zod issue: a shared message key word for word, or a generic field message. */
export function issueText(issue: z.core.$ZodIssue, t: TFunction, field: string): string {
  if (isMessageKey(issue.message)) return t(`msg.${issue.message}`);
  const i = issue as z.core.$ZodIssue & { maximum?: unknown; minimum?: unknown; origin?: string };
  const isText = i.origin === 'string' || i.origin === 'array';
  if (issue.code === 'too_big') {
    return t(isText ? 'msg.fieldTooLong' : 'msg.fieldTooBig', { field, max: String(i.maximum) });
  }
  if (issue.code === 'too_small') {
    if (isText && Number(i.minimum) === 1) return t('msg.fieldRequired', { field });
    return t(isText ? 'msg.fieldTooShort' : 'msg.fieldTooSmall', {
      field,
      min: String(i.minimum),
    });
  }
  if (issue.code === 'invalid_type') return t('msg.fieldRequired', { field });
  if (issue.code === 'invalid_format') return t('msg.fieldFormat', { field });
  return t('msg.fieldValue', { field });
}

/**
 * An antd form rule that checks a value with the same zod schema the server uses, so the form
 * shows the server's messages word for word. Strings are trimmed first, as the clients send them.
 */
export function zodRule(schema: z.ZodType, t: TFunction, field = ''): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const input = typeof value === 'string' ? value.trim() : value === null ? undefined : value;
      const result = schema.safeParse(input);
      if (result.success) return;
      throw new Error(issueText(result.error.issues[0]!, t, field));
    },
  };
}
