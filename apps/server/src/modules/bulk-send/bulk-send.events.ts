import type { SendReceiptEvent } from '../../gateway/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AccountRef } from '../accounts/account-runtime.ts';
import type { MessageRow } from '../conversations/conversation.presenter.ts';
import { progressSoon } from './bulk-send.push.ts';
import { advanceRow, rowOfRequestId } from './bulk-send.queue.ts';

/**
 * The platform's answers move a task's rows: the outbox's dispatch (sent, or failed with the
 * platform's words) and the receipts (delivered, read, failed after acceptance: undelivered).
 * A row only moves forward, so answers arriving out of order do not undo each other. A crash
 * between the outbox's record and this one is mended by the job's upkeep (`reconcileOutbox`).
 */
export class BulkSendEvents {
  constructor(private readonly deps: Deps) {}

  /** A console message was handed to the platform (or refused). */
  async onDispatched(row: MessageRow): Promise<void> {
    const key = rowOfRequestId(row.requestId);
    if (!key) return;
    const moved = row.failed
      ? await advanceRow(this.deps.db, key, 'failed', {
          at: this.deps.now(),
          error: row.errMessage,
        })
      : await advanceRow(this.deps.db, key, 'sent', { at: this.deps.now() });
    if (moved) progressSoon(this.deps, moved.tenant_id, moved.task_id);
  }

  /** A receipt of a send. */
  async onReceipt(ev: SendReceiptEvent, _account: AccountRef): Promise<void> {
    const key = rowOfRequestId(ev.requestId);
    if (!key) return;
    const to = ev.status === 'failed' ? 'undelivered' : ev.status === 'sent' ? 'sent' : ev.status;
    const moved = await advanceRow(this.deps.db, key, to, { at: ev.at, error: ev.error });
    if (moved) progressSoon(this.deps, moved.tenant_id, moved.task_id);
  }
}
