import { ERROR_STATUS, type ErrorClass, type MessageKey } from '@cst/shared';

/** An error a caller can act on: a class of API.md, a message key, optional data. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorClass,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly data?: unknown,
  ) {
    super(key);
    this.status = ERROR_STATUS[kind];
  }
}

/**
 * The same refusal about one file of several (`「photo-2.png」：图片尺寸过小…`): the reason is
 * put in the caller's language first, then named after the file; `data.fileName` says which.
 */
export class FileError extends AppError {
  constructor(
    readonly fileName: string,
    readonly reason: AppError,
  ) {
    super(reason.kind, reason.key, reason.params, { fileName });
  }
}

/**
 * A send refused because of the work account's state (SPEC §8, `accountAbnormal`): 「工作号状态异常：
 * 已封号」 in the caller's language, with `data.accountStatus` so the console can point to 工作号管理.
 */
export class AccountAbnormalError extends AppError {
  constructor(
    readonly stateKey: MessageKey,
    readonly detail: string,
    data: { workWxid: string; accountStatus: string },
  ) {
    super('conflict', 'accountAbnormal', undefined, data);
  }
}

/** Shorthands for the error classes. */
export const fail = {
  invalid: (key: MessageKey, params?: Record<string, string | number>, data?: unknown) =>
    new AppError('invalid', key, params, data),
  unauthenticated: () => new AppError('unauthenticated', 'unauthenticated'),
  forbidden: (key: MessageKey = 'forbidden') => new AppError('forbidden', key),
  notFound: (key: MessageKey = 'notFound') => new AppError('notFound', key),
  conflict: (key: MessageKey, params?: Record<string, string | number>) =>
    new AppError('conflict', key, params),
  tooLarge: (key: MessageKey = 'tooLarge', params?: Record<string, string | number>) =>
    new AppError('tooLarge', key, params),
  tooMany: (key: MessageKey = 'tooMany', params?: Record<string, string | number>) =>
    new AppError('tooMany', key, params),
};
