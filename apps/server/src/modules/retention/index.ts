// The retention module's front door (docs/operations.md).
export { retentionModule } from './retention.module.ts';
export { runRetention } from './retention.job.ts';
