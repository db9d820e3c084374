import {
  FRIENDS_PAGE_MAX,
  type AddFriendTagBody,
  type ChangedResult,
  type ContactsListQuery,
  type ContactsListResult,
  type DeleteFriendBody,
  type FriendItem,
  type FriendsListBody,
  type FriendsListResult,
  type SyncFriendsBody,
  type SyncFriendsResult,
  type TagTarget,
  type UpdateFriendInfoBody,
} from '@cst/shared';
import type { ContactDto } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AppError } from '../../platform/errors.ts';
import { fail } from '../../platform/errors.ts';
import { keysetRows } from '../../platform/xlsx-export.ts';
import { announceContacts, findContact, findConversationWith } from '../contacts/index.ts';
import {
  convUpdatePush,
  type ConvScope,
  convScopeOf,
  scopeForPeers,
  visibleAccount,
  visibleAccountIn,
  callHolder,
  platformRefusal,
  type HolderCommand,
  type RefusalTable,
} from '../conversations/index.ts';
import { applyFriendChanges, type FriendAccount } from './friend-changes.ts';
import { friendUpdatePush, presentContactEntry, presentFriend } from './friends.presenter.ts';
import * as repo from './friends.repository.ts';
import { addLinks, contactsOfTargets, removeLinks, TagsService } from '../tags/index.ts';

const FRIEND_REFUSALS: RefusalTable = {
  notFound: () => fail.notFound('contactNotFound'),
  notFriend: () => fail.conflict('friendNotFriend'),
  // The platform cannot resolve the person (WhatsApp: no phone number known for the LID).
  invalid: () => fail.conflict('friendUnknownToPlatform'),
};

/** The API error of a gateway refusal on a friend command. */
function friendFailure(err: unknown, otherwise: AppError): AppError {
  return platformRefusal(err, FRIEND_REFUSALS, () => otherwise);
}

/** Which fields of a friend the sync compares. */
type Compared = Pick<ContactDto, 'nickname' | 'remark' | 'avatar' | 'star' | 'blacklist'> & {
  pinned: boolean;
};

function differs(stored: Compared, c: ContactDto): boolean {
  return (
    stored.nickname !== c.nickname ||
    stored.remark !== c.remark ||
    stored.avatar !== c.avatar ||
    stored.star !== c.star ||
    stored.blacklist !== c.blacklist ||
    stored.pinned !== (c.topChat ?? false)
  );
}

