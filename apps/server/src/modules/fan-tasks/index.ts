// The fan-tasks module's front door: the targets a pool has tried and the source of fan imports.
export { triedTargets } from './fan-pool.repository.ts';
export { setFanImportSource } from './fan-task.import.ts';
