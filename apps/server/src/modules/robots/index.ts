// The robots module's front door: business hours, the robot job queue, the robots' context and the
// account rows robots act for.
export { BusinessHoursService, HOURS_CHANNEL } from './business-hours.service.ts';
export {
  addJobs,
  claimJobs,
  findJob,
  finishJob,
  releaseJobs,
  type RobotJobRow,
} from './robot-job.repository.ts';
export type { RobotsContext } from './robots.context.ts';
export { accountRow, isRobotEcho, isTenantAccount } from './robots.repository.ts';
