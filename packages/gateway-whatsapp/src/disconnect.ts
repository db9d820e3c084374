import type { WorkAccountStatus } from '@cst/shared';

/** What the adapter does when a socket closes. */
export type CloseAction =
  /** Pairing done: connect again at once with the same credentials. */
  | { kind: 'restart' }
  /** Connect again after a back-off, up to the retry cap. */
  | { kind: 'retry'; status: WorkAccountStatus; reason: string }
  /** Stop; keep the session (a later resume may work). */
  | { kind: 'stop'; status: WorkAccountStatus; reason: string }
  /** Stop and delete the session: the phone unlinked this device. */
  | { kind: 'drop'; status: WorkAccountStatus; reason: string }
  /** Another connection holds the session: let go quietly, never reconnect. */
  | { kind: 'release'; reason: string };

/** Baileys' DisconnectReason codes (plus the ones WhatsApp sends for bans). */
export const DISCONNECT = {
  loggedOut: 401,
  paymentRequired: 402,
  forbidden: 403,
  notAcceptable: 406,
  timedOut: 408,
  multideviceMismatch: 411,
  connectionClosed: 428,
  connectionReplaced: 440,
  badSession: 500,
  unavailableService: 503,
  restartRequired: 515,
} as const;

/**
 * The status of a closed connection (WHATSAPP.md). A dead proxy shows as a `WebSocket Error`
 * before the socket ever opened; the code alone cannot tell it from a bad session.
 */
export function closeAction(
  code: number | undefined,
  message: string,
  ctx: { everOpened: boolean; hasProxy: boolean },
): CloseAction {
  switch (code ?? 0) {
    case DISCONNECT.restartRequired:
      return { kind: 'restart' };
    case DISCONNECT.loggedOut:
      return { kind: 'drop', status: 'kickedOut', reason: '手机端已移除该设备' };
    case DISCONNECT.forbidden:
    case DISCONNECT.paymentRequired:
    case DISCONNECT.notAcceptable:
      return { kind: 'stop', status: 'banned', reason: '该账号已被 WhatsApp 封禁' };
    case DISCONNECT.connectionReplaced:
      return { kind: 'release', reason: 'another connection took the session' };
    case DISCONNECT.multideviceMismatch:
      return { kind: 'stop', status: 'loginFailed', reason: '多设备版本不匹配，请重新扫码' };
  }
  if (ctx.hasProxy && !ctx.everOpened && /WebSocket Error|ECONNREFUSED|socks/i.test(message)) {
    return { kind: 'retry', status: 'proxyFailed', reason: '代理连接失败' };
  }
  return { kind: 'retry', status: 'offline', reason: '网络连接断开' };
}
