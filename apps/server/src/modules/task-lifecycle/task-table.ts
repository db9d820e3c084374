/**
 * What the shared task lifecycle needs to know of a kind of task (mass send, friend adding): its
 * tables and the names that differ between them. The names are the code's own constants, never
 * input; they are written into the SQL as identifiers and literals, so a statement reads as it
 * did when each module wrote its own (the partial indexes on states still apply).
 */
export interface TaskTable {
  /** The tasks' table: id, tenant_id, status, reason_key, work_account_ids, started_at, updated_at. */
  tasks: 'bulk_send_tasks' | 'fan_tasks';
  /** The table of the tasks' rows: task_id, work_account_id, state. */
  rows: 'bulk_send_rows' | 'fan_task_rows';
  /** The column of the instant the task is to start (milliseconds). */
  startAt: 'send_at' | 'start_at';
  /** The row states in which a row still has work to do for its account. */
  openRowStates: readonly ('queued' | 'claimed' | 'outbox')[];
}

/** A task whose state a change of the lifecycle moved. */
export interface ChangedTask {
  id: string;
  tenant_id: string;
}
