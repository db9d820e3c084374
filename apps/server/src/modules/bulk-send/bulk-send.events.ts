import type { SendReceiptEvent } from '../../gateway/index.ts';
import { Batcher } from '../../platform/batcher.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AccountRef } from '../accounts/index.ts';
import type { MessageRow } from '../conversations/index.ts';
import { bulkPushes } from './bulk-send.push.ts';
import { advanceRows, rowOfRequestId, type RowAnswer } from './bulk-send-rows.repository.ts';

/**
 * The platform's answers move a task's rows: the outbox's dispatch (sent, or failed with the
 * platform's words) and the receipts (delivered, read, failed after acceptance: undelivered).
 * A row only moves forward, so answers arriving out of order do not undo each other. Answers that
 * arrive while a write runs go out together in one statement (group commit): a send brings four
 * (its dispatch and three receipts). A crash between the outbox's record and this one is mended
 * by the job's upkeep (`reconcileOutbox`).
 */
export class BulkSendEvents {
  private readonly writer: Batcher<RowAnswer, void>;

  constructor(private readonly deps: Uses<'realtime' | 'taskTimers'>) {
    this.writer = new Batcher<RowAnswer, void>(async (answers) => {
      for (const t of await advanceRows(this.deps.db, answers)) {
        bulkPushes.progressSoon(this.deps, t.tenant_id, t.task_id);
      }
      return answers.map(() => undefined);
    });
  }

  /** A console message was handed to the platform (or refused). */
  async onDispatched(row: MessageRow): Promise<void> {
    const key = rowOfRequestId(row.requestId);
    if (!key) return;
    await this.writer.call(
      row.failed
        ? { ...key, to: 'failed', at: this.deps.now(), error: row.errMessage }
        : { ...key, to: 'sent', at: this.deps.now(), error: null },
    );
  }

  /** A receipt of a send. */
  async onReceipt(ev: SendReceiptEvent, _account: AccountRef): Promise<void> {
    const key = rowOfRequestId(ev.requestId);
    if (!key) return;
    const to = ev.status === 'failed' ? 'undelivered' : ev.status === 'sent' ? 'sent' : ev.status;
    await this.writer.call({ ...key, to, at: ev.at, error: ev.error ?? null });
  }
}
