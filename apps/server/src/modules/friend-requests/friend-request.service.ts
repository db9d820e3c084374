import {
  FRIEND_REQUEST_STATUS,
  type AddFriendsBody,
  type AddFriendsResult,
  type FansAddGroupBody,
  type FansSearchBody,
  type FansSearchResult,
  type FriendRequestItem,
  type FriendRequestListBody,
  type Language,
  type ListResult,
} from '@cst/shared';
import { GatewayError, type ContactDto, type FriendInfoDto } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AppError } from '../../platform/errors.ts';
import { fail } from '../../platform/errors.ts';
import { announceContacts, upsertContacts } from '../contacts/index.ts';
import {
  convScopeOf,
  scopeHas,
  visibleAccount,
  visibleAccountIn,
  callHolder,
  platformRefusal,
  type RefusalTable,
} from '../conversations/index.ts';
import { addFriends } from './friend-request.add.ts';
import { toFriendRequestItem, toSearchResult } from './friend-request.presenter.ts';
import { publishRequests } from './friend-request.push.ts';
import * as repo from './friend-request.repository.ts';

const notPending = () => fail.conflict('friendRequestNotPending');
const REQUEST_REFUSALS: RefusalTable = {
  notFound: notPending,
  expired: notPending,
  invalid: notPending,
  alreadyFriend: () => fail.conflict('alreadyFriend'),
};

/** The API error of a gateway refusal on a request command. */
function requestFailure(err: unknown): AppError {
  return platformRefusal(err, REQUEST_REFUSALS, (e) =>
    fail.conflict('platformFailed', { message: e.message }),
  );
}

