import {
  translate,
  WS_EVENTS,
  type AccountRisk,
  type AccountRiskPush,
  type Language,
} from '@cst/shared';
import type { RiskSignalEvent } from '../../gateway/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AccountRef } from './account-ref.ts';
import { emitAccountRisk } from './account-risk-events.ts';
import { accountsAtDanger, lockRiskOf, resetRisk, setRisk } from './account.repository.ts';

/**
 * Ban risk (issue 34): the platform's signals — sends refused as too fast (429/463), other refused
 * sends, closes that tell of a ban — add weight to the account's score within a window; the score
 * sets the risk. At danger the scheduler and the outbox hold the account's mass-send,
 * friend-adding, robot and API sends (people's own sends still go) and the tasks of the account
 * turn `paused` with the reason (`account.risk` event); only a person brings the account back to
 * normal (`resumeRisk`), which lets those tasks go on. Caution wears off with the window.
 */
export const RISK_WINDOW_MS = 3600_000;
export const RISK_WEIGHT: Record<RiskSignalEvent['kind'], number> = {
  rateLimit: 3,
  sendFailed: 1,
  disconnect: 6,
};
export const CAUTION_AT = 3;
export const DANGER_AT = 6;

/** The risk a score gives (danger stays until a person resumes). */
export function riskOf(score: number, before: AccountRisk): AccountRisk {
  if (before === 'danger' || score >= DANGER_AT) return 'danger';
  if (score >= CAUTION_AT) return 'caution';
  return 'normal';
}

/** Records a risk signal; pushes the account's risk when it changed. */
export async function onRiskSignal(
  deps: Uses<'realtime' | 'riskHandlers'>,
  ev: RiskSignalEvent,
  account: AccountRef,
): Promise<void> {
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const row = await lockRiskOf(tx, account.id);
    if (!row) return null;
    const fresh = row.riskAt !== null && now - row.riskAt.getTime() < RISK_WINDOW_MS;
    const score = (fresh ? row.riskScore : 0) + RISK_WEIGHT[ev.kind];
    const risk = riskOf(score, row.risk);
    const reason = ev.reason.slice(0, 200);
    await setRisk(tx, account.id, {
      riskScore: score,
      riskAt: new Date(now),
      risk,
      // The reason of the level reached stays (a later weaker signal does not replace it).
      ...(risk !== row.risk || risk === 'normal' ? { riskReason: reason } : {}),
    });
    return risk !== row.risk ? { risk, reason } : null;
  });
  if (!changed) return;
  await publishRisk(deps, account, changed.risk, changed.reason);
  await emitAccountRisk(deps, {
    tenantId: account.tenantId,
    accountId: account.id,
    wxid: account.wxid,
    risk: changed.risk,
    reason: changed.reason,
    by: null,
  });
}

/** A person resumes accounts: risk back to normal, their held automated sends go on. */
export async function resumeRisk(db: DbOrTx, ids: string[]): Promise<void> {
  for (const id of ids) await resetRisk(db, id);
}

/**
 * Pushes `accountRisk` to everyone who sees the account (its managers see every account of the
 * tenant, so they are told when it reaches danger).
 */
export async function publishRisk(
  deps: Uses<'realtime'>,
  account: Pick<AccountRef, 'id' | 'tenantId' | 'wxid'>,
  risk: AccountRisk,
  reason: string,
): Promise<void> {
  const data: AccountRiskPush = { wxid: account.wxid, risk, reason, paused: risk === 'danger' };
  await deps.realtime.publish(account.tenantId, {
    event: WS_EVENTS.accountRisk,
    data,
    workAccountId: account.id,
  });
}

/** The reason key of a task paused because one of its accounts reached 危险. */
export const RISK_PAUSE_REASON = 'taskPausedRisk';

/**
 * Why each task is paused for risk, in the reader's language: the task's accounts at 危险 now, in
 * the task's order, and the platform's words (a plain sentence once none is). One query for all
 * the tasks (a page of a task list), by task id.
 */
export async function riskPauseTexts(
  db: DbOrTx,
  tenantId: string,
  tasks: { id: string; workAccountIds: string[] }[],
  lang: Language,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (tasks.length === 0) return out;
  const rows = await accountsAtDanger(db, tenantId, [
    ...new Set(tasks.flatMap((t) => t.workAccountIds)),
  ]);
  const atDanger = new Map(rows.map((r) => [r.id, r]));
  for (const t of tasks) {
    const mine = t.workAccountIds.flatMap((id) => atDanger.get(id) ?? []);
    out.set(t.id, riskPauseText(mine, lang));
  }
  return out;
}

/** The reason of a task paused for risk whose accounts at 危险 are `rows`. */
function riskPauseText(
  rows: { wxid: string; nickname: string; riskReason: string }[],
  lang: Language,
): string {
  if (rows.length === 0) return translate('taskPausedRiskPlain', lang);
  const names = rows.slice(0, 5).map((r) => r.nickname || r.wxid);
  const reasons = [...new Set(rows.map((r) => r.riskReason).filter(Boolean))];
  return translate(RISK_PAUSE_REASON, lang, {
    names: rows.length > 5 ? `${names.join('、')}…` : names.join('、'),
    reason: reasons.join('; '),
  });
}
