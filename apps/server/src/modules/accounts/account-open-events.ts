import type { QrPush, UserStatusChangedPush, WorkAccountStatus } from '@cst/shared';
import type { Db, Tx } from '../../platform/db.ts';
import { recordEvent, recordEvents, type OpenEventInput } from '../webhooks/index.ts';
import * as repo from './account.repository.ts';
import type { WorkAccountRow } from './account.repository.ts';

// The open-platform events of work accounts (docs/open-platform.md), each recorded in the
// transaction of its change: `account.status` (data: the `userStatusChanged` push) and
// `account.qr` (data: the `qr` push of a QR login's code).

type StatusRow = Pick<WorkAccountRow, 'id' | 'tenantId' | 'wxid' | 'status' | 'statusReason'>;

/** The `account.status` event of an account's new status. */
export function statusEvent(row: StatusRow, occurredAt?: number): OpenEventInput {
  const data: UserStatusChangedPush & { reason: string } = {
    wxid: row.wxid,
    status: row.status,
    reason: row.statusReason,
  };
  return {
    tenantId: row.tenantId,
    workAccountId: row.id,
    event: 'account.status',
    data,
    occurredAt,
  };
}

/** Records `account.status` of accounts whose status changed (in the change's transaction). */
export function recordStatusEvents(tx: Tx, rows: StatusRow[]): Promise<void> {
  return recordEvents(
    tx,
    rows.map((r) => statusEvent(r)),
  );
}

/**
 * Sets an account's status when it differs (repo.setStatus) and records `account.status` in the
 * same transaction; returns the row when it changed.
 */
export function setStatusWithEvent(
  db: Db,
  id: string,
  status: WorkAccountStatus,
  reason: string,
  at: Date,
  onlyFrom?: readonly WorkAccountStatus[],
) {
  return db.transaction(async (tx) => {
    const row = await repo.setStatus(tx, id, status, reason, at, onlyFrom);
    if (row) await recordEvent(tx, statusEvent(row, at.getTime()));
    return row;
  });
}

/** The `account.qr` event of a QR login's code (its work account is not known yet). */
export function qrEvent(tenantId: string, data: QrPush): OpenEventInput {
  return { tenantId, workAccountId: null, event: 'account.qr', data };
}
