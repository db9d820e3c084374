import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { contactTags, contacts, tagGroups, tags, workAccounts } from '../../db/schema/index.ts';
import { rowsOf, type DbOrTx } from '../../platform/db.ts';
import type { ConvScope } from '../conversations/index.ts';

export type TagRow = typeof tags.$inferSelect;
export type TagGroupRow = typeof tagGroups.$inferSelect;

/** The tenant's tag groups and tags, each in its order (two small reads). */
export async function groupsWithTags(db: DbOrTx, tenantId: string) {
  const groups = await db
    .select()
    .from(tagGroups)
    .where(eq(tagGroups.tenantId, tenantId))
    .orderBy(asc(tagGroups.sort), asc(tagGroups.createdAt), asc(tagGroups.id));
  const all = await db
    .select()
    .from(tags)
    .where(eq(tags.tenantId, tenantId))
    .orderBy(asc(tags.sort), asc(tags.createdAt), asc(tags.id));
  return { groups, tags: all };
}

/** A tag group of the tenant, or undefined. */
export async function groupById(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(tagGroups)
    .where(and(eq(tagGroups.tenantId, tenantId), eq(tagGroups.id, id)));
  return row;
}

/** A tag group of the tenant by name, or undefined. */
export async function groupByName(db: DbOrTx, tenantId: string, name: string) {
  const [row] = await db
    .select()
    .from(tagGroups)
    .where(and(eq(tagGroups.tenantId, tenantId), eq(tagGroups.name, name)));
  return row;
}

/** Adds a tag group at the end of the tenant's order. */
export async function insertGroup(db: DbOrTx, tenantId: string, name: string) {
  const [row] = await db
    .insert(tagGroups)
    .values({
      tenantId,
      name,
      sort: sql`(select coalesce(max(${tagGroups.sort}), 0) + 1 from ${tagGroups} where ${tagGroups.tenantId} = ${tenantId})`,
    })
    .returning();
  return row!;
}

/** Renames a tag group; false when it is not the tenant's. */
export async function renameGroup(db: DbOrTx, tenantId: string, id: string, name: string) {
  const rows = await db
    .update(tagGroups)
    .set({ name })
    .where(and(eq(tagGroups.tenantId, tenantId), eq(tagGroups.id, id)))
    .returning({ id: tagGroups.id });
  return rows.length > 0;
}

/** Deletes a tag group with its tags (and their contact links); the links removed, or null. */
export async function deleteGroup(db: DbOrTx, tenantId: string, id: string) {
  const [counted] = await db
    .select({ n: sql<number>`coalesce(sum(${tags.contactCount}), 0)::int` })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.groupId, id)));
  const rows = await db
    .delete(tagGroups)
    .where(and(eq(tagGroups.tenantId, tenantId), eq(tagGroups.id, id)))
    .returning({ id: tagGroups.id });
  return rows.length > 0 ? Number(counted?.n ?? 0) : null;
}

/** Tags of the tenant by id. */
export async function tagsByIds(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
}

/** Adds a tag at the end of its group. */
export async function insertTag(
  db: DbOrTx,
  tenantId: string,
  groupId: string,
  name: string,
  color: string,
) {
  const [row] = await db
    .insert(tags)
    .values({
      tenantId,
      groupId,
      name,
      color,
      sort: sql`(select coalesce(max(${tags.sort}), 0) + 1 from ${tags} where ${tags.groupId} = ${groupId})`,
    })
    .returning();
  return row!;
}

/** Changes a tag's name, colour or group. */
export async function updateTag(
  db: DbOrTx,
  tenantId: string,
  id: string,
  patch: { name?: string; color?: string; groupId?: string },
) {
  if (Object.values(patch).every((v) => v === undefined)) return;
  await db
    .update(tags)
    .set(patch)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
}

/** Deletes tags of the tenant: how many and how many contact links went with them. */
export async function deleteTags(db: DbOrTx, tenantId: string, ids: string[]) {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)))
    .returning({ count: tags.contactCount });
  return { removed: rows.length, untagged: rows.reduce((n, r) => n + r.count, 0) };
}

/** Ids of the tenant's groups, or of one group's tags. */
export async function orderIds(db: DbOrTx, tenantId: string, groupId: string | undefined) {
  const rows = groupId
    ? await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.tenantId, tenantId), eq(tags.groupId, groupId)))
    : await db.select({ id: tagGroups.id }).from(tagGroups).where(eq(tagGroups.tenantId, tenantId));
  return rows.map((r) => r.id);
}

