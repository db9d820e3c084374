import type { ListResult, PositionItem, PositionListQuery } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { audit, isUniqueViolation, isUuid } from '../users/index.ts';
import { presentPosition } from './positions.presenter.ts';
import * as repo from './positions.repository.ts';

/** The tenant of a caller that must belong to one. */
function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/** Positions (job titles) of a tenant. */
export class PositionsService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /** A page of the caller tenant's positions. */
  async list(auth: AuthContext, q: PositionListQuery): Promise<ListResult<PositionItem>> {
    const { rows, total } = await repo.listPositions(this.db, tenantOf(auth), {
      page: q.page,
      pageSize: q.pageSize,
      keyword: q.keyword || undefined,
    });
    return { list: rows.map(presentPosition), total };
  }

  private async found(tenantId: string, id: string) {
    const row = isUuid(id) ? await repo.findPosition(this.db, tenantId, id) : null;
    if (!row) throw fail.notFound('positionNotFound');
    return row;
  }

  /** Creates a position with a name unique in the tenant. */
  async add(auth: AuthContext, name: string): Promise<{ id: string }> {
    const tenantId = tenantOf(auth);
    if (await repo.positionNameTaken(this.db, tenantId, name)) {
      throw fail.conflict('positionNameTaken');
    }
    try {
      const id = await this.db.transaction(async (tx) => {
        const newId = await repo.insertPosition(tx, tenantId, name);
        await audit(tx, {
          tenantId,
          userId: auth.userId,
          action: 'position.create',
          target: newId,
          detail: { name },
        });
        return newId;
      });
      return { id };
    } catch (err) {
      if (isUniqueViolation(err)) throw fail.conflict('positionNameTaken');
      throw err;
    }
  }

  /** Renames a position. */
  async edit(auth: AuthContext, id: string, name: string): Promise<null> {
    const tenantId = tenantOf(auth);
    await this.found(tenantId, id);
    if (await repo.positionNameTaken(this.db, tenantId, name, id)) {
      throw fail.conflict('positionNameTaken');
    }
    try {
      await this.db.transaction(async (tx) => {
        await repo.updatePosition(tx, tenantId, id, name);
        await audit(tx, {
          tenantId,
          userId: auth.userId,
          action: 'position.edit',
          target: id,
          detail: { name },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fail.conflict('positionNameTaken');
      throw err;
    }
    return null;
  }

  /** Deletes a position nobody holds. */
  async remove(auth: AuthContext, id: string): Promise<null> {
    const tenantId = tenantOf(auth);
    await this.found(tenantId, id);
    if (await repo.positionInUse(this.db, tenantId, id)) throw fail.conflict('positionInUse');
    await this.db.transaction(async (tx) => {
      await repo.deletePosition(tx, tenantId, id);
      await audit(tx, { tenantId, userId: auth.userId, action: 'position.delete', target: id });
    });
    return null;
  }
}
