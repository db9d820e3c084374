import {
  MAX_VISIBLE_PHRASES,
  type PhraseGroupItem,
  type PhraseItem,
  type PhraseListResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './phrase.repository.ts';

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/** Whether the caller may change a group: its own, or a shared one with `library.manage`. */
function canEdit(auth: AuthContext, g: repo.PhraseGroupRow): boolean {
  return g.ownerId === null ? auth.permissions.has('library.manage') : g.ownerId === auth.userId;
}

/**
 * The phrase library (issue 18 §2): the tenant's shared groups, managed with `library.manage`, and
 * each user's personal groups; phrases ordered by how often they were used.
 */
export class PhraseService {
  constructor(private readonly deps: Deps) {}

  /** The groups the caller sees. */
  async groups(auth: AuthContext): Promise<{ list: PhraseGroupItem[] }> {
    const rows = await repo.groupsOf(this.deps.db, tenantOf(auth), auth.userId);
    return {
      list: rows.map((g) => ({
        id: g.id,
        name: g.name,
        shared: g.ownerId === null,
        editable: canEdit(auth, g),
        count: g.count,
      })),
    };
  }

  /** Adds a group: shared needs `library.manage` (403). */
  async addGroup(auth: AuthContext, name: string, shared: boolean): Promise<{ id: string }> {
    if (shared && !auth.permissions.has('library.manage')) throw fail.forbidden();
    const row = await repo.insertGroup(
      this.deps.db,
      tenantOf(auth),
      shared ? null : auth.userId,
      name,
    );
    return { id: row.id };
  }

  /** A group the caller sees (404) and may change (403). */
  private async editableGroup(auth: AuthContext, id: string): Promise<repo.PhraseGroupRow> {
    const g = await repo.groupById(this.deps.db, tenantOf(auth), auth.userId, id);
    if (!g) throw fail.notFound('phraseGroupNotFound');
    if (!canEdit(auth, g)) throw fail.forbidden();
    return g;
  }

  /** Renames a group. */
  async renameGroup(auth: AuthContext, id: string, name: string): Promise<{ id: string }> {
    await this.editableGroup(auth, id);
    await repo.renameGroup(this.deps.db, tenantOf(auth), id, name);
    return { id };
  }

  /** Deletes a group with its phrases. */
  async deleteGroup(auth: AuthContext, id: string): Promise<{ id: string }> {
    await this.editableGroup(auth, id);
    await repo.deleteGroup(this.deps.db, tenantOf(auth), id);
    return { id };
  }

  /** Every phrase the caller sees (or one group's), most used first. */
  async list(auth: AuthContext, groupId?: string): Promise<PhraseListResult> {
    const tenantId = tenantOf(auth);
    const groups = await repo.groupsOf(this.deps.db, tenantId, auth.userId);
    const picked = groupId ? groups.filter((g) => g.id === groupId) : groups;
    if (groupId && picked.length === 0) throw fail.notFound('phraseGroupNotFound');
    const byId = new Map(groups.map((g) => [g.id, g]));
    const rows = await repo.phrasesOf(
      this.deps.db,
      tenantId,
      picked.map((g) => g.id),
      MAX_VISIBLE_PHRASES,
    );
    return { list: rows.map((p) => present(auth, p, byId.get(p.groupId)!)) };
  }

  /** Adds a phrase to a group the caller may change; no group → 'create phrase group first'. */
  async add(auth: AuthContext, body: { groupId?: string; content: string }): Promise<PhraseItem> {
    if (!body.groupId) throw fail.conflict('phraseGroupFirst');
    const tenantId = tenantOf(auth);
    const g = await this.editableGroup(auth, body.groupId);
    const all = await repo.groupsOf(this.deps.db, tenantId, auth.userId);
    const total = await repo.countIn(
      this.deps.db,
      tenantId,
      all.map((x) => x.id),
    );
    if (total >= MAX_VISIBLE_PHRASES) {
      throw fail.conflict('phraseLimitReached', { max: MAX_VISIBLE_PHRASES });
    }
    return present(auth, await repo.insertPhrase(this.deps.db, tenantId, g.id, body.content), g);
  }

  /** A phrase the caller may change (404 unseen, 403 not editable), with its group. */
  private async editablePhrase(auth: AuthContext, id: string) {
    const tenantId = tenantOf(auth);
    const [p] = await repo.phrasesById(this.deps.db, tenantId, [id]);
    const g = p && (await repo.groupById(this.deps.db, tenantId, auth.userId, p.groupId));
    if (!p || !g) throw fail.notFound('phraseNotFound');
    if (!canEdit(auth, g)) throw fail.forbidden();
    return { p, g };
  }

  /** Changes a phrase's text or moves it to another group the caller may change. */
  async edit(
    auth: AuthContext,
    body: { id: string; content?: string; groupId?: string },
  ): Promise<PhraseItem> {
    let { g } = await this.editablePhrase(auth, body.id);
    if (body.groupId && body.groupId !== g.id) g = await this.editableGroup(auth, body.groupId);
    const row = await repo.updatePhrase(this.deps.db, tenantOf(auth), body.id, {
      ...(body.content !== undefined ? { content: body.content } : {}),
      groupId: g.id,
    });
    return present(auth, row!, g);
  }

  /** Deletes phrases the caller may change; others are left alone (and not counted). */
  async remove(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    const tenantId = tenantOf(auth);
    const rows = await repo.phrasesById(this.deps.db, tenantId, ids);
    const groups = new Map(
      (await repo.groupsOf(this.deps.db, tenantId, auth.userId)).map((g) => [g.id, g]),
    );
    const mine = rows.filter((p) => {
      const g = groups.get(p.groupId);
      return g !== undefined && canEdit(auth, g);
    });
    const deleted = await repo.deletePhrases(
      this.deps.db,
      tenantId,
      mine.map((p) => p.id),
    );
    return { deleted };
  }

  /** Counts one use of a phrase the caller sees (inserting it in the composer). */
  async use(auth: AuthContext, id: string): Promise<{ useCount: number }> {
    const tenantId = tenantOf(auth);
    const [p] = await repo.phrasesById(this.deps.db, tenantId, [id]);
    const g = p && (await repo.groupById(this.deps.db, tenantId, auth.userId, p.groupId));
    if (!p || !g) throw fail.notFound('phraseNotFound');
    return { useCount: await repo.countUse(this.deps.db, tenantId, id) };
  }
}

function present(auth: AuthContext, p: repo.PhraseRow, g: repo.PhraseGroupRow): PhraseItem {
  return {
    id: p.id,
    groupId: p.groupId,
    content: p.content,
    useCount: p.useCount,
    shared: g.ownerId === null,
    editable: canEdit(auth, g),
  };
}
