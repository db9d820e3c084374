import { z } from 'zod';

/** What started a backup: the schedule, the console, `npm run backup`, or an upgrade. */
export const backupTrigger = z.enum(['schedule', 'console', 'command', 'upgrade']);
export type BackupTrigger = z.infer<typeof backupTrigger>;

/** One backup the server took (or tried to). */
export const backupEntry = z.object({
  /** When it finished (epoch ms). */
  at: z.number(),
  /** The archive's file name in BACKUP_DIR (or the path given to `npm run backup`). */
  file: z.string(),
  /** Its size in bytes (0 when it failed). */
  size: z.number(),
  ok: z.boolean(),
  error: z.string().nullable(),
  trigger: backupTrigger,
  /** How long it took. */
  ms: z.number(),
});
export type BackupEntry = z.infer<typeof backupEntry>;

/** The platform admin's view of the backups (docs/operations.md). */
export const backupStatus = z.object({
  /** Scheduled backups run here (the embedded database in a folder, BACKUP_EVERY not off). */
  scheduled: z.boolean(),
  /** The console can take one now (the embedded database in a folder). */
  available: z.boolean(),
  everyMs: z.number().nullable(),
  keep: z.number(),
  dir: z.string(),
  running: z.boolean(),
  /** `failed`: the last backup failed; `overdue`: none succeeded for two periods. */
  warning: z.enum(['failed', 'overdue']).nullable(),
  /** The last backups, newest first. */
  entries: z.array(backupEntry),
});
export type BackupStatus = z.infer<typeof backupStatus>;

/** Messages of backups and retention. */
export const backupMessages = {
  backupUnavailable: {
    'zh-CN':
      '此服务器不能在控制台中备份：仅内置数据库（DATA_DIR 文件夹）支持；PostgreSQL 请使用 npm run backup',
    en: 'This server cannot back up from the console: only the embedded database (a DATA_DIR folder) can; on PostgreSQL use npm run backup',
  },
  backupRunning: {
    'zh-CN': '已有一个备份正在进行',
    en: 'A backup is already running',
  },
} as const;

/** A tenant's retention (manager setting): days of messages kept, null to keep everything. */
export const retentionSettings = z.object({
  days: z.number().int().min(1).max(36_500).nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;
