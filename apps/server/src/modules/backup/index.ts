// The backup module's front door (docs/operations.md).
export { upgradeSafely, NewerDatabaseError } from './upgrade.ts';
export { backupModule } from './backup.module.ts';
