import {
  type CreateGroupBody,
  type GroupBanBody,
  type GroupCardBody,
  type GroupDetail,
  type GroupItem,
  type GroupListQuery,
  type GroupMemberItem,
  type GroupMembersChangeBody,
  type GroupNoticeBody,
  type GroupNoticesQuery,
  type GroupNoticeItem,
  type GroupRef,
  type GroupTopicBody,
  type ListResult,
  type RenameGroupBody,
} from '@cst/shared';
import type { GroupMemberDto } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail, type AppError } from '../../platform/errors.ts';
import {
  announceContacts,
  contactsPush,
  groupPushes,
  groupUpdatedEvent,
  removeGroup,
  storeGroup,
} from '../contacts/index.ts';
import {
  convScopeOf,
  visibleAccount,
  callHolder,
  platformRefusal,
  type RefusalTable,
  convUpdatePush,
} from '../conversations/index.ts';
import { recordEvent } from '../webhooks/index.ts';
import type { GroupCall, GroupSnapshot } from './group-gateway.ts';
import { presentGroup, presentMember, presentNotice } from './group.presenter.ts';
import * as repo from './group.repository.ts';

type Account = Awaited<ReturnType<typeof visibleAccount>>['account'];

const GROUP_REFUSALS: RefusalTable = {
  noSession: () => fail.conflict('accountNotOnline'),
  notMember: () => fail.notFound('groupNotFound'),
  notOwner: () => fail.conflict('groupAdminOnly'),
  notFriend: () => fail.conflict('groupNotFriends'),
  notFound: () => fail.conflict('groupNotMember'),
};

/** The API error of a platform refusal of a group command. */
export function groupFailure(err: unknown): AppError {
  return platformRefusal(err, GROUP_REFUSALS, (e) =>
    fail.conflict('groupCommandFailed', { message: e.message }),
  );
}

/**
 * Group chats of the visible work accounts (SPEC §2 `/contacts/groups`, §7 Groups): reads from
 * the stored rows, commands on the platform through the account's holder, then the rows are
 * refreshed from the platform and everyone who sees the account is told.
 */
