import { GatewayError } from '../../gateway/index.ts';
import { AppError, fail } from '../../platform/errors.ts';

/**
 * Network detail a platform's message may carry (`connect ECONNREFUSED 127.0.0.1:18497`, a SOCKS
 * error, a refused address): it tells a user which of the server's ports answer, so it goes to the
 * server log only.
 */
const NETWORK_DETAIL =
  /\bE(?:CONN\w+|HOST\w+|NET\w+|TIMEDOUT|NOTFOUND|AI_\w+|PIPE|ADDR\w+|PROTO|ACCES|OUTBOUND\w+)\b|getaddrinfo|\bsocks|\b\d{1,3}(?:\.\d{1,3}){3}\b|\[[0-9a-f:.]+\]|outbound connection refused/i;

/** Whether a platform's message carries network detail not for users. */
export function hasNetworkDetail(message: string): boolean {
  return NETWORK_DETAIL.test(message);
}

/** A gateway failure as the caller is told it (other errors pass through). */
export function fromGateway(err: unknown): unknown {
  if (!(err instanceof GatewayError)) return err;
  if (hasNetworkDetail(err.message)) {
    // The cause stays on the error for the server log; the user reads a plain message.
    return Object.assign(fail.conflict('platformUnreachable'), { cause: err });
  }
  switch (err.code) {
    case 'notHeld':
      return fail.conflict('accountBusyElsewhere');
    case 'noSession':
      return fail.conflict('needQrLogin');
    case 'notFound':
      return fail.notFound('workAccountNotFound');
    case 'expired':
      return fail.conflict('qrLoginNotFound');
    case 'invalid':
      return new AppError('invalid', 'platformFailed', { message: err.message });
    case 'notOnline':
      return fail.conflict('accountNotOnline');
    case 'unsupported':
    case 'notFriend':
    case 'notMember':
    case 'notOwner':
    case 'alreadyFriend':
    case 'tooLate':
    case 'failed':
      return fail.conflict('platformFailed', { message: err.message });
  }
}

/** Runs a gateway call, turning its failures into API errors. */
export async function viaGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw fromGateway(err);
  }
}