/** Received and sent friend requests of the visible work accounts (SPEC §2 /contacts/apply). */
export class FriendRequestService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  private get db() {
    return this.deps.db;
  }

  /** A page of the requests of the accounts the caller sees, newest first. */
  async list(
    auth: AuthContext,
    body: FriendRequestListBody,
    lang: Language,
  ): Promise<ListResult<FriendRequestItem>> {
    const scope = await convScopeOf(this.db, auth);
    const account = body.workWxid ? await visibleAccountIn(this.db, scope, body.workWxid) : null;
    const { rows, total } = await repo.listRequests(
      this.db,
      scope,
      { workAccountId: account?.id, direction: body.direction, status: body.status },
      body.page,
      body.pageSize,
    );
    return { list: rows.map((r) => toFriendRequestItem(r, lang)), total };
  }

  /** A pending received request the caller may answer: 404 unseen, 409 not pending. */
  private async pendingReceived(auth: AuthContext, id: string) {
    const scope = await convScopeOf(this.db, auth);
    const row = await repo.findRequest(this.db, scope.tenantId, id);
    if (!row || !scopeHas(scope, row.workAccountId)) throw fail.notFound('friendRequestNotFound');
    if (row.direction !== 'in' || row.status !== FRIEND_REQUEST_STATUS.requested) {
      throw fail.conflict('friendRequestNotPending');
    }
    if (!row.platformRequestId) throw fail.conflict('friendRequestNotPending');
    return { row, platformRequestId: row.platformRequestId };
  }

  /** Accepts a received request on the platform; the person becomes a friend (source manual). */
  async accept(auth: AuthContext, id: string, lang: Language): Promise<FriendRequestItem> {
    const { row, platformRequestId } = await this.pendingReceived(auth, id);
    let contact: ContactDto;
    try {
      contact = await callHolder<ContactDto>(this.deps, row.workWxid, {
        name: 'acceptFriendRequest',
        requestId: platformRequestId,
      });
    } catch (err) {
      await this.lostOnPlatform(err, row.tenantId, row.id);
      throw requestFailure(err);
    }
    const ref = { tenantId: row.tenantId, workAccountId: row.workAccountId };
    const settled = await this.db.transaction(async (tx) => {
      // The platform's contactsChanged may have settled the row first (see settleAccepted).
      const done = await repo.settleAccepted(tx, row.tenantId, row.id, auth.userId);
      await upsertContacts(tx, ref, [contact], new Date(this.deps.now()), 'manual');
      // The platform's event may have stored the friend first (as from the phone): this accept
      // is how they came, so they are the console's (manual) either way.
      if (done) {
        await repo.setContactSources(tx, row.tenantId, row.workAccountId, [
          { wxid: contact.wxid, source: 'manual' },
        ]);
      }
      return done;
    });
    // Another seat's answer won the race: the platform's friend stays, this call reports it.
    if (!settled) throw fail.conflict('friendRequestNotPending');
    await publishRequests(this.deps, row.tenantId, [row.id]);
    await announceContacts(this.deps, {
      id: row.workAccountId,
      tenantId: row.tenantId,
      wxid: row.workWxid,
    });
    return this.item(row.tenantId, row.id, lang);
  }

  /** Declines a received request on the platform (status 2, reason 'declined'). */
  async decline(auth: AuthContext, id: string, lang: Language): Promise<FriendRequestItem> {
    const { row, platformRequestId } = await this.pendingReceived(auth, id);
    try {
      await callHolder(this.deps, row.workWxid, {
        name: 'declineFriendRequest',
        requestId: platformRequestId,
      });
    } catch (err) {
      await this.lostOnPlatform(err, row.tenantId, row.id);
      throw requestFailure(err);
    }
    const settled = await repo.settle(this.db, row.tenantId, row.id, {
      status: FRIEND_REQUEST_STATUS.failed,
      reasonKey: 'friendRequestDeclined',
      handledBy: auth.userId,
    });
    if (!settled) throw fail.conflict('friendRequestNotPending');
    await publishRequests(this.deps, row.tenantId, [row.id]);
    return this.item(row.tenantId, row.id, lang);
  }

  /** A request the platform no longer has (expired, answered on the phone) is marked expired. */
  private async lostOnPlatform(err: unknown, tenantId: string, id: string): Promise<void> {
    if (!(err instanceof GatewayError) || err.code !== 'notFound') return;
    const settled = await repo.settle(this.db, tenantId, id, {
      status: FRIEND_REQUEST_STATUS.failed,
      reasonKey: 'friendRequestExpired',
    });
    if (settled) await publishRequests(this.deps, tenantId, [id]);
  }

  private async item(tenantId: string, id: string, lang: Language): Promise<FriendRequestItem> {
    const row = await repo.findRequest(this.db, tenantId, id);
    if (!row) throw fail.notFound('friendRequestNotFound');
    return toFriendRequestItem(row, lang);
  }

  /** Finds a person by phone number, alias or platform id, from a visible online account. */
  async search(auth: AuthContext, body: FansSearchBody): Promise<FansSearchResult> {
    const { account } = await visibleAccount(this.db, auth, body.workerWxid);
    if (account.status !== 'online') throw fail.conflict('accountNotOnline');
    if (body.keyword === account.wxid) throw fail.notFound('contactNotFound');
    let found: FriendInfoDto | null;
    try {
      found = await callHolder<FriendInfoDto | null>(this.deps, account.wxid, {
        name: 'searchUser',
        keyword: body.keyword,
      });
    } catch (err) {
      throw requestFailure(err);
    }
    if (!found) throw fail.notFound('contactNotFound');
    return toSearchResult(found);
  }

  /** Sends friend requests from a work account (`fans/add`; SPEC §4 status 1–4 per person). */
  addFriends(auth: AuthContext, body: AddFriendsBody, lang: Language): Promise<AddFriendsResult> {
    return addFriends(this.deps, auth, body, lang);
  }

  /**
   * Sends requests to members of one of the account's groups: the given ones, or every member
   * who is not a friend yet. Each person gets SPEC §4's status as `fans/add` reports it.
   */
  async addGroup(
    auth: AuthContext,
    body: FansAddGroupBody,
    lang: Language,
  ): Promise<AddFriendsResult> {
    const { account } = await visibleAccount(this.db, auth, body.workerWxid);
    const members = await repo.groupMembers(this.db, account.id, body.chatRoom);
    if (!members) throw fail.notFound('requestGroupNotFound');
    const inGroup = new Set(members);
    let targets: string[];
    if (body.wxids) {
      targets = [...new Set(body.wxids)];
      const outside = targets.find((w) => !inGroup.has(w));
      if (outside) throw fail.invalid('notAGroupMember', {}, { wxid: outside });
    } else {
      const friends = await repo.friendsAmong(this.db, account.id, members);
      targets = members.filter((w) => w !== account.wxid && !friends.has(w));
      if (targets.length === 0) return { list: [] };
    }
    return this.addFriends(
      auth,
      {
        workerWxid: account.wxid,
        verifyContent: body.verifyContent,
        charRoom: body.chatRoom,
        addFriends: targets.map((wxid) => ({ wxid })),
      },
      lang,
    );
  }
}
