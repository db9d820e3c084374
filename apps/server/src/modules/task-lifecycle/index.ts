// The task-lifecycle module's front door: the lifecycle the mass-send and friend-adding tasks
// share (pause, restart, delete, the pause at ban risk and the resume after it, the start of a
// due task) parameterised by a task-table descriptor, and their pushes and progress.
export { TaskLifecycle, type TaskKind } from './task-lifecycle.ts';
export { startDue, taskAccountWxids } from './task-lifecycle.repository.ts';
export { taskPushes, type TaskPushes } from './task-push.ts';
export type { ChangedTask, TaskTable } from './task-table.ts';
