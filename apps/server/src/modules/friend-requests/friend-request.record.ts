import type { FriendRequestOrigin, FriendRequestStatus } from '@cst/shared';
import type { FriendInfoDto } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { type accountByWxid, callHolder } from '../conversations/index.ts';
import { publishRequests } from './friend-request.push.ts';
import * as repo from './friend-request.repository.ts';

type Account = NonNullable<Awaited<ReturnType<typeof accountByWxid>>>;

/** What a sent request recorded: the platform's answer to one person. */
export interface SentRecord {
  wxid: string;
  verifyContent: string;
  groupId: string | null;
  status: FriendRequestStatus;
  reason: string;
  platformRequestId: string | null;
  origin: FriendRequestOrigin;
  /** Name and avatar when the caller has them. */
  nickname?: string;
  avatar?: string;
}

/**
 * Records what the platform answered to a request the console sent (one row per account and
 * person) and pushes it. The person's name and avatar come from the caller, the account's stored
 * friends and group members, or the platform.
 */
export async function recordSentRequest(
  deps: Uses<'realtime' | 'runtime'>,
  account: Account,
  userId: string | null,
  sent: SentRecord,
): Promise<void> {
  let person =
    sent.nickname !== undefined
      ? { nickname: sent.nickname, avatar: sent.avatar ?? '' }
      : await repo.knownPerson(deps.db, account.id, sent.wxid);
  if (!person?.nickname) {
    const info = await callHolder<FriendInfoDto>(deps, account.wxid, {
      name: 'friendInfo',
      wxid: sent.wxid,
    }).catch(() => null);
    if (info) person = { nickname: info.name, avatar: info.smallHeadImage };
  }
  const id = await repo.upsertSent(deps.db, {
    tenantId: account.tenantId,
    workAccountId: account.id,
    wxid: sent.wxid,
    nickname: person?.nickname ?? '',
    avatar: person?.avatar ?? '',
    verifyContent: sent.verifyContent,
    source: sent.groupId ? 'group' : 'search',
    origin: sent.origin,
    status: sent.status,
    reason: sent.reason,
    platformRequestId: sent.platformRequestId,
    groupId: sent.groupId,
    handledBy: userId,
    createdAt: new Date(deps.now()),
  });
  await publishRequests(deps, account.tenantId, [id]);
}
