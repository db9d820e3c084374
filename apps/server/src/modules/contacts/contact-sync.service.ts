import type {
  ChatGateway,
  ContactsChangedEvent,
  GroupChangedEvent,
  GroupNoticeEvent,
} from '../../gateway/types.ts';
import type { Uses } from '../../platform/deps.ts';
import { convUpdatePush } from '../conversations/index.ts';
import { applyFriendChanges, syncConversationFlags } from '../friends/index.ts';
import { recordEvent, recordEvents } from '../webhooks/index.ts';
import { announceContacts, contactsPush, type ContactsAccount } from './contact.push.ts';
import * as repo from './contact.repository.ts';
import {
  groupPushes,
  groupUpdatedEvent,
  removeGroup,
  storeGroup,
  storeGroupMembers,
  storeGroupsAtLogin,
  type GroupChanged,
  type GroupRead,
} from './group-store.ts';

/** A work account as the sync needs it. */
export type SyncAccount = ContactsAccount;

const refOf = (a: SyncAccount): repo.AccountRef => ({ tenantId: a.tenantId, workAccountId: a.id });

/**
 * Keeps a work account's friends and groups in step with the platform: the full read after a
 * login (registered with the account runtime by the contacts module) and the platform's
 * contactsChanged, groupChanged and groupNotice events (the module's `on` handlers).
 */
export class ContactSyncService {
  constructor(
    private readonly deps: Uses<'realtime'>,
    private readonly gateway: () => ChatGateway,
  ) {}

  private now() {
    return new Date(this.deps.now());
  }

  /**
   * Reads every friend, group and member from the platform (after a login). The groups created,
   * changed or removed while the account was away are `group.updated` events, recorded in the
   * transaction that stores them, and `group` pushes; an account's first read records none.
   */
  async fullSync(account: SyncAccount): Promise<void> {
    const gw = this.gateway();
    const ref = refOf(account);
    const now = this.now();
    const friends = await gw.listContacts(account.wxid);
    const groups = await gw.listGroups(account.wxid);
    const reads: GroupRead[] = [];
    for (const group of groups) {
      reads.push({ group, members: await gw.listGroupMembers(account.wxid, group.groupId) });
    }
    const { convs, changes } = await this.deps.db.transaction(async (tx) => {
      const first = (await repo.markContactsSynced(tx, account.id, now)) === null;
      await repo.upsertContacts(tx, ref, friends, now);
      await repo.deleteContactsExcept(
        tx,
        ref,
        friends.map((c) => c.wxid),
      );
      const changes = await storeGroupsAtLogin(tx, account, reads, now, first);
      await recordEvents(
        tx,
        changes.map((c) => groupUpdatedEvent(account, c.groupId, c.change)),
      );
      // Chats of blacklisted friends are blocked, of others not (SPEC §4).
      const convs = await syncConversationFlags(tx, account.id, friends, []);
      return { convs, changes };
    });
    await this.deps.realtime.publish(account.tenantId, [
      ...convs.map(convUpdatePush),
      ...groupPushes(account, changes),
    ]);
    await announceContacts(this.deps, account);
  }

  /**
   * Applies friends added, changed or removed on the platform: names, blacklist (blocked chats)
   * and removed friends (marked chats) reach the lists at once (friends/friend-changes.ts).
   */
  async onContactsChanged(account: SyncAccount, ev: ContactsChangedEvent): Promise<void> {
    await applyFriendChanges(this.deps, account, {
      upserted: [...ev.added, ...ev.updated],
      removed: ev.removed,
    });
    await announceContacts(this.deps, account);
  }

  /**
   * Applies a group created, changed, left or lost. A change is read again from the platform (the
   * event's copy may predate a later command) and stored only if no newer read was stored since;
   * `group.updated` is recorded, and `group` pushed, only when the stored group changed.
   */
  async onGroupChanged(account: SyncAccount, ev: GroupChangedEvent): Promise<void> {
    const groupId = ev.group.groupId;
    let change: GroupChanged['change'] | null = null;
    if (ev.kind === 'left' || ev.kind === 'removed') {
      const kind = ev.kind;
      change = await this.deps.db.transaction(async (tx) => {
        if (!(await removeGroup(tx, account, groupId))) return null;
        await recordEvent(tx, groupUpdatedEvent(account, groupId, kind));
        return kind;
      });
    } else {
      const observedAt = this.now();
      const gw = this.gateway();
      const fresh = await gw
        .listGroups(account.wxid)
        .then((gs) => gs.find((g) => g.groupId === groupId))
        .catch(() => undefined);
      const members = await gw.listGroupMembers(account.wxid, groupId).catch(() => null);
      // A change the console's command has stored already changes nothing and records nothing.
      change = await this.deps.db.transaction(async (tx) => {
        const stored = await storeGroup(tx, account, fresh ?? ev.group, members, observedAt);
        if (stored.change)
          await recordEvent(tx, groupUpdatedEvent(account, groupId, stored.change));
        return stored.change;
      });
    }
    if (!change) return;
    await this.deps.realtime.publish(account.tenantId, [
      ...groupPushes(account, [{ groupId, change }]),
      await contactsPush(this.deps, account),
    ]);
  }

  /** Refreshes a group's members when people joined or left (`group` pushed if they changed). */
  async onGroupNotice(account: SyncAccount, ev: GroupNoticeEvent): Promise<void> {
    if (ev.kind !== 'memberJoined' && ev.kind !== 'memberLeft') return;
    const ref = refOf(account);
    const rowId = await repo.findGroupRowId(this.deps.db, ref, ev.groupId);
    if (!rowId) return;
    const members = await this.gateway().listGroupMembers(account.wxid, ev.groupId);
    const changed = await this.deps.db.transaction(async (tx) => {
      if (!(await storeGroupMembers(tx, account, ev.groupId, members))) return false;
      await recordEvent(tx, groupUpdatedEvent(account, ev.groupId, 'updated'));
      return true;
    });
    if (!changed) return;
    await this.deps.realtime.publish(
      account.tenantId,
      groupPushes(account, [{ groupId: ev.groupId, change: 'updated' }]),
    );
  }
}
