import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * One backup to take, whatever asked for it (the schedule, the platform admin's button): work of
 * the one scheduler (modules/backup, docs/operations.md). A run is claimed with
 * `FOR UPDATE SKIP LOCKED` and leased to one server (the lease renewed while the archive is
 * written); `key` is its idempotency key (`schedule:<slot>`, `console:<uuid>`) and `file` the
 * archive's name in BACKUP_DIR, fixed when it is asked for: a run claimed again after a crash
 * finds the archive there when it was complete, and only records it. Times are epoch ms of the
 * server's clock.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    trigger: text('trigger', { enum: ['schedule', 'console'] }).notNull(),
    file: text('file').notNull(),
    state: text('state', { enum: ['queued', 'claimed', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    requestedAt: bigint('requested_at', { mode: 'number' }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    finishedAt: bigint('finished_at', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backup_runs_state').on(t.state, t.requestedAt)],
);
