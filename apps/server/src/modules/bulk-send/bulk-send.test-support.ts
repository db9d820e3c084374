import type {
  BulkDetailItem,
  BulkDetailsResult,
  BulkTaskFetchResult,
  BulkTaskItem,
  FriendItem,
  SimReceivedItem,
} from '@cst/shared';
import type { Session } from '../../../test/support.ts';
import { apiAs, eventually, type HasApp } from '../accounts/account.test-support.ts';

/** Mass-send settings that never wait: intervals and jitter 0, caps far off. */
export const FAST_BULK_SETTINGS = {
  channel: 1,
  dailyCapPerAccount: 1000,
  messageIntervalSec: 0,
  fanIntervalSec: 0,
  perRoundCount: 5,
  groupIntervalSec: 0,
  groupDailyCap: 1000,
  jitterSec: 0,
};

/** Creates a mass-send task as a user; the reply as the API gives it. */
export function createBulk(ctx: HasApp, s: Session, body: Record<string, unknown>, lang?: string) {
  return apiAs(ctx, s, lang).post<{ taskId: string }>('/task-api/bulk-send-task/create', {
    taskName: '群发任务',
    taskType: 'friends',
    messages: [{ kind: 'text', content: '你好，双十一活动开始了' }],
    ...body,
  });
}

/**
 * A friends task of `contents` to `targets` from one account, scheduled an hour ahead and planned
 * (pending): its rows exist and nothing is claimed, for a test to set them as it needs.
 */
export async function scheduledTask(
  ctx: HasApp,
  s: Session,
  workWxid: string,
  targets: string[],
  contents: string[],
): Promise<string> {
  const r = await createBulk(ctx, s, {
    workWxids: [workWxid],
    targets: { mode: 'list', wxids: targets },
    messages: contents.map((content) => ({ kind: 'text', content })),
    sendType: 'scheduled',
    sendAt: Date.now() + 3_600_000,
  });
  if (r.status !== 200) throw new Error(`create: ${r.message}`);
  await waitBulk(ctx, s, r.data.taskId, (t) => t.status === 'pending');
  return r.data.taskId;
}

/** One task of the list as a user sees it (undefined when not visible). */
export async function bulkTaskOf(ctx: HasApp, s: Session, taskId: string) {
  const r = await apiAs(ctx, s).post<BulkTaskFetchResult>('/task-api/bulk-send-task/fetch', {
    pageSize: 100,
  });
  return r.data.list.find((t) => t.taskId === taskId);
}

/** Every send of a task (all pages). */
export async function detailsOf(
  ctx: HasApp,
  s: Session,
  taskId: string,
  state?: string,
): Promise<BulkDetailItem[]> {
  const out: BulkDetailItem[] = [];
  for (let page = 1; ; page++) {
    const r = await apiAs(ctx, s).post<BulkDetailsResult>(
      '/task-api/bulk-send-task/sub-task/details',
      { taskId, page, pageSize: 500, state },
    );
    if (r.status !== 200) throw new Error(`details: ${r.message}`);
    out.push(...r.data.list);
    if (r.data.list.length < 500) return out;
  }
}

/** Waits until a task satisfies a check. */
export function waitBulk(
  ctx: HasApp,
  s: Session,
  taskId: string,
  check: (t: BulkTaskItem) => boolean,
  ms = 15_000,
) {
  return eventually(async () => {
    const t = await bulkTaskOf(ctx, s, taskId);
    return t && check(t) ? t : undefined;
  }, ms);
}

/** The first `n` friends of a work account. */
export async function friendsOf(ctx: HasApp, s: Session, workWxid: string, n = 1000) {
  const r = await apiAs(ctx, s).post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
    workWxid,
    pageSize: Math.min(n, 1000),
  });
  if (r.status !== 200) throw new Error(`friends: ${r.message}`);
  return r.data.list.slice(0, n);
}

/** Messages the simulated people received from an account (or all the tenant's). */
export async function receivedMessages(ctx: HasApp, s: Session, workWxid?: string) {
  const r = await apiAs(ctx, s).post<{ list: SimReceivedItem[] }>('/sim-api/received', {
    workWxid,
  });
  if (r.status !== 200) throw new Error(`received: ${r.message}`);
  return r.data.list.filter((x) => x.kind === 'message');
}
