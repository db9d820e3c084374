import { z } from 'zod';
import type { Text } from './i18n.ts';

/** Required-field and form messages of SPEC.md §5, word for word in zh-CN. */
export const validationMessages = {
  accountRequired: { 'zh-CN': '账号不能为空', en: 'Account cannot be empty' },
  passwordRequired: { 'zh-CN': '密码不能为空', en: 'Password cannot be empty' },
  nameRequired: { 'zh-CN': '姓名不能为空', en: 'Name cannot be empty' },
  roleRequired: { 'zh-CN': '请选择角色', en: 'Please choose a role' },
  positionRequired: { 'zh-CN': '请选择职位', en: 'Please choose a position' },
  superiorRequired: { 'zh-CN': '请选择上级账号', en: 'Please choose a superior account' },
  roleNameRequired: { 'zh-CN': '角色名称不能为空', en: 'Role name cannot be empty' },
  permissionRequired: { 'zh-CN': '请至少选择一个权限', en: 'Choose at least one permission' },
  positionNameRequired: { 'zh-CN': '职位名称不能为空', en: 'Position name cannot be empty' },
  taskNameRequired: { 'zh-CN': '任务名称不能为空', en: 'Task name cannot be empty' },
  textOrImageRequired: {
    'zh-CN': '文字和图片不能同时为空',
    en: 'Text and image cannot both be empty',
  },
  workAccountRequired: { 'zh-CN': '请选择工作号', en: 'Please choose a work account' },
  fansDataRequired: { 'zh-CN': '请上传粉丝数据', en: 'Please upload fans data' },
  remarkRequired: { 'zh-CN': '备注不能为空', en: 'Remark cannot be empty' },
  remarkNameRequired: { 'zh-CN': '备注名不能为空', en: 'Remark name cannot be empty' },
  groupNameRequired: { 'zh-CN': '群名称不能为空', en: 'Group name is required' },
  keywordTargetRequired: { 'zh-CN': '请选择关键词/目标', en: 'Keyword/target must be selected' },
  pickAtLeastOne: { 'zh-CN': '请至少选择一项', en: 'Pick at least one' },
  greetingRequired: { 'zh-CN': '请填写申请备注', en: 'Please fill in the request note' },
  tenantNameRequired: { 'zh-CN': '企业名称不能为空', en: 'Company name cannot be empty' },
  codeRequired: { 'zh-CN': '验证码不能为空', en: 'Verification code cannot be empty' },
  passwordTooShort: {
    'zh-CN': '密码长度为 6 到 64 位',
    en: 'The password must be 6 to 64 characters',
  },
  passwordMismatch: { 'zh-CN': '两次输入的密码不一致', en: 'The two passwords do not match' },
  accountFormat: {
    'zh-CN': '账号只能包含字母、数字、下划线、点和短横线，长度 3 到 32 位',
    en: 'The account may hold letters, digits, _ . and -, 3 to 32 characters',
  },
  targetFormat: {
    'zh-CN': '请输入正确的手机号或邮箱',
    en: 'Enter a valid mobile number or email address',
  },
} satisfies Record<string, Text>;
export type ValidationMessageKey = keyof typeof validationMessages;

/**
 * The error option of a required field: a missing, null or empty value reports `key`; a value of
 * the wrong type or one that is too long keeps zod's issue, so the message names the field.
 */
export function requiredError(key: ValidationMessageKey) {
  return (iss: { code?: string; input?: unknown }) =>
    iss.code === 'too_big' || (iss.code === 'invalid_type' && iss.input != null) ? undefined : key;
}

/** A required, trimmed string whose empty or missing value reports `key`. */
export function requiredString(key: ValidationMessageKey, max = 64) {
  return z
    .string({ error: requiredError(key) })
    .min(1, { error: key })
    .max(max);
}

/** An account name (login). */
export const accountName = z
  .string({ error: requiredError('accountRequired') })
  .min(1, { error: 'accountRequired' })
  .max(32)
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, { error: 'accountFormat' });

/** A new password. */
export const newPassword = z
  .string({ error: requiredError('passwordRequired') })
  .min(1, { error: 'passwordRequired' })
  .min(6, { error: 'passwordTooShort' })
  .max(64, { error: 'passwordTooShort' });

/**
 * The id of a row (a UUID, as the database keys them): anything else is refused at validation
 * with the field's name, never handed to the database to reject.
 */
export const idString = z.guid();