export class GroupService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  private get db() {
    return this.deps.db;
  }

  /** The account and its stored group, 404 when either is not visible. */
  private async target(auth: AuthContext, ref: GroupRef) {
    const { account } = await visibleAccount(this.db, auth, ref.workWxid);
    const group = await repo.findGroup(this.db, account.tenantId, account.id, ref.groupId);
    if (!group) throw fail.notFound('groupNotFound');
    return { account, group };
  }

  private async call<T>(account: Account, call: GroupCall): Promise<T> {
    if (account.status !== 'online') throw fail.conflict('accountNotOnline');
    try {
      return await callHolder<T>(this.deps, account.wxid, { name: 'group', call });
    } catch (err) {
      throw groupFailure(err);
    }
  }

  /**
   * Stores a platform snapshot of a group read at `observedAt` and tells the account's viewers.
   * A snapshot older than the stored one (an event's read that finished late) changes nothing.
   * `group.updated` is recorded, and `group` pushed, only when the stored group changed: the
   * platform's reports of the same change, stored first or after, restate it and tell nothing.
   */
  private async store(account: Account, snap: GroupSnapshot, observedAt: Date) {
    const { convs, change } = await this.db.transaction(async (tx) => {
      const stored = await storeGroup(tx, account, snap.group, snap.members, observedAt);
      if (!stored.rowId) return { convs: [], change: null };
      const renamed = await repo.refreshGroupConversation(
        tx,
        account.tenantId,
        account.id,
        snap.group.groupId,
        snap.group.name,
        snap.group.avatar,
      );
      // The chat shows the group's size too: told again when the group changed at all.
      const convs =
        renamed.length > 0 || !stored.change
          ? renamed
          : await repo.groupConversations(tx, account.tenantId, account.id, snap.group.groupId);
      if (stored.change) {
        await recordEvent(tx, groupUpdatedEvent(account, snap.group.groupId, stored.change));
      }
      return { convs, change: stored.change };
    });
    const changed = change ? [{ groupId: snap.group.groupId, change }] : [];
    await this.deps.realtime.publish(account.tenantId, [
      ...convs.map(convUpdatePush),
      ...groupPushes(account, changed),
    ]);
  }

  /** Re-reads a group from the platform after a command; returns it as stored. */
  private async refresh(account: Account, groupId: string): Promise<GroupItem> {
    const at = new Date(this.deps.now());
    const snap = await this.call<GroupSnapshot>(account, { op: 'info', groupId });
    await this.store(account, snap, at);
    const row = await repo.findGroup(this.db, account.tenantId, account.id, groupId);
    if (!row) throw fail.notFound('groupNotFound');
    return presentGroup(row);
  }

  private async detailOf(account: Account, group: repo.GroupRow): Promise<GroupDetail> {
    const members = await repo.listMembers(this.db, account.tenantId, group.id);
    return { ...presentGroup(group), members: members.map(presentMember) };
  }

  /** Groups of the visible accounts (one account's with `workWxid`). */
  async list(auth: AuthContext, q: GroupListQuery): Promise<ListResult<GroupItem>> {
    const scope = await convScopeOf(this.db, auth);
    let workAccountId: string | undefined;
    if (q.workWxid) workAccountId = (await visibleAccount(this.db, auth, q.workWxid)).account.id;
    const { rows, total } = await repo.listGroups(
      this.db,
      scope,
      { workAccountId, keyword: q.keyword || undefined, myRole: q.myRole },
      q,
    );
    return { list: rows.map(presentGroup), total };
  }

  /** `getChatRoom`: the group with its members, fresh from the platform when the account is online. */
  async detail(auth: AuthContext, ref: GroupRef): Promise<GroupDetail> {
    const { account, group } = await this.target(auth, ref);
    if (account.status === 'online') {
      const at = new Date(this.deps.now());
      const snap = await this.call<GroupSnapshot>(account, { op: 'info', groupId: ref.groupId });
      await this.store(account, snap, at);
      const row = await repo.findGroup(this.db, account.tenantId, account.id, ref.groupId);
      if (!row) throw fail.notFound('groupNotFound');
      return this.detailOf(account, row);
    }
    return this.detailOf(account, group);
  }

  /** Stored members of a group, filtered by name. */
  async members(auth: AuthContext, body: GroupRef & { keyword?: string }) {
    const { account, group } = await this.target(auth, body);
    const rows = await repo.listMembers(
      this.db,
      account.tenantId,
      group.id,
      body.keyword || undefined,
    );
    return { list: rows.map(presentMember), total: rows.length };
  }

  /** The notice history of a group, newest first. */
  async notices(auth: AuthContext, q: GroupNoticesQuery): Promise<ListResult<GroupNoticeItem>> {
    const { account } = await this.target(auth, q);
    const { rows, total } = await repo.listNotices(
      this.db,
      account.tenantId,
      account.id,
      q.groupId,
      q.kind,
      q,
    );
    return { list: rows.map(presentNotice), total };
  }

  /** Muted members, as the platform lists them (stored flags follow). */
  async banList(auth: AuthContext, ref: GroupRef): Promise<ListResult<GroupMemberItem>> {
    const { account, group } = await this.target(auth, ref);
    if (account.status === 'online') {
      const bans = await this.call<GroupMemberDto[]>(account, { op: 'bans', groupId: ref.groupId });
      await repo.replaceBanned(
        this.db,
        account.tenantId,
        group.id,
        bans.map((b) => b.wxid),
      );
    }
    const rows = (await repo.listMembers(this.db, account.tenantId, group.id)).filter(
      (m) => m.banned,
    );
    return { list: rows.map(presentMember), total: rows.length };
  }

  /** Creates a group with friends of the account. */
  async create(auth: AuthContext, body: CreateGroupBody): Promise<GroupItem> {
    const { account } = await visibleAccount(this.db, auth, body.workWxid);
    const wxids = [...new Set(body.wxids)].filter((w) => w !== account.wxid);
    if (wxids.length === 0) throw fail.invalid('pickAtLeastOne');
    if (!(await repo.allFriends(this.db, account.id, wxids)))
      throw fail.conflict('groupNotFriends');
    const at = new Date(this.deps.now());
    const snap = await this.call<GroupSnapshot>(account, {
      op: 'create',
      name: body.name,
      wxids,
    });
    await this.store(account, snap, at);
    await announceContacts(this.deps, account);
    const row = await repo.findGroup(this.db, account.tenantId, account.id, snap.group.groupId);
    if (!row) throw fail.notFound('groupNotFound');
    return presentGroup(row);
  }

  /** Renames a group (any member may, as on the platform). */
  async rename(auth: AuthContext, body: RenameGroupBody): Promise<GroupItem> {
    const { account } = await this.target(auth, body);
    await this.call(account, { op: 'rename', groupId: body.groupId, name: body.name });
    return this.refresh(account, body.groupId);
  }

  /** `chat-room/topic`: the group's topic (its name); with `topic`, renames it. */
  async topic(auth: AuthContext, body: GroupTopicBody): Promise<{ topic: string }> {
    if (body.topic === undefined) {
      const { group } = await this.target(auth, body);
      return { topic: group.name };
    }
    // Reading needs what the list needs; setting is a rename.
    if (!auth.permissions.has('contact.manage')) throw fail.forbidden();
    const g = await this.rename(auth, { ...body, name: body.topic });
    return { topic: g.name };
  }

  /** Invites friends of the account into a group. */
  async invite(auth: AuthContext, body: GroupMembersChangeBody): Promise<GroupItem> {
    const { account } = await this.target(auth, body);
    if (!(await repo.allFriends(this.db, account.id, body.wxids))) {
      throw fail.conflict('groupNotFriends');
    }
    await this.call(account, { op: 'invite', groupId: body.groupId, wxids: body.wxids });
    return this.refresh(account, body.groupId);
  }

  /** Removes members (owner or admin). */
  async remove(auth: AuthContext, body: GroupMembersChangeBody): Promise<GroupItem> {
    const { account, group } = await this.target(auth, body);
    await this.requireManagerOf(account, group, body.wxids);
    await this.call(account, { op: 'remove', groupId: body.groupId, wxids: body.wxids });
    return this.refresh(account, body.groupId);
  }

  /** Leaves a group: its row goes, the conversation stays. */
  async leave(auth: AuthContext, ref: GroupRef): Promise<null> {
    const { account } = await this.target(auth, ref);
    await this.call(account, { op: 'leave', groupId: ref.groupId });
    const removed = await this.db.transaction(async (tx) => {
      // The platform's report of the leave may have removed the row first (and told it).
      if (!(await removeGroup(tx, account, ref.groupId))) return false;
      await recordEvent(tx, groupUpdatedEvent(account, ref.groupId, 'left'));
      return true;
    });
    if (removed) {
      await this.deps.realtime.publish(account.tenantId, [
        ...groupPushes(account, [{ groupId: ref.groupId, change: 'left' }]),
        await contactsPush(this.deps, account),
      ]);
    }
    return null;
  }

  /** Sets the account's name in the group. */
  async card(auth: AuthContext, body: GroupCardBody): Promise<GroupItem> {
    const { account } = await this.target(auth, body);
    await this.call(account, { op: 'card', groupId: body.groupId, card: body.card });
    return this.refresh(account, body.groupId);
  }

  /** Publishes the announcement (owner or admin). */
  async notice(auth: AuthContext, body: GroupNoticeBody): Promise<GroupItem> {
    const { account, group } = await this.target(auth, body);
    await this.requireManagerOf(account, group);
    await this.call(account, { op: 'notice', groupId: body.groupId, notice: body.notice });
    return this.refresh(account, body.groupId);
  }

  /** Mutes or unmutes members (owner or admin). */
  async ban(auth: AuthContext, body: GroupBanBody): Promise<GroupItem> {
    const { account, group } = await this.target(auth, body);
    await this.requireManagerOf(account, group, body.wxids);
    await this.call(account, {
      op: 'ban',
      groupId: body.groupId,
      wxids: body.wxids,
      banned: body.banned,
    });
    return this.refresh(account, body.groupId);
  }

  /** Refuses plain members, and an admin acting on the owner or another admin (409). */
  private async requireManagerOf(account: Account, group: repo.GroupRow, targets: string[] = []) {
    if (group.myRole === 'member') throw fail.conflict('groupAdminOnly');
    if (targets.length === 0) return;
    const members = await repo.listMembers(this.db, account.tenantId, group.id);
    const byWxid = new Map(members.map((m) => [m.wxid, m]));
    for (const w of new Set(targets)) {
      const m = byWxid.get(w);
      if (w === account.wxid) throw fail.conflict('groupMemberProtected');
      if (!m) throw fail.conflict('groupNotMember');
      if (m.isOwner || (group.myRole === 'admin' && m.isAdmin)) {
        throw fail.conflict('groupMemberProtected');
      }
    }
  }
}
