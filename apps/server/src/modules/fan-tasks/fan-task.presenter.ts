import {
  FRIEND_REQUEST_STATUS,
  isMessageKey,
  translate,
  type FanRowState,
  type FanTaskCounts,
  type FanTaskItem,
  type FanTaskRowItem,
  type Language,
} from '@cst/shared';
import type { CountRow, FanRowWithAccount, FanTaskRow } from './fan-task.repository.ts';

/** A row's id on the wire and its idempotency key: its task and its place in the list. */
export function rowKey(taskId: string, seq: number): string {
  return `${taskId}:${seq}`;
}

/** Counts with nothing in them. */
export function emptyCounts(): FanTaskCounts {
  return {
    total: 0,
    waiting: 0,
    sending: 0,
    requested: 0,
    added: 0,
    failed: 0,
    alreadyFriend: 0,
    skipped: 0,
  };
}

/** Counts per task from the grouped rows. */
export function toCounts(rows: CountRow[]): Map<string, FanTaskCounts> {
  const out = new Map<string, FanTaskCounts>();
  for (const r of rows) {
    let c = out.get(r.task_id);
    if (!c) out.set(r.task_id, (c = emptyCounts()));
    const n = Number(r.n);
    c.total += n;
    if (r.state === 'queued') c.waiting += n;
    else if (r.state === 'claimed') c.sending += n;
    else if (r.state === 'skipped') c.skipped += n;
    else if (r.status === FRIEND_REQUEST_STATUS.requested) c.requested += n;
    else if (r.status === FRIEND_REQUEST_STATUS.succeeded) c.added += n;
    else if (r.status === FRIEND_REQUEST_STATUS.alreadyFriend) c.alreadyFriend += n;
    else c.failed += n;
  }
  return out;
}

/** A message key's text in the reader's language, or the stored text. */
function reasonText(key: string | null, text: string, lang: Language): string | undefined {
  if (key && isMessageKey(key)) return translate(key, lang);
  return text || undefined;
}

/** A task of the list. */
export function toTaskItem(
  t: FanTaskRow,
  wxids: ReadonlyMap<string, string>,
  counts: FanTaskCounts,
  lang: Language,
): FanTaskItem {
  const reason = reasonText(t.reasonKey, '', lang);
  return {
    taskId: t.id,
    taskName: t.name,
    status: t.status,
    workWxids: t.workAccountIds.flatMap((id) => {
      const w = wxids.get(id);
      return w ? [w] : [];
    }),
    greeting: t.greeting,
    intervalSec: t.intervalSec,
    jitterSec: t.jitterSec,
    dailyCap: t.dailyCap,
    rowsPerPull: t.rowsPerPull,
    startType: t.startType,
    startAt: t.startType === 'scheduled' ? t.startAt : null,
    includeTried: t.includeTried,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    endedAt: t.endedAt,
    ...(reason ? { reason } : {}),
    counts,
  };
}

const ROW_STATE: Record<FanRowWithAccount['state'], FanRowState> = {
  queued: 'waiting',
  claimed: 'sending',
  done: 'done',
  skipped: 'skipped',
};

/** The wire row-state filter as stored states. */
export function storedStates(state: FanRowState): FanRowWithAccount['state'][] {
  return (Object.keys(ROW_STATE) as FanRowWithAccount['state'][]).filter(
    (k) => ROW_STATE[k] === state,
  );
}

/** A row of a task. */
export function toRowItem(r: FanRowWithAccount, greeting: string, lang: Language): FanTaskRowItem {
  const reason =
    r.reasonKey === 'fanTooManyAttempts'
      ? translate('fanTooManyAttempts', lang, { reason: r.reason })
      : reasonText(r.reasonKey, r.reason, lang);
  return {
    id: rowKey(r.taskId, r.seq),
    seq: r.seq,
    target: r.target,
    greeting: r.greeting || greeting,
    remark: r.remark ?? '',
    tagIds: r.tagIds ?? [],
    workWxid: r.workWxid,
    wxid: r.wxid,
    nickname: r.nickname,
    state: ROW_STATE[r.state],
    status: r.status ?? null,
    ...(reason ? { reason } : {}),
    claimedAt: r.claimedAt,
    sentAt: r.sentAt,
    settledAt: r.settledAt,
  };
}
