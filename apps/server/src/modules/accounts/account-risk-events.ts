import type { AccountRisk } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';

/** A work account's ban risk changed (after the commit). */
export interface AccountRiskEvent {
  tenantId: string;
  accountId: string;
  wxid: string;
  risk: AccountRisk;
  /** The platform's words for the level reached ('' when back to normal). */
  reason: string;
  /** The person who resumed the account, or null when the platform's signals changed it. */
  by: string | null;
}

export type AccountRiskHandler = (event: AccountRiskEvent) => void | Promise<void>;

declare module '../../platform/deps.ts' {
  interface Services {
    /** The handlers of risk changes of a server instance (built once, modules/services.ts). */
    riskHandlers: Set<AccountRiskHandler>;
  }
}

/**
 * Registers a handler of risk changes (modules declare it under `on['account.risk']`): the
 * features whose automated sends an account at 危险 holds pause and resume their tasks by it.
 */
export function onAccountRisk(deps: Uses<'riskHandlers'>, handler: AccountRiskHandler): () => void {
  const set = deps.riskHandlers;
  set.add(handler);
  return () => set.delete(handler);
}

/** Runs the handlers of a risk change; a failing handler is logged. */
export async function emitAccountRisk(
  deps: Uses<'riskHandlers'>,
  event: AccountRiskEvent,
): Promise<void> {
  for (const handler of deps.riskHandlers) {
    try {
      await handler(event);
    } catch (err) {
      deps.log.error({ err, accountId: event.accountId }, 'account risk handler failed');
    }
  }
}
