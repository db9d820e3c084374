import type { Uses } from '../../platform/deps.ts';

/** Unread messages per work account id, for the switcher's `sessionWsList`. */
export type UnreadSource = (tenantId: string, accountIds: string[]) => Promise<Map<string, number>>;

/** Where a server instance's unread counts come from (built once, modules/services.ts). */
export interface UnreadCounts {
  source: UnreadSource | null;
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The unread counts of work accounts, as the conversations feature supplies them. */
    unread: UnreadCounts;
  }
}

/**
 * The seam through which the conversations feature supplies unread counts. Until it registers,
 * every account shows 0 unread.
 */
export function registerUnreadSource(deps: Uses<'unread'>, source: UnreadSource): void {
  deps.unread.source = source;
}

/** Unread counts of accounts (0 for each when no source is registered). */
export async function unreadOf(
  deps: Uses<'unread'>,
  tenantId: string,
  accountIds: string[],
): Promise<Map<string, number>> {
  const { source } = deps.unread;
  if (!source || accountIds.length === 0) return new Map();
  return source(tenantId, accountIds);
}
