import {
  SEAT_MAX_WORK_ACCOUNTS,
  addUserBody,
  translate,
  WS_EVENTS,
  type AddBatchResult,
  type AddUserBody,
  type ChangeStatusBody,
  type DelSubCstBody,
  type DelSubCstResult,
  type EditUserBody,
  type Language,
  type ListResult,
  type ResetPwdBody,
  type UserItem,
  type UserInfoPush,
  type UserPageQuery,
} from '@cst/shared';
import { permissionsOf, type AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { validationMessage } from '../../platform/validation-message.ts';
import { findPosition as positionsRepoFindPosition } from '../positions/index.ts';
import {
  lockSeatCount,
  publishAccountsChangedTo,
  selfAndAbove,
  tenantManagerIds,
} from '../accounts/index.ts';
import { convUpdatePush } from '../conversations/index.ts';
import { findRole as rolesRepoFindRole } from '../roles/index.ts';
import { logFlow } from '../service/index.ts';
import { subtreeIds } from '../seats/index.ts';
import { assertCanGrant, isUuid, userActor, type UserActor } from './users.policy.ts';
import { presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';

type TenantActor = Extract<UserActor, { kind: 'tenant' }>;

/** `undefined` keeps a reference as it is, '' or null clears it, an id sets it. */
const cleared = (v: string | null | undefined) => v === '' || v === null;

/** Customer users (platform admin) and sub-accounts (inside a tenant). */
export class UsersService {
  constructor(private readonly deps: Uses<'realtime'>) {}

  private get db() {
    return this.deps.db;
  }

  /** Ids a non-manager may manage: the users below it; null for a manager (whole tenant). */
  private async scope(actor: TenantActor): Promise<Set<string> | null> {
    if (actor.isManager) return null;
    return new Set(await subtreeIds(this.db, actor.tenantId, actor.auth.userId));
  }

  /** A sub-account the tenant actor may change; 404 outside the tenant, 403 outside its scope. */
  private async manageable(actor: TenantActor, uid: string) {
    const row = isUuid(uid) ? await repo.findTenantUser(this.db, actor.tenantId, uid) : null;
    if (!row) throw fail.notFound('userNotFound');
    if (row.user.role === 'manager') throw fail.forbidden('cannotEditManager');
    const scope = await this.scope(actor);
    if (scope && !scope.has(uid)) throw fail.forbidden('outOfScope');
    return row;
  }

  /** A tenant manager the platform admin may change; 404 for anything else. */
  private async managerOf(uid: string) {
    const row = isUuid(uid) ? await repo.findManager(this.db, uid) : null;
    if (!row) throw fail.notFound('userNotFound');
    return row;
  }

  /** A custom role of the actor's tenant, or null for none. */
  private async roleOf(actor: TenantActor, roleId: string | null | undefined) {
    if (!roleId) return null;
    const role = isUuid(roleId) ? await rolesRepoFindRole(this.db, actor.tenantId, roleId) : null;
    if (!role) throw fail.notFound('roleNotFound');
    return role;
  }

  /** Checks a position of the actor's tenant and returns its id, or null for none. */
  private async positionOf(actor: TenantActor, positionId: string | null | undefined) {
    if (!positionId) return null;
    const found = isUuid(positionId)
      ? await positionsRepoFindPosition(this.db, actor.tenantId, positionId)
      : null;
    if (!found) throw fail.notFound('positionNotFound');
    return found.id;
  }

  /** Checks a superior: in the tenant, inside the actor's reach, and not below `uid` (cycle). */
  private async superiorOf(actor: TenantActor, superiorId: string, uid?: string) {
    const sup = isUuid(superiorId)
      ? await repo.findTenantUser(this.db, actor.tenantId, superiorId)
      : null;
    if (!sup) throw fail.notFound('superiorNotFound');
    if (uid) {
      if (superiorId === uid) throw fail.invalid('superiorCycle');
      const below = await subtreeIds(this.db, actor.tenantId, uid);
      if (below.includes(superiorId)) throw fail.invalid('superiorCycle');
    }
    const scope = await this.scope(actor);
    if (scope && superiorId !== actor.auth.userId && !scope.has(superiorId)) {
      throw fail.forbidden('outOfScope');
    }
    return sup.user.id;
  }

  /** Platform admin: tenant managers; inside a tenant: its users (a non-manager: itself and below). */
  async pageList(auth: AuthContext, q: UserPageQuery): Promise<ListResult<UserItem>> {
    const actor = userActor(auth);
    const filter: repo.UserFilter = {
      tenantId: actor.kind === 'tenant' ? actor.tenantId : null,
      keyword: q.keyword || undefined,
      role: q.role,
      status: q.status,
      page: q.page,
      pageSize: q.pageSize,
    };
    if (actor.kind === 'tenant') {
      const scope = await this.scope(actor);
      if (scope) filter.ids = [auth.userId, ...scope];
    }
    const { rows, total } = await repo.listUsers(this.db, filter);
    return { list: rows.map(presentUser), total };
  }

  /** The direct subordinates of a user the caller may see. */
  async subList(auth: AuthContext, uid: string): Promise<ListResult<UserItem>> {
    const actor = userActor(auth);
    let target: repo.UserRow | null;
    if (actor.kind === 'platform') {
      target = isUuid(uid) ? await repo.findAnyTenantUser(this.db, uid) : null;
    } else {
      target = isUuid(uid) ? await repo.findTenantUser(this.db, actor.tenantId, uid) : null;
      const scope = target && (await this.scope(actor));
      if (scope && uid !== auth.userId && !scope.has(uid)) throw fail.forbidden('outOfScope');
    }
    if (!target?.user.tenantId) throw fail.notFound('userNotFound');
    const rows = await repo.listSubordinates(this.db, target.user.tenantId, uid);
    return { list: rows.map(presentUser), total: rows.length };
  }

  /** Platform admin: a new tenant with its manager; inside a tenant: a sub-account. */
  async add(auth: AuthContext, body: AddUserBody): Promise<{ uid: string }> {
    const actor = userActor(auth);
    const tenantName = body.tenantName?.trim();
    if (actor.kind === 'platform' && !tenantName) throw fail.invalid('tenantNameRequired');
    if (actor.kind === 'tenant' && !body.role) throw fail.invalid('roleRequired');
    if (await repo.usernameTaken(this.db, body.username)) throw fail.conflict('accountTaken');
    const passwordHash = await hashPassword(body.password);
    try {
      if (actor.kind === 'tenant')
        return { uid: await this.addSubAccount(actor, body, passwordHash) };
      const created = await this.db.transaction(async (tx) => {
        const ids = await repo.insertTenantWithManager(tx, tenantName!, {
          username: body.username,
          passwordHash,
          nickname: body.nickname,
        });
        await repo.audit(tx, {
          tenantId: ids.tenantId,
          userId: auth.userId,
          action: 'tenant.create',
          target: ids.uid,
          detail: { tenantName, username: body.username },
        });
        return ids;
      });
      return { uid: created.uid };
    } catch (err) {
      if (repo.isUniqueViolation(err)) throw fail.conflict('accountTaken');
      throw err;
    }
  }

  private async addSubAccount(actor: TenantActor, body: AddUserBody, passwordHash: string) {
    const subRole = body.role!;
    const role = await this.roleOf(actor, body.roleId);
    const positionId = await this.positionOf(actor, body.positionId);
    const superiorId = body.superiorId
      ? await this.superiorOf(actor, body.superiorId)
      : actor.auth.userId;
    assertCanGrant(actor.auth, permissionsOf(subRole, role?.permissions ?? null));
    return this.db.transaction(async (tx) => {
      const uid = await repo.insertTenantUser(tx, actor.tenantId, {
        username: body.username,
        passwordHash,
        nickname: body.nickname,
        role: subRole,
        roleId: role?.id ?? null,
        positionId,
        superiorId,
        seatPrefix: body.seatPrefix || null,
      });
      await repo.audit(tx, {
        tenantId: actor.tenantId,
        userId: actor.auth.userId,
        action: 'user.create',
        target: uid,
        detail: { username: body.username, role: body.role },
      });
      return uid;
    });
  }

  /** Adds many users; valid rows are created, bad rows reported by index in the caller's language. */
  async addBatch(auth: AuthContext, rows: unknown[], lang: Language): Promise<AddBatchResult> {
    userActor(auth);
    if (rows.length === 0) throw fail.invalid('batchEmpty');
    const created: string[] = [];
    const errors: AddBatchResult['errors'] = [];
    for (const [index, raw] of rows.entries()) {
      const parsed = addUserBody.safeParse(raw);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          keyword: i.code,
          instancePath: `/${i.path.join('/')}`,
          message: i.message,
          params: { ...i } as Record<string, unknown>,
        }));
        errors.push({ index, message: validationMessage(issues, lang, `users.${index}`) });
        continue;
      }
      try {
        created.push((await this.add(auth, parsed.data)).uid);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        errors.push({ index, message: translate(err.key, lang, err.params) });
      }
    }
    return { created, errors };
  }

  /** Changes a manager (platform admin: nickname, tenant name) or a sub-account. */
  async edit(auth: AuthContext, body: EditUserBody): Promise<null> {
    const actor = userActor(auth);
    if (actor.kind === 'platform') {
      const row = await this.managerOf(body.uid);
      const tenantId = row.user.tenantId!;
      if (body.tenantName !== undefined && !body.tenantName) {
        throw fail.invalid('tenantNameRequired');
      }
      await this.db.transaction(async (tx) => {
        if (body.nickname) {
          await repo.updateTenantUser(tx, tenantId, body.uid, { nickname: body.nickname });
        }
        if (body.tenantName) await repo.renameTenant(tx, tenantId, body.tenantName);
        await repo.audit(tx, {
          tenantId,
          userId: auth.userId,
          action: 'tenant.edit',
          target: body.uid,
          detail: { nickname: body.nickname, tenantName: body.tenantName },
        });
      });
      if (body.nickname && body.nickname !== row.user.nickname) {
        await this.announceUserInfo(tenantId, { ...row.user, nickname: body.nickname });
      }
      return null;
    }
    const row = await this.manageable(actor, body.uid);
    const patch: Parameters<typeof repo.updateTenantUser>[3] = {};
    if (body.nickname) patch.nickname = body.nickname;
    if (body.role) patch.role = body.role;
    let rolePermissions = row.rolePermissions;
    if (body.roleId !== undefined) {
      const role = cleared(body.roleId) ? null : await this.roleOf(actor, body.roleId);
      patch.roleId = role?.id ?? null;
      rolePermissions = role?.permissions ?? null;
    }
    if (body.positionId !== undefined) {
      patch.positionId = cleared(body.positionId)
        ? null
        : await this.positionOf(actor, body.positionId);
    }
    if (body.superiorId) patch.superiorId = await this.superiorOf(actor, body.superiorId, body.uid);
    if (body.seatPrefix !== undefined) patch.seatPrefix = body.seatPrefix || null;
    if (body.role !== undefined || body.roleId !== undefined) {
      const role = patch.role ?? row.user.role;
      const roleId = patch.roleId !== undefined ? patch.roleId : row.user.roleId;
      assertCanGrant(auth, permissionsOf(role, roleId ? rolePermissions : null));
    }
    await this.db.transaction(async (tx) => {
      await repo.updateTenantUser(tx, actor.tenantId, body.uid, patch);
      await repo.audit(tx, {
        tenantId: actor.tenantId,
        userId: auth.userId,
        action: 'user.edit',
        target: body.uid,
        detail: patch,
      });
    });
    if (patch.nickname && patch.nickname !== row.user.nickname) {
      await this.announceUserInfo(actor.tenantId, { ...row.user, nickname: patch.nickname });
    }
    return null;
  }

  /** `userInfo` to a user whose seat a manager changed: their header follows at once. */
  private async announceUserInfo(
    tenantId: string,
    user: { id: string; nickname: string; avatar: string | null },
  ): Promise<void> {
    const data: UserInfoPush = { uid: user.id, nickname: user.nickname, avatar: user.avatar };
    await this.deps.realtime.publish(tenantId, {
      event: WS_EVENTS.userInfo,
      userIds: [user.id],
      data,
    });
  }

  /** Enables or disables a user (the platform admin: a whole tenant); disabling revokes its tokens. */
  async changeStatus(auth: AuthContext, body: ChangeStatusBody): Promise<null> {
    const actor = userActor(auth);
    if (body.uid === auth.userId) throw fail.forbidden('cannotDisableSelf');
    const at = new Date(this.deps.now());
    if (actor.kind === 'platform') {
      const row = await this.managerOf(body.uid);
      const tenantId = row.user.tenantId!;
      await this.db.transaction(async (tx) => {
        await repo.updateTenantUser(tx, tenantId, body.uid, { status: body.status });
        await repo.setTenantStatus(tx, tenantId, body.status);
        if (body.status === 'disabled') await repo.revokeTenantTokens(tx, tenantId, at);
        await repo.audit(tx, {
          tenantId,
          userId: auth.userId,
          action: `tenant.${body.status}`,
          target: body.uid,
        });
      });
      return null;
    }
    await this.manageable(actor, body.uid);
    await this.db.transaction(async (tx) => {
      await repo.updateTenantUser(tx, actor.tenantId, body.uid, { status: body.status });
      if (body.status === 'disabled') {
        await repo.revokeUserTokens(tx, actor.tenantId, body.uid, at);
      }
      await repo.audit(tx, {
        tenantId: actor.tenantId,
        userId: auth.userId,
        action: `user.${body.status}`,
        target: body.uid,
      });
    });
    return null;
  }

  /** Sets a new password for a user the caller manages and signs that user out everywhere. */
  async resetPassword(auth: AuthContext, body: ResetPwdBody): Promise<null> {
    const actor = userActor(auth);
    const row =
      actor.kind === 'platform'
        ? await this.managerOf(body.uid)
        : await this.manageable(actor, body.uid);
    const tenantId = row.user.tenantId!;
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(async (tx) => {
      await repo.updateTenantUser(tx, tenantId, body.uid, { passwordHash });
      await repo.revokeUserTokens(tx, tenantId, body.uid, new Date(this.deps.now()));
      await repo.audit(tx, {
        tenantId,
        userId: auth.userId,
        action: 'user.resetPassword',
        target: body.uid,
      });
    });
    return null;
  }

  /**
   * Deletes a seat or sub-account (`POST /main-api/acc/del-sub-cst`): refused while users report
   * to it; in one transaction its work accounts, assigned and served chats, phrase groups and
   * pending transfers go to `handoverUid` (default: its superior), its sessions and API keys end,
   * and its row stays, marked deleted, for the name on its messages and in statistics.
   */
  async deleteSubAccount(auth: AuthContext, body: DelSubCstBody): Promise<DelSubCstResult> {
    const actor = userActor(auth);
    if (actor.kind !== 'tenant' || !auth.permissions.has('seat.delete')) throw fail.forbidden();
    if (body.uid === auth.userId) throw fail.forbidden('cannotDeleteSelf');
    const row = await this.manageable(actor, body.uid);
    const tenantId = actor.tenantId;
    const handoverUid = body.handoverUid || row.user.superiorId || auth.userId;
    if (handoverUid === body.uid) throw fail.invalid('handoverInvalid');
    const handover = isUuid(handoverUid)
      ? await repo.findTenantUser(this.db, tenantId, handoverUid)
      : null;
    if (!handover || handover.user.status !== 'enabled') throw fail.invalid('handoverInvalid');
    // A non-manager hands over only inside its own part of the tree (itself or below).
    const scope = await this.scope(actor);
    if (scope && handoverUid !== auth.userId && !scope.has(handoverUid)) {
      throw fail.forbidden('outOfScope');
    }
    const toName = handover.user.nickname || handover.user.username;
    // A manager holds work accounts as the tenant's pool; anyone else by distribution.
    const accountsTo = handover.user.role === 'manager' ? null : handoverUid;
    const viewersBefore = await selfAndAbove(this.db, tenantId, body.uid);
    const at = new Date(this.deps.now());
    const done = await this.deps.realtime.transaction(async (tx, push) => {
      const locked = await repo.lockTenantUser(tx, tenantId, body.uid);
      if (!locked) throw fail.notFound('userNotFound');
      if ((await repo.countSubordinates(tx, tenantId, body.uid)) > 0) {
        throw fail.conflict('subordinatesExist');
      }
      const moving = await repo.accountsDistributedTo(tx, tenantId, body.uid);
      if (accountsTo && moving.length > 0) {
        await lockSeatCount(tx, accountsTo);
        const held = (await repo.accountsDistributedTo(tx, tenantId, accountsTo)).length;
        if (held + moving.length > SEAT_MAX_WORK_ACCOUNTS) {
          throw fail.conflict('seatFull', {
            max: SEAT_MAX_WORK_ACCOUNTS,
            name: toName,
            count: held,
          });
        }
      }
      const assigned = await repo.handOverSeat(tx, {
        tenantId,
        from: body.uid,
        to: { uid: handoverUid, name: toName },
        accountsTo,
        at,
      });
      await logFlow(
        tx,
        assigned.map((c) => ({
          tenantId,
          conversationId: c.id,
          workAccountId: c.workAccountId,
          kind: 'assigned' as const,
          userId: handoverUid,
          at: at.getTime(),
        })),
      );
      await repo.markDeleted(tx, tenantId, body.uid, at);
      await repo.audit(tx, {
        tenantId,
        userId: auth.userId,
        action: 'user.delete',
        target: body.uid,
        detail: {
          username: row.user.username,
          nickname: row.user.nickname,
          handoverUid,
          movedAccounts: moving.length,
          movedChats: assigned.length,
        },
      });
      if (assigned.length > 0) push(tenantId, assigned.map(convUpdatePush));
      return { moving, assigned };
    });
    if (done.moving.length > 0) {
      const viewers = new Set([
        ...viewersBefore,
        ...(await selfAndAbove(this.db, tenantId, handoverUid)),
        ...(await tenantManagerIds(this.db, tenantId)),
      ]);
      await publishAccountsChangedTo(
        this.deps,
        tenantId,
        [...viewers],
        done.moving.map((a) => a.wxid),
        'distributed',
      );
    }
    return { movedAccounts: done.moving.length };
  }
}