/** Writes the order of groups (or of one group's tags): position in `ids` is the sort. */
export async function writeOrder(
  db: DbOrTx,
  tenantId: string,
  kind: 'groups' | 'tags',
  ids: string[],
) {
  const table = kind === 'groups' ? tagGroups : tags;
  await db.execute(sql`
    update ${table} set sort = o.n
    from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, n)
    where ${table.id} = o.id and ${table.tenantId} = ${tenantId}`);
}

/** The contacts (id, account, friend) named by targets among the scope's friends. */
export async function contactsOfTargets(
  db: DbOrTx,
  scope: ConvScope,
  targets: { workWxid: string; friendWxid: string }[],
) {
  const conds = [
    eq(contacts.tenantId, scope.tenantId),
    sql`(${workAccounts.wxid}, ${contacts.wxid}) in (select * from unnest(${sql.param(targets.map((t) => t.workWxid))}::text[], ${sql.param(targets.map((t) => t.friendWxid))}::text[]))`,
  ];
  if (scope.accountIds !== 'all') {
    if (scope.accountIds.length === 0) return [];
    conds.push(inArray(contacts.workAccountId, scope.accountIds));
  }
  return db
    .select({
      id: contacts.id,
      workAccountId: contacts.workAccountId,
      workWxid: workAccounts.wxid,
      wxid: contacts.wxid,
    })
    .from(contacts)
    .innerJoin(workAccounts, eq(workAccounts.id, contacts.workAccountId))
    .where(and(...conds));
}

/** Links every contact to every tag (already there: skipped); how many links were added. */
export async function addLinks(
  db: DbOrTx,
  tenantId: string,
  contactIds: string[],
  tagIds: string[],
): Promise<number> {
  if (contactIds.length === 0 || tagIds.length === 0) return 0;
  // Contact and tag ids are read from their tables in the statement (contact_tags has no
  // foreign keys), so a link never names a row that is gone. Both are read FOR KEY SHARE, as a
  // foreign key would: a contact's or a tag's deletion waits for this and then takes the new
  // links with it, and a tagging that waits for a deletion finds the row gone.
  const r = await db.execute(sql`
    with ins as (
      insert into ${contactTags} (contact_id, tag_id, tenant_id)
      select ${contacts.id}, ${tags.id}, ${tenantId}::uuid
      from ${contacts}, ${tags}
      where ${contacts.tenantId} = ${tenantId}::uuid and ${contacts.id} = any(${sql.param(contactIds)}::uuid[])
        and ${tags.tenantId} = ${tenantId}::uuid and ${tags.id} = any(${sql.param(tagIds)}::uuid[])
      order by 1, 2
      for key share of ${contacts}, ${tags}
      on conflict do nothing
      returning 1)
    select count(*)::int as n from ins`);
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}

/** Removes the tags from the contacts; how many links were removed. */
export async function removeLinks(
  db: DbOrTx,
  tenantId: string,
  contactIds: string[],
  tagIds: string[],
): Promise<number> {
  if (contactIds.length === 0 || tagIds.length === 0) return 0;
  const rows = await db
    .delete(contactTags)
    .where(
      and(
        eq(contactTags.tenantId, tenantId),
        inArray(contactTags.contactId, contactIds),
        inArray(contactTags.tagId, tagIds),
      ),
    )
    .returning({ id: contactTags.contactId });
  return rows.length;
}

/** The tags of contacts, in the tag page's order: one read for a whole page of friends. */
export async function tagsOfContacts(db: DbOrTx, tenantId: string, contactIds: string[]) {
  if (contactIds.length === 0)
    return new Map<string, { id: string; name: string; color: string }[]>();
  const rows = await db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .innerJoin(tagGroups, eq(tagGroups.id, tags.groupId))
    .where(
      and(
        eq(contactTags.tenantId, tenantId),
        sql`${contactTags.contactId} = any(${sql.param(contactIds)}::uuid[])`,
      ),
    )
    .orderBy(asc(tagGroups.sort), asc(tags.sort), asc(tags.id));
  const out = new Map<string, { id: string; name: string; color: string }[]>();
  for (const { contactId, ...tag } of rows) {
    const list = out.get(contactId) ?? [];
    list.push(tag);
    out.set(contactId, list);
  }
  return out;
}
