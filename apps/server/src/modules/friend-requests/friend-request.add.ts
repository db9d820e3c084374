import {
  FRIEND_REQUEST_STATUS,
  translate,
  type AddFriendOutcome,
  type AddFriendsBody,
  type FriendRequestStatus,
  type Language,
} from '@cst/shared';
import { GatewayError } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { contactFailure, knowsPerson } from '../contacts/index.ts';
import { type accountByWxid, visibleAccount } from '../conversations/index.ts';
import { sendFriendRequest } from './friend-request.send.ts';

type Account = NonNullable<Awaited<ReturnType<typeof accountByWxid>>>;

/**
 * Sends friend requests (`fans/add`, `fans/add-group`; SPEC §4 status 1–4). Each person gets an
 * outcome; when none was sent or added, the call fails with the first refusal's message.
 */
export async function addFriends(
  deps: Uses<'realtime' | 'runtime'>,
  auth: AuthContext,
  body: AddFriendsBody,
  lang: Language,
): Promise<{ list: AddFriendOutcome[] }> {
  const { account } = await visibleAccount(deps.db, auth, body.workerWxid);
  if (account.status !== 'online') throw fail.conflict('accountNotOnline');
  const list: AddFriendOutcome[] = [];
  let firstError: AppError | null = null;
  for (const person of body.addFriends) {
    const outcome = await addOne(deps, auth, account, body, person);
    if (outcome instanceof AppError) {
      firstError ??= outcome;
      list.push({
        wxid: person.wxid,
        status:
          outcome.key === 'alreadyFriend'
            ? FRIEND_REQUEST_STATUS.alreadyFriend
            : FRIEND_REQUEST_STATUS.failed,
        message: translate(outcome.key, lang, outcome.params),
      });
    } else {
      list.push({
        wxid: person.wxid,
        status: outcome,
        message: translate(
          outcome === FRIEND_REQUEST_STATUS.succeeded ? 'friendAdded' : 'friendRequestSent',
          lang,
        ),
      });
    }
  }
  const went = (o: { status: number }) =>
    o.status === FRIEND_REQUEST_STATUS.requested || o.status === FRIEND_REQUEST_STATUS.succeeded;
  if (firstError && !list.some(went)) throw firstError;
  return { list };
}

async function addOne(
  deps: Uses<'realtime' | 'runtime'>,
  auth: AuthContext,
  account: Account,
  body: AddFriendsBody,
  person: AddFriendsBody['addFriends'][number],
): Promise<FriendRequestStatus | AppError> {
  const { wxid, ticket } = person;
  if (wxid === account.wxid) return fail.conflict('addSelf');
  // A search result comes with the platform's ticket: the platform checks it.
  if (!ticket && !(await knowsPerson(deps, account, wxid, body.charRoom))) {
    return fail.notFound('contactNotFound');
  }
  try {
    // The one send path of friend requests: recorded as sent.
    const res = await sendFriendRequest(deps, account, auth.userId, {
      wxid,
      verifyContent: body.verifyContent,
      ticket: ticket || undefined,
      groupId: body.charRoom || undefined,
      origin: 'manual',
      ...(person.name ? { nickname: person.name } : {}),
    });
    if (res.status === FRIEND_REQUEST_STATUS.alreadyFriend) return fail.conflict('alreadyFriend');
    if (res.status === FRIEND_REQUEST_STATUS.failed) {
      return fail.conflict('friendRequestFailed', { reason: res.reason });
    }
    return res.status;
  } catch (err) {
    const failed = fail.conflict('friendRequestFailed', {
      reason: err instanceof Error ? err.message : String(err),
    });
    // A request that broke for another reason is that request's failure: the batch goes on.
    return err instanceof AppError || err instanceof GatewayError
      ? contactFailure(err, failed)
      : failed;
  }
}
