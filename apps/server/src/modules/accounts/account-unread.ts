import type { Deps } from '../../platform/deps.ts';

/** Unread messages per work account id, for the switcher's `sessionWsList`. */
export type UnreadSource = (tenantId: string, accountIds: string[]) => Promise<Map<string, number>>;

const sources = new WeakMap<Deps, UnreadSource>();

/**
 * The seam through which the conversations feature supplies unread counts. Until it registers,
 * every account shows 0 unread.
 */
export function registerUnreadSource(deps: Deps, source: UnreadSource): void {
  sources.set(deps, source);
}

/** Unread counts of accounts (0 for each when no source is registered). */
export async function unreadOf(
  deps: Deps,
  tenantId: string,
  accountIds: string[],
): Promise<Map<string, number>> {
  const source = sources.get(deps);
  if (!source || accountIds.length === 0) return new Map();
  return source(tenantId, accountIds);
}
