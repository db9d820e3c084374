import type { WorkAccountStatus } from '@cst/shared';

/** The tag colour of each work-account status (green live, blue on the way, red lost). */
export const STATUS_COLOR: Record<WorkAccountStatus, string> = {
  notLoggedIn: 'default',
  loggingIn: 'processing',
  autoLoggingIn: 'processing',
  online: 'success',
  offline: 'warning',
  banned: 'error',
  proxyFailed: 'volcano',
  kickedOut: 'orange',
  uploadFailed: 'magenta',
  alreadyInStock: 'cyan',
  loginFailed: 'red',
  keyError: 'purple',
  keyFormatError: 'purple',
  other: 'default',
  gettingDevice: 'geekblue',
};

/** The badge status of a work account in compact places (switcher). */
export function statusDot(
  status: WorkAccountStatus,
): 'success' | 'processing' | 'error' | 'default' {
  if (status === 'online') return 'success';
  if (status === 'loggingIn' || status === 'autoLoggingIn' || status === 'gettingDevice') {
    return 'processing';
  }
  if (status === 'notLoggedIn' || status === 'offline' || status === 'other') return 'default';
  return 'error';
}

/** Hours and minutes of a duration in ms (keep-idle time left). */
export function hoursMinutes(ms: number): { h: number; m: number } {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  return { h: Math.floor(total / 60), m: total % 60 };
}
