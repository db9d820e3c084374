import type { GroupChange, GroupPush } from '@cst/shared';
import type { GroupDto, GroupMemberDto } from '../../gateway/types.ts';
import type { Tx } from '../../platform/db.ts';
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

/**
 * The `group.updated` event of a change of a group: its data is the `group` push the console
 * gets for it (`{workWxid, groupId, change}`), recorded in the transaction that stores the change.
 */
export function groupUpdatedEvent(
  account: GroupAccount,
  groupId: string,
  change: GroupChange,
): OpenEventInput {
  const data: GroupPush = { workWxid: account.wxid, groupId, change };
  return { tenantId: account.tenantId, workAccountId: account.id, event: 'group.updated', data };
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
