import { GROUP_WS_EVENTS, type GroupChange, type GroupPush } from '@cst/shared';
import type { GroupDto, GroupMemberDto } from '../../gateway/types.ts';
import type { Tx } from '../../platform/db.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import type { OpenEventInput } from '../webhooks/index.ts';
import * as repo from './contact.repository.ts';

// The one way a group's platform state is stored outside the login's full read, by a console
// command's read and by the platform's reports alike. Each store compares the group before and
// after under the group's lock and says whether it changed, so one change of a group — told
// by the command that made it and again by one or two platform reports — is one change:
// whichever store comes first changes the rows, the others restate them and change nothing.

/** The work account a group belongs to. */
export interface GroupAccount {
  id: string;
  tenantId: string;
  wxid: string;
}

const refOf = (a: GroupAccount): repo.AccountRef => ({ tenantId: a.tenantId, workAccountId: a.id });

/** A change of a group as stored: which group, and how it changed. */
export interface GroupChanged {
  groupId: string;
  change: GroupChange;
}

const pushData = (account: GroupAccount, c: GroupChanged): GroupPush => ({
  workWxid: account.wxid,
  groupId: c.groupId,
  change: c.change,
});

/**
 * The `group.updated` event of a change of a group: its data is the `group` push the console
 * gets for it (`{workWxid, groupId, change}`), recorded in the transaction that stores the change.
 */
export function groupUpdatedEvent(
  account: GroupAccount,
  groupId: string,
  change: GroupChange,
): OpenEventInput {
  const data = pushData(account, { groupId, change });
  return { tenantId: account.tenantId, workAccountId: account.id, event: 'group.updated', data };
}

/**
 * The `group` pushes of stored changes, to everyone who sees the account: one per change, as the
 * events, published after the commit together with the other pushes of the same report.
 */
export function groupPushes(account: GroupAccount, changes: GroupChanged[]): PushInput[] {
  return changes.map((c) => ({
    event: GROUP_WS_EVENTS.group,
    data: pushData(account, c),
    workAccountId: account.id,
  }));
}

/** What a store did: the group's row id (null when an older read was refused) and its change. */
export interface GroupStored {
  rowId: string | null;
  /** 'created' for a group not stored before, 'updated' when it changed, else null. */
  change: 'created' | 'updated' | null;
}

/**
 * Stores a group as the platform showed it at `observedAt`, with its members when given. A read
 * older than the stored one changes nothing (the row's time decides).
 */
export async function storeGroup(
  tx: Tx,
  account: GroupAccount,
  group: GroupDto,
  members: GroupMemberDto[] | null,
  observedAt: Date,
): Promise<GroupStored> {
  const ref = refOf(account);
  await repo.lockGroup(tx, ref, group.groupId);
  const before = await repo.groupState(tx, ref, group.groupId);
  const rowId = await repo.upsertGroup(tx, ref, group, observedAt);
  if (!rowId) return { rowId: null, change: null };
  if (members) await repo.replaceMembers(tx, account.tenantId, rowId, members);
  if (before === null) return { rowId, change: 'created' };
  const after = await repo.groupState(tx, ref, group.groupId);
  return { rowId, change: after === before ? null : 'updated' };
}

/** Replaces the members of a stored group; true when they changed (false when not stored). */
export async function storeGroupMembers(
  tx: Tx,
  account: GroupAccount,
  groupId: string,
  members: GroupMemberDto[],
): Promise<boolean> {
  const ref = refOf(account);
  await repo.lockGroup(tx, ref, groupId);
  const rowId = await repo.findGroupRowId(tx, ref, groupId);
  if (!rowId) return false;
  const before = await repo.groupState(tx, ref, groupId);
  await repo.replaceMembers(tx, account.tenantId, rowId, members);
  return (await repo.groupState(tx, ref, groupId)) !== before;
}

/** Removes a group the account left or lost; true when it was stored (so this removed it). */
export async function removeGroup(tx: Tx, account: GroupAccount, groupId: string) {
  const ref = refOf(account);
  await repo.lockGroup(tx, ref, groupId);
  const removed = await repo.deleteGroups(tx, ref, [groupId]);
  return removed.length > 0;
}

/** A group as the login's full read found it, with its members. */
export interface GroupRead {
  group: GroupDto;
  members: GroupMemberDto[];
}

/**
 * Stores what the login's full read found: every group with its members, and removes the groups
 * the account is no longer in. An account's first read (`first`) stores them as they are and
 * tells nothing: the groups an account brings are not changes. A later read compares each group
 * under its lock, as a report's store does, and returns the groups created, changed and removed
 * while the account was away (a group gone is `removed`: the read cannot tell a leave from a loss).
 */
export async function storeGroupsAtLogin(
  tx: Tx,
  account: GroupAccount,
  reads: GroupRead[],
  observedAt: Date,
  first: boolean,
): Promise<GroupChanged[]> {
  const ref = refOf(account);
  const changes: GroupChanged[] = [];
  for (const { group, members } of reads) {
    if (first) {
      const rowId = await repo.upsertGroup(tx, ref, group, observedAt);
      if (rowId) await repo.replaceMembers(tx, account.tenantId, rowId, members);
      continue;
    }
    const { change } = await storeGroup(tx, account, group, members, observedAt);
    if (change) changes.push({ groupId: group.groupId, change });
  }
  const kept = reads.map((r) => r.group.groupId);
  for (const groupId of await repo.deleteGroupsExcept(tx, ref, kept)) {
    if (!first) changes.push({ groupId, change: 'removed' });
  }
  return changes;
}
