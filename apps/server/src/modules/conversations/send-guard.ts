import type { Deps } from '../../platform/deps.ts';

/** What a guard sees of a seat's text send. */
export interface GuardedSend {
  tenantId: string;
  text: string;
  /** The seat confirmed sending despite a warning (`confirmSensitive`). */
  confirmed: boolean;
}

/** A feature's check of a seat's text before it is stored: throws an AppError to refuse it. */
export type SendGuard = (send: GuardedSend) => Promise<void>;

const registry = new WeakMap<Deps, Set<SendGuard>>();

/** Registers a check of seats' text sends (e.g. the sensitive words' confirm and block modes). */
export function registerSendGuard(deps: Deps, guard: SendGuard): () => void {
  let set = registry.get(deps);
  if (!set) registry.set(deps, (set = new Set()));
  set.add(guard);
  return () => set.delete(guard);
}

/** Runs the checks of a seat's text send; the first refusal is thrown. */
export async function guardSend(deps: Deps, send: GuardedSend): Promise<void> {
  for (const guard of registry.get(deps) ?? []) await guard(send);
}
