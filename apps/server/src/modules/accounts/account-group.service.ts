import type { AccountGroupNode } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './account-group.repository.ts';
import { presentGroupTree } from './account.presenter.ts';
import { isUuid, subtreeOf } from './account.service.ts';

/** The account-group tree of a tenant: list, add, rename, delete. */
export class AccountGroupService {
  constructor(private readonly deps: Uses<'realtime'>) {}

  private tenantOf(auth: AuthContext): string {
    if (!auth.tenantId) throw fail.notFound('accountGroupNotFound');
    return auth.tenantId;
  }

  /** The tree with the number of accounts directly in each group. */
  async tree(auth: AuthContext): Promise<AccountGroupNode[]> {
    if (!auth.tenantId) return [];
    const groups = await repo.listGroups(this.deps.db, auth.tenantId);
    return presentGroupTree(groups, await repo.accountsPerGroup(this.deps.db, auth.tenantId));
  }

  private async groupsOf(tenantId: string) {
    return repo.listGroups(this.deps.db, tenantId);
  }

  private assertFreeName(
    groups: repo.AccountGroupRow[],
    parentId: string | null,
    name: string,
    exceptId?: string,
  ) {
    const clash = groups.some(
      (g) =>
        g.id !== exceptId &&
        (g.parentId ?? null) === parentId &&
        g.name.toLowerCase() === name.toLowerCase(),
    );
    if (clash) throw fail.conflict('accountGroupNameTaken');
  }

  /** Adds a group under a parent (or at the top). */
  async add(auth: AuthContext, name: string, parentId: string | null | undefined) {
    const tenantId = this.tenantOf(auth);
    const groups = await this.groupsOf(tenantId);
    const parent = parentId || null;
    if (parent && (!isUuid(parent) || !groups.some((g) => g.id === parent))) {
      throw fail.notFound('accountGroupNotFound');
    }
    this.assertFreeName(groups, parent, name);
    const row = await repo.insertGroup(this.deps.db, { tenantId, parentId: parent, name });
    await this.announce(tenantId);
    return { id: row.id };
  }

  /** Renames a group. */
  async rename(auth: AuthContext, id: string, name: string): Promise<void> {
    const tenantId = this.tenantOf(auth);
    const groups = await this.groupsOf(tenantId);
    const group = isUuid(id) ? groups.find((g) => g.id === id) : undefined;
    if (!group) throw fail.notFound('accountGroupNotFound');
    this.assertFreeName(groups, group.parentId ?? null, name, id);
    await repo.renameGroup(this.deps.db, tenantId, id, name);
    await this.announce(tenantId);
  }

  /** Deletes a group and its sub-groups; refused while any of them holds work accounts. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const tenantId = this.tenantOf(auth);
    const groups = await this.groupsOf(tenantId);
    const ids = isUuid(id) ? subtreeOf(groups, id) : [];
    if (ids.length === 0) throw fail.notFound('accountGroupNotFound');
    if ((await repo.countAccountsIn(this.deps.db, tenantId, ids)) > 0) {
      throw fail.conflict('accountGroupHasAccounts');
    }
    await repo.deleteGroups(this.deps.db, tenantId, ids);
    await this.announce(tenantId);
  }

  /** Tells the tenant's users that the tree changed (the switcher regroups). */
  private async announce(tenantId: string): Promise<void> {
    await this.deps.realtime.publish(tenantId, { event: 'accountGroupsChanged', data: null });
  }
}
