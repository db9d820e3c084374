import type { Uses } from '../../platform/deps.ts';
import { job, type ServerModule } from '../module.ts';
import { controlSocketOf, FolderInUseError, listenControl } from './backup-control.ts';
import { backupRunJob, backupScheduleJob } from './backup.job.ts';
import { registerBackupRoutes } from './backup.routes.ts';

/**
 * Backups (docs/operations.md): the scheduled job, the platform admin's routes, and, on the
 * embedded database, the control socket through which `npm run backup` asks this server for one.
 */
export function backupModule(deps: Uses<'backupRunner'>): ServerModule {
  const runner = deps.backupRunner;
  let closeControl: (() => Promise<void>) | null = null;
  return {
    name: 'backup',
    jobs: [job(backupScheduleJob(deps)), job(backupRunJob(deps))],
    routes: (app) => registerBackupRoutes(app, deps),
    async start() {
      if (!runner.available) return;
      const socket = controlSocketOf(deps.config.dataDir);
      try {
        closeControl = await listenControl(socket, async (req) => {
          if (req.op === 'status') return { running: true };
          if (req.op !== 'backup' || typeof req.out !== 'string') throw new Error('bad request');
          return runner.run('command', req.out, req.copyObjects);
        });
      } catch (err) {
        if (err instanceof FolderInUseError) throw err;
        // Serving matters more: without the socket `npm run backup` says no server answers.
        deps.log.warn({ err, socket }, 'backup control socket not listening');
      }
    },
    async stop() {
      await closeControl?.();
    },
  };
}
