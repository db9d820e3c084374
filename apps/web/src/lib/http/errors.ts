/** Why a request failed: the server said no, it timed out, the network failed, or it was cancelled. */
export type HttpErrorKind = 'api' | 'timeout' | 'network' | 'cancelled';

/** A failed request. `code` and `data` come from the server's envelope when there is one. */
export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status = 0,
    readonly code = 0,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Whether an error is a cancelled duplicate request (nothing to show the user). */
export function isCancelled(err: unknown): boolean {
  return err instanceof HttpError && err.kind === 'cancelled';
}

/** The envelope data of a failed request, when the server sent some (e.g. `{captchaEnabled}`). */
export function errorData<T extends object>(err: unknown): Partial<T> {
  if (err instanceof HttpError && err.data && typeof err.data === 'object') {
    return err.data as Partial<T>;
  }
  return {};
}
