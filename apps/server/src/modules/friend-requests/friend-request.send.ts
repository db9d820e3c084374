import {
  FRIEND_REQUEST_STATUS,
  type FriendRequestOrigin,
  type FriendRequestStatus,
} from '@cst/shared';
import { GatewayError } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { type accountByWxid, callHolder } from '../conversations/index.ts';
import { recordSentRequest } from './friend-request.record.ts';

type Account = NonNullable<Awaited<ReturnType<typeof accountByWxid>>>;

/** One friend request to send from a work account. */
export interface FriendRequestToSend {
  wxid: string;
  verifyContent: string;
  /** The platform's ticket of a search result. */
  ticket?: string;
  /** The group the person was found in. */
  groupId?: string;
  /** How the console took part: the source the friend gets (manual, task, autoAccept). */
  origin: FriendRequestOrigin;
  /** Carried to the platform: a repeat with the same key is the same request. */
  idempotencyKey?: string;
  nickname?: string;
  avatar?: string;
}

/** What the platform answered (SPEC §4 status 1–4). */
export interface FriendRequestAnswer {
  status: FriendRequestStatus;
  reason: string;
  requestId?: string;
}

/**
 * The one path a friend request takes, for `fans/add`, `fans/add-group` and the bulk
 * friend-adding tasks: the command runs on the instance holding the account, and the platform's
 * answer is recorded as a sent request (list, push) with its origin. A gateway refusal is thrown
 * as a GatewayError; an `alreadyFriend` one is recorded (status 4) first.
 */
export async function sendFriendRequest(
  deps: Uses<'realtime' | 'runtime'>,
  account: Account,
  userId: string | null,
  send: FriendRequestToSend,
): Promise<FriendRequestAnswer> {
  const record = (status: FriendRequestStatus, reason = '', requestId?: string) =>
    recordSentRequest(deps, account, userId, {
      wxid: send.wxid,
      verifyContent: send.verifyContent,
      groupId: send.groupId ?? null,
      status,
      reason,
      platformRequestId: requestId ?? null,
      origin: send.origin,
      ...(send.nickname !== undefined ? { nickname: send.nickname, avatar: send.avatar } : {}),
    });
  let res: { status: FriendRequestStatus; reason?: string; requestId?: string };
  try {
    res = await callHolder(deps, account.wxid, {
      name: 'addFriend',
      cmd: {
        workWxid: account.wxid,
        wxid: send.wxid,
        verifyContent: send.verifyContent,
        ticket: send.ticket || undefined,
        groupId: send.groupId || undefined,
        idempotencyKey: send.idempotencyKey,
      },
    });
  } catch (err) {
    if (err instanceof GatewayError && err.code === 'alreadyFriend') {
      await record(FRIEND_REQUEST_STATUS.alreadyFriend);
    }
    throw err;
  }
  await record(res.status, res.reason ?? '', res.requestId);
  return { status: res.status, reason: res.reason ?? '', requestId: res.requestId };
}
