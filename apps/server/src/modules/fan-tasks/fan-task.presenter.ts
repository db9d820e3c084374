import {
  isMessageKey,
  translate,
  type FanRowState,
  type FanTaskCounts,
  type FanTaskItem,
  type FanTaskRowItem,
  type Language,
} from '@cst/shared';
import type { FanRowWithAccount, FanTaskRow } from './fan-task.repository.ts';

/** A row's id on the wire and its idempotency key: its task and its place in the list. */
export function rowKey(taskId: string, seq: number): string {
  return `${taskId}:${seq}`;
}

/** The live counts a task keeps of its rows. */
export function countsOf(t: FanTaskRow): FanTaskCounts {
  return {
    total: t.nTotal,
    waiting: t.nWaiting,
    sending: t.nSending,
    requested: t.nRequested,
    added: t.nAdded,
    failed: t.nFailed,
    alreadyFriend: t.nAlreadyFriend,
    skipped: t.nSkipped,
  };
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
    counts: countsOf(t),
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
    workName: r.workName,
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
