import type {
  ChatGateway,
  ContactsChangedEvent,
  GroupChangedEvent,
  GroupNoticeEvent,
} from '../../gateway/types.ts';
import type { Deps } from '../../platform/deps.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { convUpdatePush } from '../conversations/index.ts';
import { applyFriendChanges, syncConversationFlags } from '../friends/index.ts';
import { recordEvent } from '../webhooks/index.ts';
import { announceContacts, type ContactsAccount } from './contact.push.ts';
import * as repo from './contact.repository.ts';
import { groupUpdatedEvent, removeGroup, storeGroup, storeGroupMembers } from './group-store.ts';

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
    private readonly deps: Deps,
    private readonly gateway: () => ChatGateway,
  ) {}

  private now() {
    return new Date(this.deps.now());
  }

  /** Reads every friend, group and member from the platform (after a login). */
  async fullSync(account: SyncAccount): Promise<void> {
    const gw = this.gateway();
    const ref = refOf(account);
    const now = this.now();
    const friends = await gw.listContacts(account.wxid);
    const groups = await gw.listGroups(account.wxid);
    const members = new Map<string, Awaited<ReturnType<ChatGateway['listGroupMembers']>>>();
    for (const g of groups)
      members.set(g.groupId, await gw.listGroupMembers(account.wxid, g.groupId));
    const changed = await this.deps.db.transaction(async (tx) => {
      await repo.upsertContacts(tx, ref, friends, now);
      await repo.deleteContactsExcept(
        tx,
        ref,
        friends.map((c) => c.wxid),
      );
      for (const g of groups) {
        const rowId = await repo.upsertGroup(tx, ref, g, now);
        if (rowId) {
          await repo.replaceMembers(tx, account.tenantId, rowId, members.get(g.groupId) ?? []);
        }
      }
      await repo.deleteGroupsExcept(
        tx,
        ref,
        groups.map((g) => g.groupId),
      );
      // Chats of blacklisted friends are blocked, of others not (SPEC §4).
      return syncConversationFlags(tx, account.id, friends, []);
    });
    await realtimeOf(this.deps).publish(account.tenantId, changed.map(convUpdatePush));
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
   * `group.updated` is recorded only when the stored group changed.
   */
  async onGroupChanged(account: SyncAccount, ev: GroupChangedEvent): Promise<void> {
    const groupId = ev.group.groupId;
    if (ev.kind === 'left' || ev.kind === 'removed') {
      const kind = ev.kind;
      await this.deps.db.transaction(async (tx) => {
        if (await removeGroup(tx, account, groupId)) {
          await recordEvent(tx, groupUpdatedEvent(account, groupId, kind));
        }
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
      await this.deps.db.transaction(async (tx) => {
        const { change } = await storeGroup(tx, account, fresh ?? ev.group, members, observedAt);
        if (change) await recordEvent(tx, groupUpdatedEvent(account, groupId, change));
      });
    }
    await announceContacts(this.deps, account);
  }

  /** Refreshes a group's members when people joined or left. */
  async onGroupNotice(account: SyncAccount, ev: GroupNoticeEvent): Promise<void> {
    if (ev.kind !== 'memberJoined' && ev.kind !== 'memberLeft') return;
    const ref = refOf(account);
    const rowId = await repo.findGroupRowId(this.deps.db, ref, ev.groupId);
    if (!rowId) return;
    const members = await this.gateway().listGroupMembers(account.wxid, ev.groupId);
    await this.deps.db.transaction(async (tx) => {
      if (await storeGroupMembers(tx, account, ev.groupId, members)) {
        await recordEvent(tx, groupUpdatedEvent(account, ev.groupId, 'updated'));
      }
    });
  }
}
