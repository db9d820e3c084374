import type { AutoAgreeItem, AutoAgreeReplyItem, KeywordRuleItem, TalkType } from '@cst/shared';
import { AUTO_AGREE_DEFAULTS } from '@cst/shared';
import type { AutoAcceptRow, GreetingRow, KeywordRuleRow } from './robots.repository.ts';

/** A rule as the list shows it; account ids become platform ids. */
export function presentRule(row: KeywordRuleRow, wxidOf: Map<string, string>): KeywordRuleItem {
  return {
    id: row.id,
    keywords: row.keywords,
    matchMode: row.matchMode,
    scope: {
      workWxids: row.accountIds.flatMap((id) => {
        const w = wxidOf.get(id);
        return w ? [w] : [];
      }),
      talkTypes: row.talkTypes.filter((t): t is TalkType => t === 1 || t === 2),
      mentionOnly: row.mentionOnly,
    },
    replies: row.replies,
    enabled: row.enabled,
    priority: row.priority,
    cooldownSec: row.cooldownSec,
    hits: row.hits,
    lastHitAt: row.lastHitAt,
    createdAt: row.createdAt.getTime(),
  };
}

/** Auto-accept settings as read (the defaults when nothing is saved). */
export function presentAutoAccept(
  row: AutoAcceptRow | null,
  workWxid: string | null,
  inherited: boolean,
  acceptedToday: number,
): AutoAgreeItem {
  const v = row ?? { ...AUTO_AGREE_DEFAULTS };
  return {
    workWxid,
    enabled: v.enabled,
    keywords: v.keywords,
    delayMinSec: v.delayMinSec,
    delayMaxSec: v.delayMaxSec,
    dailyCap: v.dailyCap,
    tagIds: v.tagIds,
    inherited,
    acceptedToday,
  };
}

/** A greeting as read (no messages when none is saved). */
export function presentGreeting(
  row: GreetingRow | null,
  workWxid: string | null,
  inherited: boolean,
): AutoAgreeReplyItem {
  return {
    workWxid,
    enabled: row?.enabled ?? false,
    messages: row?.messages ?? [],
    intervalSec: row?.intervalSec ?? 3,
    inherited,
  };
}
