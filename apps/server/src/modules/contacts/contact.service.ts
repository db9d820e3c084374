import {
  isGroupId,
  MESSAGE_WINDOW_MS,
  type FriendInfo,
  type FriendInfoBody,
  type FriendRemarkBody,
  type PersonalInfo,
  type PersonalInfoBody,
} from '@cst/shared';
import type { AccountProfileDto, FriendInfoDto } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps, Uses } from '../../platform/deps.ts';
import { type AppError, fail } from '../../platform/errors.ts';
import {
  convUpdatePush,
  type accountByWxid,
  sendableAccount,
  visibleAccount,
  callHolder,
  platformRefusal,
  type RefusalTable,
} from '../conversations/index.ts';
import { announceContacts } from './contact.push.ts';
import * as repo from './contact.repository.ts';

type Account = NonNullable<Awaited<ReturnType<typeof accountByWxid>>>;

const CONTACT_REFUSALS: RefusalTable = {
  notFound: () => fail.notFound('contactNotFound'),
  notFriend: () => fail.conflict('notAFriend'),
  alreadyFriend: () => fail.conflict('alreadyFriend'),
};

/** The API error of a gateway refusal on a contact command (a card, a remark, a friend request). */
export function contactFailure(err: unknown, otherwise: AppError): AppError {
  return platformRefusal(err, CONTACT_REFUSALS, () => otherwise);
}

/**
 * Whether the account knows the person: a friend, the peer of a single chat, or (with the group)
 * a member of one of its groups. Cards and friend requests are not a way to look up arbitrary ids.
 */
export async function knowsPerson(
  deps: Deps,
  account: { id: string },
  wxid: string,
  chatRoom: string | undefined,
): Promise<boolean> {
  if (await repo.findContact(deps.db, account.id, wxid)) return true;
  if (await repo.findConversationWith(deps.db, account.id, 1, wxid)) return true;
  // A member who never wrote in the shown month cannot be picked from a shown message.
  const since = deps.now() - MESSAGE_WINDOW_MS;
  return Boolean(chatRoom && (await repo.seenInGroup(deps.db, account.id, chatRoom, wxid, since)));
}

/** The user card: a person's info and the remark of a friend (SPEC §2, §4). */
export class ContactService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  private get db() {
    return this.deps.db;
  }

  /** A work account the caller may see, else 404 (another tenant's account included). */
  private async visibleAccount(auth: AuthContext, wxid: string): Promise<Account> {
    return (await visibleAccount(this.db, auth, wxid)).account;
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
    if (!(await knowsPerson(this.deps, account, body.friendWxid, body.chatRoom))) {
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
    if (!(await knowsPerson(this.deps, account, body.friendWxid, undefined))) {
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
    await this.deps.realtime.transaction(async (tx, push) => {
      const convs = await repo.setRemark(tx, account.id, body.friendWxid, body.remark);
      if (convs.length > 0) push(account.tenantId, convs.map(convUpdatePush));
    });
    await announceContacts(this.deps, {
      id: account.id,
      tenantId: account.tenantId,
      wxid: account.wxid,
    });
    return null;
  }
}
