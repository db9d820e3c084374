import { sql } from 'drizzle-orm';
import { BULK_MAX_TARGETS, type BulkTargets } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import type { PlannedRow } from './bulk-send.repository.ts';

/** A target found for a task: who sends to whom. */
interface Found {
  account_id: string;
  wxid: string;
  name: string;
}

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** Friends (or groups) of the accounts the targets name, in the accounts' order. */
async function find(
  db: DbOrTx,
  tenantId: string,
  accountIds: string[],
  taskType: 'friends' | 'groups',
  targets: BulkTargets,
): Promise<Found[]> {
  const order = sql`array_position(${uuids(accountIds)}, x.account_id)`;
  if (taskType === 'groups') {
    const only =
      targets.mode === 'all' ? sql`` : sql`and g.group_id = any(${sql.param(targets.wxids ?? [])})`;
    return rowsOf<Found>(
      await db.execute(sql`
        select * from (
          select g.work_account_id as account_id, g.group_id as wxid, g.name, g.created_at
          from chat_groups g
          where g.tenant_id = ${tenantId} and g.work_account_id = any(${uuids(accountIds)}) ${only}
        ) x
        order by ${order}, x.created_at nulls last, x.wxid
        limit ${BULK_MAX_TARGETS * 2}`),
    );
  }
  let only = sql``;
  if (targets.mode === 'tags') {
    only = sql`and exists (
      select 1 from contact_tags ct
      where ct.contact_id = c.id and ct.tenant_id = ${tenantId}
        and ct.tag_id = any(${uuids(targets.tagIds ?? [])}))`;
  } else if (targets.mode === 'list') {
    only = sql`and c.wxid = any(${sql.param(targets.wxids ?? [])})`;
  }
  return rowsOf<Found>(
    await db.execute(sql`
      select * from (
        select c.work_account_id as account_id, c.wxid,
               coalesce(nullif(c.remark, ''), c.nickname) as name, c.added_at
        from contacts c
        where c.tenant_id = ${tenantId} and c.work_account_id = any(${uuids(accountIds)}) ${only}
      ) x
      order by ${order}, x.added_at nulls last, x.wxid
      limit ${BULK_MAX_TARGETS * 2}`),
  );
}

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
  const found = await find(db, tenantId, accountIds, taskType, targets);
  const byTarget = new Map<string, Found>();
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
