import { BULK_MAX_TARGETS, type BulkTargets } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import { findTargets, type FoundTarget, type PlannedRow } from './bulk-send.repository.ts';

/**
 * Plans a task's sends before anything is sent: each target once (a friend of two chosen
 * accounts is sent to by the first of them), one row per target and message, a target's rows
 * consecutive. Ids of a chosen list that no chosen account has become failed rows saying so.
 */
export async function planTargets(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  taskType: 'friends' | 'groups',
  targets: BulkTargets,
  messageCount: number,
): Promise<{ rows: PlannedRow[]; targets: number }> {
  if (taskType === 'friends' && targets.mode === 'groups') throw fail.invalid('bulkListRequired');
  const found = await findTargets(db, tenantId, accountIds, taskType, targets);
  const byTarget = new Map<string, FoundTarget>();
  for (const f of found) if (!byTarget.has(f.wxid)) byTarget.set(f.wxid, f);
  const talkType = taskType === 'groups' ? 2 : 1;
  const chosen: { accountId: string; wxid: string; name: string; errorKey: string | null }[] = [];
  if (targets.mode === 'list' || targets.mode === 'groups') {
    const missing = taskType === 'groups' ? 'bulkNotInGroup' : 'bulkNotFriend';
    for (const wxid of new Set(targets.wxids ?? [])) {
      const f = byTarget.get(wxid);
      chosen.push(
        f
          ? { accountId: f.account_id, wxid, name: f.name, errorKey: null }
          : { accountId: accountIds[0]!, wxid, name: '', errorKey: missing },
      );
    }
  } else {
    for (const f of byTarget.values()) {
      chosen.push({ accountId: f.account_id, wxid: f.wxid, name: f.name, errorKey: null });
    }
  }
  if (chosen.every((c) => c.errorKey !== null)) throw fail.invalid('bulkNoTargets');
  if (chosen.length > BULK_MAX_TARGETS) throw fail.invalid('bulkNoTargets');
  const rows: PlannedRow[] = [];
  for (const c of chosen) {
    for (let i = 0; i < messageCount; i++) {
      rows.push({
        workAccountId: c.accountId,
        target: c.wxid,
        targetName: c.name,
        talkType,
        msgIndex: i,
        errorKey: c.errorKey,
      });
    }
  }
  return { rows, targets: chosen.length };
}
