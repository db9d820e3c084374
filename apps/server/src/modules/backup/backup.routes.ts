import type { FastifyInstance } from 'fastify';
import { backupStatus } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { access, defineRoute } from '../../platform/http.ts';

const BASE = '/system-api/system/backups';

/** The platform admin's backups: the last ones and their warning, and a backup now. */
export function registerBackupRoutes(app: FastifyInstance, deps: Uses<'backupRunner'>): void {
  const runner = deps.backupRunner;
  const tags = ['backups'];

  defineRoute(app, {
    method: 'GET',
    url: BASE,
    access: access.can('platform.backups'),
    tags,
    summary: 'The last backups (time, size, result), the schedule and its warning',
    response: backupStatus,
    handler: () => runner.status(),
  });

  defineRoute(app, {
    method: 'POST',
    url: BASE,
    access: access.can('platform.backups'),
    tags,
    summary: 'Ask for a backup now (the scheduler takes it; the list shows it when done)',
    response: backupStatus,
    handler: async () => {
      if (!runner.available) throw fail.invalid('backupUnavailable');
      // A run of the scheduler, as the schedule's: it survives a restart and is taken once.
      if (runner.running || !(await runner.request())) throw fail.conflict('backupRunning');
      return runner.status();
    },
  });
}
