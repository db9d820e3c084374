import type { Uses } from '../../platform/deps.ts';

/** What a guard sees of a seat's text send. */
export interface GuardedSend {
  tenantId: string;
  text: string;
  /** The seat confirmed sending despite a warning (`confirmSensitive`). */
  confirmed: boolean;
}

/** A feature's check of a seat's text before it is stored: throws an AppError to refuse it. */
export type SendGuard = (send: GuardedSend) => Promise<void>;

declare module '../../platform/deps.ts' {
  interface Services {
    /** The checks of seats' text sends of a server instance (built once, modules/services.ts). */
    sendGuards: Set<SendGuard>;
  }
}

/** Registers a check of seats' text sends (e.g. the sensitive words' confirm and block modes). */
export function registerSendGuard(deps: Uses<'sendGuards'>, guard: SendGuard): () => void {
  const set = deps.sendGuards;
  set.add(guard);
  return () => set.delete(guard);
}

/** Runs the checks of a seat's text send; the first refusal is thrown. */
export async function guardSend(deps: Uses<'sendGuards'>, send: GuardedSend): Promise<void> {
  for (const guard of deps.sendGuards) await guard(send);
}
