import { z } from 'zod';
import { listResult, pageQuery } from './envelope.ts';
import type { Text } from './i18n.ts';
import { ROLES } from './permissions.ts';
import { accountName, newPassword, requiredString } from './validation.ts';

/** Server messages of sign-in and session. */
export const authMessages = {
  badCredentials: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  captchaRequired: { 'zh-CN': '请输入验证码', en: 'Please enter the captcha' },
  captchaWrong: { 'zh-CN': '验证码错误或已过期', en: 'The captcha is wrong or expired' },
  userDisabled: { 'zh-CN': '账号已被停用，请联系管理员', en: 'This account is disabled' },
  tenantDisabled: { 'zh-CN': '企业已被停用，请联系管理员', en: 'This company is disabled' },
  twoStepRequired: { 'zh-CN': '请输入二级密码', en: 'Please enter the two-step password' },
  twoStepWrong: { 'zh-CN': '二级密码错误', en: 'Wrong two-step password' },
  loginTooOften: {
    'zh-CN': '登录尝试过于频繁，请一分钟后再试',
    en: 'Too many login attempts, try again in a minute',
  },
  loginBackoffSeconds: {
    'zh-CN': '该账号登录失败次数过多，请 {seconds} 秒后再试',
    en: 'Too many failed sign-ins for this account, try again in {seconds} s',
  },
  loginBackoffMinutes: {
    'zh-CN': '该账号登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins for this account, try again in {minutes} min',
  },
  tooManySeconds: {
    'zh-CN': '操作过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests, try again in {seconds} s',
  },
  tooManyMinutes: {
    'zh-CN': '操作过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many requests, try again in {minutes} min',
  },
  oldPasswordWrong: { 'zh-CN': '原密码错误', en: 'The old password is wrong' },
  codeTooOftenSeconds: {
    'zh-CN': '验证码发送过于频繁，请 {seconds} 秒后再试',
    en: 'A code was sent a moment ago, ask again in {seconds} s',
  },
  codeDailyLimit: {
    'zh-CN': '今日验证码发送次数已达上限',
    en: 'The daily limit of verification codes is reached',
  },
  codeWrong: { 'zh-CN': '验证码错误或已过期', en: 'The verification code is wrong or expired' },
  codeSent: { 'zh-CN': '验证码已发送', en: 'The verification code was sent' },
  accountTaken: { 'zh-CN': '账号已存在', en: 'This account already exists' },
  targetTaken: {
    'zh-CN': '该手机号或邮箱已注册',
    en: 'This mobile number or email is already registered',
  },
  targetUnknown: {
    'zh-CN': '该手机号或邮箱未注册',
    en: 'No account uses this mobile number or email',
  },
  passwordWrong: { 'zh-CN': '密码错误', en: 'Wrong password' },
  twoStepSameAsPassword: {
    'zh-CN': '二级密码不能与登录密码相同',
    en: 'The two-step password must differ from the login password',
  },
  samePassword: {
    'zh-CN': '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
  },
  avatarFormat: { 'zh-CN': '头像地址不正确', en: 'The avatar address is not valid' },
} satisfies Record<string, Text>;

export const roleSchema = z.enum(ROLES);

/** The signed-in user as every API returns it. */
export const sessionUser = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  role: roleSchema,
  tenantId: z.string().nullable(),
  permissions: z.array(z.string()),
  avatar: z.string().nullable().optional(),
  tenantName: z.string().nullable().optional(),
  twoStepEnabled: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginBody = z.object({
  username: requiredString('accountRequired', 64),
  password: requiredString('passwordRequired', 128),
  code: z.string().max(16).optional(),
  uuid: z.string().max(64).optional(),
  twoStepPassword: z.string().max(128).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  token: z.string(),
  expiresAt: z.number(),
  user: sessionUser,
});
export type LoginResult = z.infer<typeof loginResult>;

export const captchaQuery = z.object({ username: z.string().max(64).optional() });
export const captchaResult = z.object({
  captchaEnabled: z.boolean(),
  uuid: z.string(),
  img: z.string(),
});
export type CaptchaResult = z.infer<typeof captchaResult>;

/** A mobile number (digits, optional +) or an email address. */
export const verifyTarget = z
  .string({ error: 'targetFormat' })
  .max(128)
  .regex(/^(\+?\d{6,15}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, { error: 'targetFormat' });

export const VERIFY_SCENES = ['register', 'forget'] as const;
export type VerifyScene = (typeof VERIFY_SCENES)[number];
export const sendVerifyCodeBody = z.object({
  target: verifyTarget,
  scene: z.enum(VERIFY_SCENES),
});
export type SendVerifyCodeBody = z.infer<typeof sendVerifyCodeBody>;

/** When the code expires and when the next one may be asked for (ms since the epoch). */
export const sendVerifyCodeResult = z.object({ expiresAt: z.number(), resendAt: z.number() });
export type SendVerifyCodeResult = z.infer<typeof sendVerifyCodeResult>;

/** A verification code lives 10 minutes; one a minute and ten a day per target. */
export const VERIFY_CODE_TTL_MS = 10 * 60_000;
export const VERIFY_CODE_INTERVAL_MS = 60_000;
export const VERIFY_CODES_PER_DAY = 10;

export const registerBody = z.object({
  username: accountName,
  password: newPassword,
  nickname: requiredString('nameRequired', 32),
  tenantName: requiredString('tenantNameRequired', 64),
  target: verifyTarget,
  code: requiredString('codeRequired', 16),
});
export type RegisterBody = z.infer<typeof registerBody>;
/** The new manager and its new tenant. */
export const registerResult = z.object({ uid: z.string(), tenantId: z.string() });
export type RegisterResult = z.infer<typeof registerResult>;

export const forgetBody = z.object({
  target: verifyTarget,
  code: requiredString('codeRequired', 16),
  password: newPassword,
});
export type ForgetBody = z.infer<typeof forgetBody>;

export const changePwdBody = z.object({
  oldPassword: requiredString('passwordRequired', 128),
  newPassword,
});
export type ChangePwdBody = z.infer<typeof changePwdBody>;

/** Sets (or, with an empty value, clears) the two-step password; the login password confirms it. */
export const twoStepBody = z.object({
  password: requiredString('passwordRequired', 128),
  twoStepPassword: z.union([z.literal(''), newPassword]),
});
export type TwoStepBody = z.infer<typeof twoStepBody>;
export const twoStepResult = z.object({ twoStepEnabled: z.boolean() });

/** One login record, also shown as the login notice. */
export const loginRecord = z.object({
  id: z.string(),
  ip: z.string(),
  createdAt: z.number(),
  address: z.string(),
  reason: z.string(),
  agent: z.string(),
  success: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecord>;
export const loginRecordQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const loginRecordList = listResult(loginRecord);
