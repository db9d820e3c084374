import { GatewayError } from '../../gateway/index.ts';
import { AppError, fail } from '../../platform/errors.ts';

/** A gateway failure as the caller is told it (other errors pass through). */
export function fromGateway(err: unknown): unknown {
  if (!(err instanceof GatewayError)) return err;
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
