import { isMessageKey, translate, type Language } from '@cst/shared';

/** One issue as fastify-type-provider-zod hands it over. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns the first validation issue into a message in the request's language. */
export function validationMessage(
  issues: ValidationIssue[],
  lang: Language,
  context: string | undefined,
): string {
  const issue = issues[0];
  if (!issue) return translate('bodyInvalid', lang);
  if (issue.message && isMessageKey(issue.message)) return translate(issue.message, lang);
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || context || 'body';
  const p = issue.params ?? {};
  const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '?');
  const isText = p.origin === 'string' || p.origin === 'array';
  switch (issue.keyword) {
    case 'invalid_type':
      return translate(
        /received undefined/.test(issue.message ?? '') ? 'fieldRequired' : 'fieldType',
        lang,
        { field },
      );
    case 'too_big':
      return translate(isText ? 'fieldTooLong' : 'fieldTooBig', lang, {
        field,
        max: num(p.maximum),
      });
    case 'too_small':
      if (isText && Number(p.minimum) === 1) return translate('fieldRequired', lang, { field });
      return translate(isText ? 'fieldTooShort' : 'fieldTooSmall', lang, {
        field,
        min: num(p.minimum),
      });
    case 'invalid_format':
      return translate('fieldFormat', lang, { field });
    case 'unrecognized_keys':
      return translate('fieldUnknown', lang, {
        field: Array.isArray(p.keys) ? p.keys.join(', ') : field,
      });
    default:
      return translate('fieldValue', lang, { field });
  }
}
