import type { BackupStatus, RetentionSettings } from '@cst/shared';
import { systemApi } from '../../lib/http/clients.ts';

const BACKUPS = '/system-api/system/backups';
const RETENTION = '/system-api/system/retention';

/** Query keys of backups and retention. */
export const backupKeys = {
  status: ['backups', 'status'] as const,
  retention: ['retention'] as const,
};

/** The platform admin's backups and the manager's retention. */
export const backupApi = {
  status: () => systemApi.get<BackupStatus>(BACKUPS),
  start: () => systemApi.post<BackupStatus>(BACKUPS, {}),
  retention: () => systemApi.get<RetentionSettings>(RETENTION),
  saveRetention: (body: RetentionSettings) => systemApi.post<RetentionSettings>(RETENTION, body),
};