/** The friends page: the list, star / blacklist / pin, delete, sync; and the contact list. */
export class FriendsService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  private get db() {
    return this.deps.db;
  }

  /** Friends of the visible work accounts, filtered, newest first. */
  async list(auth: AuthContext, body: FriendsListBody): Promise<FriendsListResult> {
    const { scope, filter } = await this.scopeAndFilter(auth, body);
    const { rows, total } = await repo.listFriends(
      this.db,
      scope,
      filter,
      body.page,
      body.pageSize,
    );
    return { list: rows.map(presentFriend), total };
  }

  /**
   * The whole list under the same filters, in the same order, read in chunks that each continue
   * after the previous one (an export of 250,000 friends never skips rows it has read). Access
   * and filters are checked on the first read, so a refusal comes before the file starts.
   */
  async *exportRows(
    auth: AuthContext,
    body: Omit<FriendsListBody, 'page' | 'pageSize'>,
    chunk = FRIENDS_PAGE_MAX,
  ): AsyncGenerator<FriendItem> {
    const { scope, filter } = await this.scopeAndFilter(auth, body);
    const read = await repo.friendsReader(this.db, scope, filter);
    for await (const row of keysetRows(read, (r) => r.cursor, chunk)) yield presentFriend(row);
  }

  /** The caller's scope and the list's filters (the account and tags checked visible). */
  private async scopeAndFilter(
    auth: AuthContext,
    body: Omit<FriendsListBody, 'page' | 'pageSize'>,
  ): Promise<{ scope: ConvScope; filter: repo.FriendFilter }> {
    const scope = await convScopeOf(this.db, auth);
    if (body.workWxid) await visibleAccountIn(this.db, scope, body.workWxid);
    if (body.tagIds?.length)
      await new TagsService(this.deps).checkTags(scope.tenantId, body.tagIds);
    const filter = {
      workWxid: body.workWxid,
      keyword: body.keyword || undefined,
      addedFrom: body.addedFrom,
      addedTo: body.addedTo,
      source: body.source,
      tagIds: body.tagIds,
    };
    return { scope, filter };
  }

  /** SPEC §7 contact list: friends or groups of one, several or all visible accounts. */
  async contactsList(auth: AuthContext, q: ContactsListQuery): Promise<ContactsListResult> {
    const scope = await convScopeOf(this.db, auth);
    const wanted = [...new Set([...(q.wxid ? [q.wxid] : []), ...q.wxids])];
    let ids: string[];
    if (wanted.length > 0) {
      const found = await repo.accountsByWxids(this.db, scope.tenantId, wanted);
      const visible = found.filter(
        (a) => scope.accountIds === 'all' || scope.accountIds.includes(a.id),
      );
      if (visible.length !== wanted.length) throw fail.notFound('workAccountNotFound');
      ids = visible.map((a) => a.id);
    } else {
      ids = (await repo.accountsOfScope(this.db, scope)).map((a) => a.id);
    }
    const type = q.cvType === 2 ? 2 : 1;
    const { rows, total } = await repo.listContactEntries(
      this.db,
      scope.tenantId,
      ids,
      type,
      q.friendName || undefined,
      q.page,
      q.pageSize,
    );
    return { list: rows.map((r) => presentContactEntry(r, type)), total };
  }

  /** A visible account and a stored friend of it; 404 / 409 (a chat whose peer is not a friend). */
  private async friendOf(auth: AuthContext, workWxid: string, friendWxid: string) {
    const { account } = await visibleAccount(this.db, auth, workWxid);
    const contact = await findContact(this.db, account.id, friendWxid);
    if (!contact) {
      const conv = await findConversationWith(this.db, account.id, 1, friendWxid);
      throw conv ? fail.conflict('friendNotFriend') : fail.notFound('contactNotFound');
    }
    const ref: FriendAccount = { id: account.id, tenantId: account.tenantId, wxid: account.wxid };
    return { account: ref, contact };
  }

  private async run<T>(account: FriendAccount, cmd: HolderCommand, otherwise: AppError) {
    try {
      return await callHolder<T>(this.deps, account.wxid, cmd);
    } catch (err) {
      throw friendFailure(err, otherwise);
    }
  }

  /**
   * Stars, blacklists or pins a friend on the platform, then stores it: a blacklisted friend's
   * chat is blocked (SPEC §4), a pinned friend's chat is pinned. Everyone who sees the account is told.
   */
  async update(auth: AuthContext, body: UpdateFriendInfoBody): Promise<FriendItem> {
    const { account } = await this.friendOf(auth, body.workWxid, body.friendWxid);
    const caps = this.deps.runtime.gateway.capabilities;
    if (body.blacklist !== undefined && !caps.has('blacklist')) {
      throw fail.conflict('friendBlacklistUnsupported');
    }
    if ((body.star !== undefined || body.topChat !== undefined) && !caps.has('updateFriendInfo')) {
      throw fail.conflict('friendFlagsUnsupported');
    }
    const patch = { star: body.star, blacklist: body.blacklist, topChat: body.topChat };
    const contact = await this.run<ContactDto>(
      account,
      { name: 'updateFriendInfo', wxid: body.friendWxid, patch },
      fail.conflict('friendUpdateFailed'),
    );
    await applyFriendChanges(this.deps, account, { upserted: [contact], removed: [] });
    if (body.topChat !== undefined) {
      const topChat = body.topChat;
      await this.deps.realtime.transaction(async (tx, push) => {
        const pinned = await repo.setChatPin(tx, account.id, body.friendWxid, topChat);
        if (pinned.length > 0) push(account.tenantId, pinned.map(convUpdatePush));
      });
    }
    const [row] = await repo.friendRows(this.db, account.id, [body.friendWxid]);
    if (!row) throw fail.conflict('friendNotFriend');
    return presentFriend(row);
  }

  /** Deletes a friend on the platform; the chat stays, marked as no longer a friend. */
  async remove(auth: AuthContext, body: DeleteFriendBody): Promise<null> {
    const { account } = await this.friendOf(auth, body.workWxid, body.friendWxid);
    await this.run(
      account,
      { name: 'deleteFriend', wxid: body.friendWxid },
      fail.conflict('friendDeleteFailed'),
    );
    await applyFriendChanges(this.deps, account, { upserted: [], removed: [body.friendWxid] });
    await announceContacts(this.deps, account);
    return null;
  }

  /**
   * Reads the platform's friend list and brings the stored one in line: counts of friends added,
   * removed and changed since the last sync.
   */
  async sync(auth: AuthContext, body: SyncFriendsBody): Promise<SyncFriendsResult> {
    const { account: row } = await visibleAccount(this.db, auth, body.workWxid);
    const account: FriendAccount = { id: row.id, tenantId: row.tenantId, wxid: row.wxid };
    const platform = await this.run<ContactDto[]>(
      account,
      { name: 'listContacts' },
      fail.conflict('friendSyncFailed'),
    );
    const stored = new Map(
      (await repo.storedFriends(this.db, account.id)).map((s) => [s.wxid, s] as const),
    );
    const seen = new Set<string>();
    let added = 0;
    const upserted: ContactDto[] = [];
    for (const c of platform) {
      seen.add(c.wxid);
      const s = stored.get(c.wxid);
      if (!s) added += 1;
      if (!s || differs(s, c)) upserted.push(c);
    }
    const removed = [...stored.keys()].filter((w) => !seen.has(w));
    await applyFriendChanges(this.deps, account, { upserted, removed }, false);
    await announceContacts(this.deps, account);
    return { added, removed: removed.length, changed: upserted.length - added, total: seen.size };
  }

  /**
   * Adds or removes tags on friends of accounts the caller sees (`acc/add-friend-tag`); a contact
   * the caller does not see, or that is not a friend, is 404 and nothing changes.
   */
  async tagContacts(auth: AuthContext, body: AddFriendTagBody): Promise<ChangedResult> {
    const scope = await scopeForPeers(this.db, auth, body.targets);
    const tagIds = await new TagsService(this.deps).checkTags(scope.tenantId, body.tagIds);
    const key = (t: TagTarget) => `${t.workWxid}\n${t.friendWxid}`;
    const wanted = new Set(body.targets.map(key));
    const found = await contactsOfTargets(this.db, scope, body.targets);
    if (found.length !== wanted.size) throw fail.notFound('contactNotFound');
    const ids = found.map((c) => c.id);
    const changed =
      body.op === 'add'
        ? await addLinks(this.db, scope.tenantId, ids, tagIds)
        : await removeLinks(this.db, scope.tenantId, ids, tagIds);
    if (changed > 0) await this.announceTagged(scope.tenantId, found);
    return { changed };
  }

  /**
   * Tells everyone who sees the accounts: `friendUpdate` with the friends' rows as they are now
   * (their tags included), so open friends tables, cards and chat headers follow.
   */
  private async announceTagged(
    tenantId: string,
    contacts: { workAccountId: string; workWxid: string; wxid: string }[],
  ): Promise<void> {
    const byAccount = new Map<string, { workWxid: string; wxids: string[] }>();
    for (const c of contacts) {
      const entry = byAccount.get(c.workAccountId) ?? { workWxid: c.workWxid, wxids: [] };
      entry.wxids.push(c.wxid);
      byAccount.set(c.workAccountId, entry);
    }
    const pushes = [];
    for (const [accountId, { workWxid, wxids }] of byAccount) {
      const rows = await repo.friendRows(this.db, accountId, wxids);
      pushes.push(friendUpdatePush(accountId, workWxid, rows, []));
    }
    await this.deps.realtime.publish(tenantId, pushes);
  }
}
