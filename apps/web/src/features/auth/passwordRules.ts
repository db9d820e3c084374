import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The "confirm password" rule: it must match the field `of` (message shared with the server). */
export function samePasswordRule(of: string, t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(t('msg.passwordRequired'));
      if (value !== getFieldValue(of)) throw new Error(t('msg.passwordMismatch'));
    },
  });
}
