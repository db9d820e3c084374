import {
  translate,
  type AddTagBody,
  type AddTagGroupBody,
  type ContactTagsResult,
  type DeleteTagGroupBody,
  type DeleteTagsBody,
  type DeleteTagsResult,
  type EditTagBody,
  type EditTagGroupBody,
  type IdResult,
  type Language,
  type OrderTagsBody,
  type TagTarget,
  type TagsListResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { scopeForPeers } from '../conversations/index.ts';
import { violatedUnique } from '../users/index.ts';
import { presentTagGroups } from './tags.presenter.ts';
import * as repo from './tags.repository.ts';

/** The caller's tenant; 403 for the platform admin (no tenant). */
export function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/** Runs a write, turning a duplicate name into 409 with the right text. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = violatedUnique(err);
    if (constraint === 'tag_groups_tenant_name') throw fail.conflict('tagGroupNameTaken');
    if (constraint !== null) throw fail.conflict('tagNameTaken');
    throw err;
  }
}

/** Customer tags (issue 14 §1): groups and tags of a tenant, and tags on contacts. */
export class TagsService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /** The tenant's groups, in order, with their tags and how many contacts carry each. */
  async list(auth: AuthContext): Promise<TagsListResult> {
    const { groups, tags } = await repo.groupsWithTags(this.db, tenantOf(auth));
    return { list: presentTagGroups(groups, tags) };
  }

  /** A group of the tenant; 404 otherwise. */
  private async group(tenantId: string, id: string) {
    const group = await repo.groupById(this.db, tenantId, id);
    if (!group) throw fail.notFound('tagGroupNotFound');
    return group;
  }

  /** The tenant's default group (named in the caller's language), created when needed. */
  private async defaultGroup(tenantId: string, lang: Language) {
    const name = translate('defaultTagGroup', lang);
    const found = await repo.groupByName(this.db, tenantId, name);
    if (found) return found;
    try {
      return await repo.insertGroup(this.db, tenantId, name);
    } catch (err) {
      // Another call made it at the same moment.
      const again = await repo.groupByName(this.db, tenantId, name);
      if (again) return again;
      throw err;
    }
  }

  /** Adds a tag at the end of its group (no group: the default one); 409 for a taken name. */
  async add(auth: AuthContext, body: AddTagBody, lang: Language): Promise<IdResult> {
    const tenantId = tenantOf(auth);
    const group = body.groupId
      ? await this.group(tenantId, body.groupId)
      : await this.defaultGroup(tenantId, lang);
    const tag = await unique(() =>
      repo.insertTag(this.db, tenantId, group.id, body.name, body.color ?? ''),
    );
    return { id: tag.id };
  }

  /** Renames, recolours or moves a tag; 404 for a tag or group not the tenant's. */
  async edit(auth: AuthContext, body: EditTagBody): Promise<null> {
    const tenantId = tenantOf(auth);
    const [tag] = await repo.tagsByIds(this.db, tenantId, [body.id]);
    if (!tag) throw fail.notFound('tagNotFound');
    if (body.groupId) await this.group(tenantId, body.groupId);
    await unique(() =>
      repo.updateTag(this.db, tenantId, tag.id, {
        name: body.name,
        color: body.color,
        groupId: body.groupId,
      }),
    );
    return null;
  }

  /** Deletes tags and their links to contacts; 404 when one is not the tenant's. */
  async remove(auth: AuthContext, body: DeleteTagsBody): Promise<DeleteTagsResult> {
    const tenantId = tenantOf(auth);
    const ids = [...new Set(body.ids)];
    return this.db.transaction(async (tx) => {
      const found = await repo.tagsByIds(tx, tenantId, ids);
      if (found.length !== ids.length) throw fail.notFound('tagNotFound');
      return repo.deleteTags(tx, tenantId, ids);
    });
  }

  /** Adds a tag group at the end; 409 for a taken name. */
  async addGroup(auth: AuthContext, body: AddTagGroupBody): Promise<IdResult> {
    const tenantId = tenantOf(auth);
    const group = await unique(() => repo.insertGroup(this.db, tenantId, body.name));
    return { id: group.id };
  }

  /** Renames a tag group; 404 / 409. */
  async editGroup(auth: AuthContext, body: EditTagGroupBody): Promise<null> {
    const tenantId = tenantOf(auth);
    const done = await unique(() => repo.renameGroup(this.db, tenantId, body.id, body.name));
    if (!done) throw fail.notFound('tagGroupNotFound');
    return null;
  }

  /** Deletes a tag group with its tags; answers how many contact links went. */
  async removeGroup(auth: AuthContext, body: DeleteTagGroupBody): Promise<DeleteTagsResult> {
    const tenantId = tenantOf(auth);
    return this.db.transaction(async (tx) => {
      const tags = (await repo.groupsWithTags(tx, tenantId)).tags.filter(
        (t) => t.groupId === body.id,
      );
      const untagged = await repo.deleteGroup(tx, tenantId, body.id);
      if (untagged === null) throw fail.notFound('tagGroupNotFound');
      return { removed: tags.length, untagged };
    });
  }

  /** Reorders the groups, or one group's tags; 409 when the list is not exactly them. */
  async order(auth: AuthContext, body: OrderTagsBody): Promise<null> {
    const tenantId = tenantOf(auth);
    if (body.groupId) await this.group(tenantId, body.groupId);
    await this.db.transaction(async (tx) => {
      const current = await repo.orderIds(tx, tenantId, body.groupId);
      const wanted = new Set(body.ids);
      if (wanted.size !== body.ids.length || current.length !== wanted.size) {
        throw fail.conflict('tagOrderMismatch');
      }
      if (current.some((id) => !wanted.has(id))) throw fail.conflict('tagOrderMismatch');
      await repo.writeOrder(tx, tenantId, body.groupId ? 'tags' : 'groups', body.ids);
    });
    return null;
  }

  /** Tags of the tenant by id; 404 when one is unknown or another tenant's. */
  async checkTags(tenantId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await repo.tagsByIds(this.db, tenantId, unique);
    if (found.length !== unique.length) throw fail.notFound('tagNotFound');
    return unique;
  }

  /** The tags of one contact the caller sees (user card, chat header); 404 otherwise. */
  async ofContact(auth: AuthContext, target: TagTarget): Promise<ContactTagsResult> {
    const scope = await scopeForPeers(this.db, auth, [target]);
    const [contact] = await repo.contactsOfTargets(this.db, scope, [target]);
    if (!contact) throw fail.notFound('contactNotFound');
    const tags = await repo.tagsOfContacts(this.db, scope.tenantId, [contact.id]);
    return { tags: tags.get(contact.id) ?? [] };
  }
}
