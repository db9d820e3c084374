import {
  FRIEND_REQUEST_STATUS,
  isGroupId,
  translate,
  MESSAGE_WINDOW_MS,
  type AddFriendOutcome,
  type AddFriendsBody,
  type FriendInfo,
  type FriendInfoBody,
  type FriendRemarkBody,
  type FriendRequestStatus,
  type Language,
  type PersonalInfo,
  type PersonalInfoBody,
} from '@cst/shared';
import { GatewayError, type AccountProfileDto, type FriendInfoDto } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { accountRuntimeOf } from '../accounts/account-runtime.ts';
import { convUpdatePush } from '../conversations/conversation.push.ts';
import type { accountByWxid } from '../conversations/conversation.repository.ts';
import { sendableAccount, visibleAccount } from '../conversations/conversation.scope.ts';
import { callHolder, platformRefusal, type RefusalTable } from '../conversations/holder-call.ts';
import { sendFriendRequest } from '../friend-requests/friend-request.send.ts';
import * as repo from './contact.repository.ts';

type Account = NonNullable<Awaited<ReturnType<typeof accountByWxid>>>;

const CONTACT_REFUSALS: RefusalTable = {
  notFound: () => fail.notFound('contactNotFound'),
  notFriend: () => fail.conflict('notAFriend'),
  alreadyFriend: () => fail.conflict('alreadyFriend'),
};

/** The API error of a gateway refusal on a contact command. */
function contactFailure(err: unknown, otherwise: AppError): AppError {
  return platformRefusal(err, CONTACT_REFUSALS, () => otherwise);
}

/** The user card: a person's info, the remark of a friend and friend requests (SPEC §2, §4). */
export class ContactService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /** A work account the caller may see, else 404 (another tenant's account included). */
  private async visibleAccount(auth: AuthContext, wxid: string): Promise<Account> {
    return (await visibleAccount(this.db, auth, wxid)).account;
  }

  /**
   * Whether the account knows the person: a friend, the peer of a single chat, or (with the group)
   * a member of one of its groups. Cards are not a way to look up arbitrary ids.
   */
  private async known(account: Account, wxid: string, chatRoom: string | undefined) {
    if (await repo.findContact(this.db, account.id, wxid)) return true;
    if (await repo.findConversationWith(this.db, account.id, 1, wxid)) return true;
    // A member who never wrote in the shown month cannot be picked from a shown message.
    const since = this.deps.now() - MESSAGE_WINDOW_MS;
    return Boolean(
      chatRoom && (await repo.seenInGroup(this.db, account.id, chatRoom, wxid, since)),
    );
  }

  /** The card of a friend, group member or stranger seen in a visible conversation. */
  async info(auth: AuthContext, body: FriendInfoBody): Promise<FriendInfo> {
    // A chat served through a transfer shows its peer's (or its group members') cards too.
    const account = await sendableAccount(this.db, auth, {
      workWxid: body.wxid,
      receiver_id: body.chatRoom ?? body.friendWxid,
      talkType: body.chatRoom ? 2 : 1,
    });
    if (isGroupId(body.friendWxid) || body.friendWxid === account.wxid) {
      throw fail.notFound('contactNotFound');
    }
    if (!(await this.known(account, body.friendWxid, body.chatRoom))) {
      throw fail.notFound('contactNotFound');
    }
    let dto: FriendInfoDto;
    try {
      dto = await callHolder<FriendInfoDto>(this.deps, account.wxid, {
        name: 'friendInfo',
        wxid: body.friendWxid,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw contactFailure(err, fail.conflict('platformFailed', { message }));
    }
    const conv = await repo.findConversationWith(this.db, account.id, 1, body.friendWxid);
    const { isFriend, ...rest } = dto;
    return {
      ...rest,
      workWxid: account.wxid,
      topChat: dto.topChat || Boolean(conv?.isPin),
      isFriend,
    };
  }

  /** `get-personal-info`: the account's own profile, from the platform when it is online. */
  async personalInfo(auth: AuthContext, body: PersonalInfoBody): Promise<PersonalInfo> {
    const account = await this.visibleAccount(auth, body.wxid);
    const stored: PersonalInfo = {
      wxid: account.wxid,
      alias: '',
      nickname: account.nickname,
      avatar: account.avatar,
      sex: 'unknown',
      signature: '',
      province: '',
      city: '',
      loginStatus: account.status,
      fromPlatform: false,
    };
    if (account.status !== 'online') return stored;
    try {
      const p = await callHolder<AccountProfileDto>(this.deps, account.wxid, { name: 'profile' });
      return { ...p, loginStatus: account.status, fromPlatform: true };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw contactFailure(err, fail.conflict('platformFailed', { message }));
    }
  }

  /**
   * Sets a friend's remark on the platform, then in the stored contact and the single chat, and
   * tells every seat that sees the account (the list shows the remark as the name).
   */
  async remark(auth: AuthContext, body: FriendRemarkBody): Promise<null> {
    const account = await sendableAccount(this.db, auth, {
      workWxid: body.uin,
      receiver_id: body.friendWxid,
      talkType: 1,
    });
    if (!(await this.known(account, body.friendWxid, undefined))) {
      throw fail.notFound('contactNotFound');
    }
    try {
      await callHolder(this.deps, account.wxid, {
        name: 'setRemark',
        wxid: body.friendWxid,
        remark: body.remark,
      });
    } catch (err) {
      throw contactFailure(err, fail.conflict('friendRemarkFailed'));
    }
    const convs = await repo.setRemark(this.db, account.id, body.friendWxid, body.remark);
    await realtimeOf(this.deps).publish(account.tenantId, convs.map(convUpdatePush));
    await accountRuntimeOf(this.deps).contacts.announce({
      id: account.id,
      tenantId: account.tenantId,
      wxid: account.wxid,
    });
    return null;
  }

  /**
   * Sends friend requests (SPEC §4 status 1–4). Each person gets an outcome; when none was sent
   * or added, the call fails with the first refusal's message.
   */
  async addFriends(
    auth: AuthContext,
    body: AddFriendsBody,
    lang: Language,
  ): Promise<{ list: AddFriendOutcome[] }> {
    const account = await this.visibleAccount(auth, body.workerWxid);
    if (account.status !== 'online') throw fail.conflict('accountNotOnline');
    const list: AddFriendOutcome[] = [];
    let firstError: AppError | null = null;
    for (const person of body.addFriends) {
      const outcome = await this.addOne(auth, account, body, person);
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

  private async addOne(
    auth: AuthContext,
    account: Account,
    body: AddFriendsBody,
    person: AddFriendsBody['addFriends'][number],
  ): Promise<FriendRequestStatus | AppError> {
    const { wxid, ticket } = person;
    if (wxid === account.wxid) return fail.conflict('addSelf');
    // A search result comes with the platform's ticket: the platform checks it.
    if (!ticket && !(await this.known(account, wxid, body.charRoom))) {
      return fail.notFound('contactNotFound');
    }
    try {
      // The one send path of friend requests (friend-requests module): recorded as sent.
      const res = await sendFriendRequest(this.deps, account, auth.userId, {
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
}
