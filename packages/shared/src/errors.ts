import type { Text } from './i18n.ts';

/** HTTP status of each error class of API.md; the envelope code repeats it. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  internal: 500,
} as const;
export type ErrorClass = keyof typeof ERROR_STATUS;

/** Server messages shared by every feature. Feature messages live beside their feature. */
export const commonMessages = {
  ok: { 'zh-CN': '操作成功', en: 'Success' },
  invalidInput: { 'zh-CN': '参数错误：{detail}', en: 'Invalid input: {detail}' },
  unauthenticated: {
    'zh-CN': '登录已过期，请重新登录',
    en: 'Session expired, please log in again',
  },
  forbidden: { 'zh-CN': '没有权限执行此操作', en: 'You do not have permission to do this' },
  notFound: { 'zh-CN': '找不到该内容', en: 'Cannot find this content' },
  routeNotFound: { 'zh-CN': '接口不存在', en: 'No such API' },
  webMissingTitle: { 'zh-CN': '控制台页面尚未就绪', en: 'The console page is not ready' },
  webMissingBody: {
    'zh-CN':
      '控制台的网页尚未构建或正在重新构建。请稍候，本页会自动刷新；若一直如此，请在项目目录运行 npm run build。',
    en: 'The console web page has not been built or is being rebuilt. Please wait: this page reloads by itself. If it stays, run npm run build in the project folder.',
  },
  tooLarge: { 'zh-CN': '内容过大', en: 'The content is too large' },
  tooMany: { 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  internal: {
    'zh-CN': '服务器内部错误，请联系客服（请求编号 {requestId}）',
    en: 'Internal server error, contact support (request id {requestId})',
  },
  // Generic validation texts; `{field}` is the field path.
  fieldRequired: { 'zh-CN': '{field} 不能为空', en: '{field} is required' },
  fieldType: { 'zh-CN': '{field} 类型错误', en: '{field} has the wrong type' },
  fieldTooLong: {
    'zh-CN': '{field} 长度不能超过 {max}',
    en: '{field} must be at most {max} long',
  },
  fieldTooShort: {
    'zh-CN': '{field} 长度不能少于 {min}',
    en: '{field} must be at least {min} long',
  },
  fieldTooBig: { 'zh-CN': '{field} 不能大于 {max}', en: '{field} must be at most {max}' },
  fieldTooSmall: { 'zh-CN': '{field} 不能小于 {min}', en: '{field} must be at least {min}' },
  fieldFormat: { 'zh-CN': '{field} 格式不正确', en: '{field} has a wrong format' },
  fieldValue: { 'zh-CN': '{field} 取值无效', en: '{field} has an invalid value' },
  fieldUnknown: { 'zh-CN': '不支持的字段 {field}', en: 'Unknown field {field}' },
  bodyInvalid: { 'zh-CN': '请求内容无效', en: 'The request body is invalid' },
  // Refusals of the edge, before any route runs (InputProblemKind).
  inputTooDeep: {
    'zh-CN': '{field} 嵌套层级过深',
    en: '{field} is nested too deeply',
  },
  inputNul: {
    'zh-CN': '{field} 含有不允许的空字符',
    en: '{field} contains a NUL character, which is not allowed',
  },
  inputLoneSurrogate: {
    'zh-CN': '{field} 含有无效的 Unicode 字符',
    en: '{field} contains an invalid Unicode character (a lone surrogate)',
  },
} satisfies Record<string, Text>;
