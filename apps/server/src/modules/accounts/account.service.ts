import {
  SEAT_MAX_WORK_ACCOUNTS,
  WORK_ACCOUNT_STATUSES,
  accountOperationAllowed,
  translate,
  type AccountListBody,
  type AccountListResult,
  type AccountOperation,
  type AccountsAffected,
  type Language,
  type MessageKey,
  type SwitcherResult,
  type WorkAccountPool,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as groupRepo from './account-group.repository.ts';
import { unreadOf } from './account-unread.ts';
import { accountViewers, selfAndBelow } from './account-scope.repository.ts';
import { accountScope, seesWholeTenant, type AccountScope } from './account.policy.ts';
import { presentAccount, presentSwitcherAccount, presentWxTree } from './account.presenter.ts';
import { publishAccountsChanged, publishAccountsChangedTo } from './account-push.ts';
import { publishRisk, resumeRisk } from './account-risk.ts';
import { emitAccountRisk } from './account-risk-events.ts';
import * as repo from './account.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a string can be a row id (anything else is simply not found). */
export const isUuid = (s: string) => UUID.test(s);

/** The names of accounts for a message (at most five, then "…"). */
function namesOf(rows: { nickname: string; wxid: string }[]): string {
  const names = rows.slice(0, 5).map((r) => r.nickname || r.wxid);
  return rows.length > 5 ? `${names.join('、')}…` : names.join('、');
}

/** Refuses unless every account is in a state the operation allows (SPEC §5). */
export function assertStates(rows: repo.WorkAccountRow[], op: AccountOperation, key: MessageKey) {
  const bad = rows.filter((r) => !accountOperationAllowed(op, r.status));
  if (bad.length) throw fail.conflict(key, { names: namesOf(bad) });
}

const affected = (rows: { wxid: string }[]): AccountsAffected => ({
  count: rows.length,
  wxids: rows.map((r) => r.wxid),
});

/** Work-account management: list, switcher, edits, distribution and deletion. */
export class AccountService {
  constructor(private readonly deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return new Date(this.deps.now());
  }

  /** The accounts a caller may see. */
  scope(auth: AuthContext): Promise<AccountScope> {
    return accountScope(this.db, auth);
  }

  /**
   * The ids of the accounts a caller sees, or 'all' when it sees its whole tenant unnarrowed (a
   * manager's key with no accounts chosen: the events of no account are its too).
   */
  async visibleIds(auth: AuthContext): Promise<string[] | 'all'> {
    const scope = await this.scope(auth);
    if (scope.kind === 'tenant' && !scope.only) return 'all';
    return (await repo.allVisibleAccounts(this.db, scope)).map((a) => a.id);
  }

  /** The caller's tenant (a platform admin has none and sees no account). */
  tenantOf(auth: AuthContext): string {
    if (!auth.tenantId) throw fail.notFound('workAccountNotFound');
    return auth.tenantId;
  }

  /** The accounts named, all visible to the caller, or 404. */
  async requireVisible(auth: AuthContext, wxids: string[]): Promise<repo.WorkAccountRow[]> {
    const unique = [...new Set(wxids)];
    const rows = await repo.findVisible(this.db, await this.scope(auth), unique);
    if (rows.length !== unique.length) throw fail.notFound('workAccountNotFound');
    return rows;
  }

  /** A group of the caller's tenant, or 404 (null for none). */
  async requireGroup(tenantId: string, groupId: string | null | undefined): Promise<string | null> {
    if (!groupId) return null;
    const groups = await groupRepo.listGroups(this.db, tenantId);
    if (!isUuid(groupId) || !groups.some((g) => g.id === groupId)) {
      throw fail.notFound('accountGroupNotFound');
    }
    return groupId;
  }

  /** The account list with counts per status (API.md `acc/all`). */
  async list(auth: AuthContext, body: AccountListBody): Promise<AccountListResult> {
    const scope = await this.scope(auth);
    const filters: repo.AccountFilters = {
      status: body.status,
      pool: body.pool,
      keyword: body.keyword || undefined,
    };
    if (body.groupId && auth.tenantId) {
      const groups = await groupRepo.listGroups(this.db, auth.tenantId);
      filters.groupIds = isUuid(body.groupId) ? subtreeOf(groups, body.groupId) : [];
    }
    if (body.distributedTo) {
      filters.distributedTo = isUuid(body.distributedTo) ? body.distributedTo : UUID_NONE;
    }
    const { rows, total } = await repo.listAccounts(this.db, scope, filters, {
      offset: (body.page - 1) * body.pageSize,
      limit: body.pageSize,
    });
    const counts = await repo.countByStatus(this.db, scope, filters);
    const now = this.deps.now();
    return {
      list: rows.map((r) => presentAccount(r, now)),
      total,
      counts: Object.fromEntries(WORK_ACCOUNT_STATUSES.map((s) => [s, counts.get(s) ?? 0])),
    };
  }

  /** The header's switcher: visible accounts, by group, with unread counts. */
  async switcher(auth: AuthContext, lang: Language): Promise<SwitcherResult> {
    const scope = await this.scope(auth);
    if (scope.kind === 'none') return { wxAccount: [], wxTreeData: [], sessionWsList: [] };
    const accounts = await repo.allVisibleAccounts(this.db, scope);
    const groups = await groupRepo.listGroups(this.db, scope.tenantId);
    const unread = await unreadOf(
      this.deps,
      scope.tenantId,
      accounts.map((a) => a.id),
    );
    return {
      wxAccount: accounts.map(presentSwitcherAccount),
      wxTreeData: presentWxTree(groups, accounts, translate('ungrouped', lang)),
      sessionWsList: accounts.map((a) => ({
        wxid: a.wxid,
        unRead: Math.max(0, unread.get(a.id) ?? 0),
      })),
    };
  }

  /**
   * A person resumes accounts held at ban risk: risk back to normal, and their paused mass-send,
   * friend-adding, robot and API sends go on (the scheduler and the outbox sweep pick them up;
   * the tasks paused for the risk run again through the `account.risk` event).
   */
  async resumeRisk(auth: AuthContext, wxids: string[]): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, wxids);
    const raised = rows.filter((r) => r.risk !== 'normal');
    await resumeRisk(
      this.db,
      raised.map((r) => r.id),
    );
    for (const r of raised) {
      await publishRisk(this.deps, r, 'normal', '');
      await emitAccountRisk(this.deps, {
        tenantId: r.tenantId,
        accountId: r.id,
        wxid: r.wxid,
        risk: 'normal',
        reason: '',
        by: auth.userId,
      });
    }
    return { count: raised.length, wxids: raised.map((r) => r.wxid) };
  }

  /** Changes an account's remark (any state). */
  async updateRemark(auth: AuthContext, wxid: string, remark: string): Promise<void> {
    const [row] = await this.requireVisible(auth, [wxid]);
    if (row!.remark === remark) return;
    await repo.updateAccounts(this.db, row!.tenantId, [row!.id], { remark });
    await publishAccountsChanged(this.deps, row!.tenantId, [row!], 'updated');
  }

  /** Edits logged-in accounts in one go: remark and/or group (SPEC §5: only logged-in ones). */
  async batchEdit(
    auth: AuthContext,
    body: { wxids: string[]; remark?: string; groupId?: string | null },
  ): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, body.wxids);
    assertStates(rows, 'batchEdit', 'batchEditOnlyOnline');
    const tenantId = this.tenantOf(auth);
    const set: Partial<repo.WorkAccountRow> = {};
    if (body.remark !== undefined) set.remark = body.remark;
    if (body.groupId !== undefined) set.groupId = await this.requireGroup(tenantId, body.groupId);
    return this.apply(tenantId, rows, set);
  }

  /** Moves accounts into a group, or out of every group (any state). */
  async moveGroup(
    auth: AuthContext,
    wxids: string[],
    groupId: string | null | undefined,
  ): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, wxids);
    const tenantId = this.tenantOf(auth);
    return this.apply(tenantId, rows, { groupId: await this.requireGroup(tenantId, groupId) });
  }

  /** Moves accounts between the service and the feeding pool (confirmed with 'yes'). */
  async changePool(
    auth: AuthContext,
    wxids: string[],
    pool: WorkAccountPool,
  ): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, wxids);
    return this.apply(this.tenantOf(auth), rows, { pool });
  }

  private async apply(
    tenantId: string,
    rows: repo.WorkAccountRow[],
    set: Partial<repo.WorkAccountRow>,
  ): Promise<AccountsAffected> {
    const changed = await repo.updateAccounts(
      this.db,
      tenantId,
      rows.map((r) => r.id),
      set,
    );
    await publishAccountsChanged(this.deps, tenantId, changed, 'updated');
    return affected(changed);
  }

  /** Distributes accounts to a seat (at most 50 per seat) inside the caller's part of the tree. */
  async distribute(auth: AuthContext, wxids: string[], uid: string): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, wxids);
    const tenantId = this.tenantOf(auth);
    const target = isUuid(uid) ? await repo.findTenantUser(this.db, tenantId, uid) : null;
    if (!target || target.status !== 'enabled') throw fail.notFound('seatNotFound');
    if (seesWholeTenant(target.role)) throw fail.invalid('seatNotAllowed');
    if (!seesWholeTenant(auth.role)) {
      const mine = await selfAndBelow(this.db, tenantId, auth.userId);
      if (!mine.includes(target.id)) throw fail.forbidden('seatNotAllowed');
    }
    return this.reassign(tenantId, rows, target.id, async (tx) => {
      await repo.lockSeatCount(tx, target.id);
      const held = await repo.countDistributedTo(tx, tenantId, target.id);
      const adding = rows.filter((r) => r.distributedTo !== target.id).length;
      if (held + adding > SEAT_MAX_WORK_ACCOUNTS) {
        throw fail.conflict('seatFull', {
          max: SEAT_MAX_WORK_ACCOUNTS,
          name: target.nickname,
          count: held,
        });
      }
    });
  }

  /** Takes accounts back: to the tenant pool (manager) or to the caller itself. */
  async restitute(auth: AuthContext, wxids: string[]): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, wxids);
    const tenantId = this.tenantOf(auth);
    const to = seesWholeTenant(auth.role) ? null : auth.userId;
    return this.reassign(tenantId, rows, to);
  }

  private async reassign(
    tenantId: string,
    rows: repo.WorkAccountRow[],
    to: string | null,
    check?: (tx: Tx) => Promise<void>,
  ): Promise<AccountsAffected> {
    const ids = rows.map((r) => r.id);
    const before = await this.viewersOf(tenantId, ids);
    const changed = await this.db.transaction(async (tx) => {
      await check?.(tx);
      return repo.updateAccounts(tx, tenantId, ids, { distributedTo: to });
    });
    const after = await this.viewersOf(tenantId, ids);
    await publishAccountsChangedTo(
      this.deps,
      tenantId,
      [...new Set([...before, ...after])],
      changed.map((r) => r.wxid),
      'distributed',
    );
    return affected(changed);
  }

  /** Everyone who may see any of the accounts now (managers included). */
  private async viewersOf(tenantId: string, ids: string[]): Promise<string[]> {
    const out = new Set(await repo.tenantManagerIds(this.db, tenantId));
    for (const set of (await accountViewers(this.db, tenantId, ids)).values()) {
      for (const u of set) out.add(u);
    }
    return [...out];
  }

  /** Deletes accounts (typed 'del'): logs them out, frees their ports, drops their data. */
  async remove(auth: AuthContext, wxids: string[]): Promise<AccountsAffected> {
    const rows = await this.requireVisible(auth, wxids);
    return this.deleteRows(this.tenantOf(auth), rows);
  }

  /** Deletes banned / non-online accounts: the chosen ones (all in that state) or every such one. */
  async removeInState(
    auth: AuthContext,
    wxids: string[] | undefined,
    op: 'deleteBanned' | 'deleteNonOnline',
  ): Promise<AccountsAffected> {
    const tenantId = this.tenantOf(auth);
    let rows: repo.WorkAccountRow[];
    if (wxids) {
      rows = await this.requireVisible(auth, wxids);
      assertStates(rows, op, op === 'deleteBanned' ? 'deleteBannedOnly' : 'deleteNonOnlineOnly');
    } else {
      const states =
        op === 'deleteBanned'
          ? ['banned' as const]
          : WORK_ACCOUNT_STATUSES.filter((s) => s !== 'online');
      rows = await repo.findVisibleInStates(this.db, await this.scope(auth), states);
      if (rows.length === 0) {
        throw fail.conflict(op === 'deleteBanned' ? 'noBannedAccounts' : 'noNonOnlineAccounts');
      }
    }
    return this.deleteRows(tenantId, rows);
  }

  private async deleteRows(
    tenantId: string,
    rows: repo.WorkAccountRow[],
  ): Promise<AccountsAffected> {
    const ids = rows.map((r) => r.id);
    const viewers = await this.viewersOf(tenantId, ids);
    await this.db.transaction((tx) => repo.deleteAccounts(tx, tenantId, ids));
    const runtime = this.deps.runtime;
    runtime.forget(rows.map((r) => r.wxid));
    if (runtime.started) {
      for (const r of rows) {
        // The platform session ends with the account; failures only mean it was not connected.
        await runtime.gateway.logout(r.wxid).catch(() => undefined);
      }
    }
    await publishAccountsChangedTo(
      this.deps,
      tenantId,
      viewers,
      rows.map((r) => r.wxid),
      'deleted',
    );
    return affected(rows);
  }
}

// A uuid no row has: an id filter that cannot be a row id matches nothing.
const UUID_NONE = '00000000-0000-0000-0000-000000000000';

/** A group and every group below it. */
export function subtreeOf(groups: { id: string; parentId: string | null }[], rootId: string) {
  const out = new Set<string>();
  if (!groups.some((g) => g.id === rootId)) return [];
  const walk = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const g of groups) if (g.parentId === id) walk(g.id);
  };
  walk(rootId);
  return [...out];
}
