import type { MomentJobState } from '@cst/shared';

/** Tag colours of a job's state. */
export const JOB_STATE_COLOR: Record<MomentJobState, string> = {
  pending: 'processing',
  posted: 'green',
  failed: 'red',
  cancelled: 'default',
};
