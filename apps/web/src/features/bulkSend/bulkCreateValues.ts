import type { Dayjs } from 'dayjs';
import type { BulkMessageInput } from '@cst/shared';

/** The values of the create form. */
export interface BulkCreateValues {
  taskName: string;
  taskType: 'friends' | 'groups';
  workWxids: string[];
  mode: 'all' | 'tags' | 'list' | 'groups';
  tagIds?: string[];
  list?: string;
  groupIds?: string[];
  messages: BulkMessageInput[];
  sendType: 'now' | 'scheduled';
  sendAt?: Dayjs;
}
