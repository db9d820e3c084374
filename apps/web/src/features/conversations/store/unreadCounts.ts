import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { conversationsApi } from '../api.ts';

/** Quiet time after the last unread change before the counts are checked with the server. */
const RECONCILE_AFTER_MS = 700;

let changes = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Moves one work account's unread count (never below 0) and checks with the server soon. */
export function addAccountUnread(wxid: string, delta: number): void {
  if (delta !== 0) {
    const s = useWorkAccounts.getState();
    const now = s.sessionWsList.find((x) => x.wxid === wxid)?.unRead ?? 0;
    s.setUnread(wxid, now + delta);
  }
  reconcileUnreadSoon();
}

/** Sets the unread of one account, or of every account (null), to zero. */
export function zeroAccountUnread(wxid: string | null): void {
  const s = useWorkAccounts.getState();
  for (const a of s.sessionWsList) if (wxid === null || a.wxid === wxid) s.setUnread(a.wxid, 0);
  reconcileUnreadSoon();
}

/**
 * Re-reads the per-account counts from the server once changes have been quiet for a moment:
 * the counts move at once with each push, and this corrects any drift (pushes that raced the
 * first read, conversations never loaded). A result that a newer change overtook is dropped.
 */
export function reconcileUnreadSoon(delayMs = RECONCILE_AFTER_MS): void {
  changes += 1;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void reconcileUnread();
  }, delayMs);
}

/** Reads the per-account counts from the server now. */
export async function reconcileUnread(): Promise<void> {
  const at = changes;
  let summary;
  try {
    summary = await conversationsApi.unread();
  } catch {
    return;
  }
  if (at !== changes) return;
  const s = useWorkAccounts.getState();
  const counts = new Map(summary.accounts.map((a) => [a.wxid, a.unRead]));
  for (const a of s.sessionWsList) if (!counts.has(a.wxid)) s.setUnread(a.wxid, 0);
  for (const [wxid, n] of counts) s.setUnread(wxid, n);
}
