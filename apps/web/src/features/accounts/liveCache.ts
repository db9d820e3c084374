import {
  workAccountStatusSchema,
  type AccountListResult,
  type FlushContactorPush,
  type SwitcherResult,
  type UserStatusChangedPush,
} from '@cst/shared';

/** A `userStatusChanged` push (the server adds the reason). */
export type StatusPush = UserStatusChangedPush & { reason?: string };

/**
 * The account list with one account's new status applied at once (row and counts per status);
 * the list is re-fetched right after for filters. Unknown statuses and accounts change nothing.
 */
export function applyStatusToList(list: AccountListResult, push: StatusPush): AccountListResult {
  const parsed = workAccountStatusSchema.safeParse(push.status);
  const row = list.list.find((r) => r.wxid === push.wxid);
  if (!parsed.success || !row || row.status === parsed.data) return list;
  const status = parsed.data;
  const counts = { ...list.counts };
  counts[row.status] = Math.max(0, (counts[row.status] ?? 0) - 1);
  counts[status] = (counts[status] ?? 0) + 1;
  return {
    ...list,
    counts,
    list: list.list.map((r) =>
      r.wxid === push.wxid
        ? {
            ...r,
            status,
            statusReason: push.reason ?? '',
            // A banned account has no keep-idle period to wait out.
            keepIdleUntil: status === 'banned' ? null : r.keepIdleUntil,
          }
        : r,
    ),
  };
}

/** The account list with the new contact and group counts of one account. */
export function applyContactsToList(
  list: AccountListResult,
  push: FlushContactorPush,
): AccountListResult {
  if (!list.list.some((r) => r.wxid === push.wxid)) return list;
  return {
    ...list,
    list: list.list.map((r) =>
      r.wxid === push.wxid
        ? { ...r, contactCount: push.contactCount, groupCount: push.groupCount }
        : r,
    ),
  };
}

/** The switcher data with one account's new status. */
export function applyStatusToSwitcher(data: SwitcherResult, push: StatusPush): SwitcherResult {
  const parsed = workAccountStatusSchema.safeParse(push.status);
  if (!parsed.success || !data.wxAccount.some((a) => a.wxid === push.wxid)) return data;
  return {
    ...data,
    wxAccount: data.wxAccount.map((a) =>
      a.wxid === push.wxid ? { ...a, status: parsed.data } : a,
    ),
  };
}
