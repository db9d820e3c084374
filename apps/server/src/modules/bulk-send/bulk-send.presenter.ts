import {
  BULK_SEND_STATES,
  BULK_DEFAULT_SETTINGS,
  isMessageKey,
  translate,
  type BulkDetailItem,
  type BulkSendState,
  type BulkSettings,
  type BulkStateCounts,
  type BulkTaskItem,
  type Language,
  type PacingNumbers,
} from '@cst/shared';
import type { BulkDraft, BulkSettingsRow, BulkTaskRow, DetailRow } from './bulk-send.repository.ts';

/** A message key's text in the reader's language, or the stored text. */
function reasonText(key: string | null, text: string | null, lang: Language): string | undefined {
  if (key && isMessageKey(key)) return translate(key, lang);
  return text || undefined;
}

/** Every send state with its count (0 when none). */
function fullCounts(c: Partial<Record<BulkSendState, number>> | undefined): BulkStateCounts {
  const out = {} as BulkStateCounts;
  for (const s of BULK_SEND_STATES) out[s] = c?.[s] ?? 0;
  return out;
}

/** A task of the list with its counts by send state. */
export function toTaskItem(
  t: BulkTaskRow,
  counts: Partial<Record<BulkSendState, number>> | undefined,
  wxids: ReadonlyMap<string, string>,
  lang: Language,
): BulkTaskItem {
  const c = fullCounts(counts);
  const total = BULK_SEND_STATES.reduce((n, s) => n + c[s], 0);
  const reason = reasonText(t.reasonKey, null, lang);
  return {
    taskId: t.id,
    taskName: t.name,
    taskType: t.taskType,
    status: t.status,
    sendType: t.sendType,
    sendAt: t.sendType === 'scheduled' ? t.sendAt : null,
    startAt: t.startedAt,
    endAt: t.endedAt,
    total,
    sent: c.sent + c.delivered + c.read + c.noReceipt,
    failed: c.failed + c.undelivered,
    pending: c.toBeSent + c.awaitingReceipt,
    targets: t.targets,
    messageCount: t.messages.length,
    workWxids: t.workAccountIds.flatMap((id) => {
      const w = wxids.get(id);
      return w ? [w] : [];
    }),
    createdAt: t.createdAt,
    ...(reason ? { reason } : {}),
    counts: c,
  };
}

/** One send of the details. */
export function toDetailItem(r: DetailRow, drafts: BulkDraft[], lang: Language): BulkDetailItem {
  const error = reasonText(r.error_key, r.error, lang);
  return {
    workWxid: r.work_wxid,
    targetWxid: r.target,
    targetName: r.target_name,
    state: r.state,
    ...(error ? { error } : {}),
    ...(r.sent_at !== null ? { sentAt: Number(r.sent_at) } : {}),
    messageIndex: r.msg_index + 1,
    messageKind: drafts[r.msg_index]?.kind ?? 'text',
  };
}

/** Settings as stored, or the defaults (the platform's human pacing, else SPEC §9's) when none. */
export function toSettings(
  row: BulkSettingsRow | null,
  defaults: PacingNumbers | null = null,
): BulkSettings {
  if (!row) return { ...BULK_DEFAULT_SETTINGS, ...defaults };
  return {
    channel: row.channel === 2 ? 2 : row.channel === 3 ? 3 : 1,
    dailyCapPerAccount: row.dailyCap,
    messageIntervalSec: row.messageIntervalSec,
    fanIntervalSec: row.fanIntervalSec,
    perRoundCount: row.perRoundCount,
    groupIntervalSec: row.groupIntervalSec,
    groupDailyCap: row.groupDailyCap,
    jitterSec: row.jitterSec,
    quietHours:
      row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}
