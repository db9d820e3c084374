import { sql, type SQL } from 'drizzle-orm';
import type { ContactSource } from '@cst/shared';
import {
  chatGroupMembers,
  chatGroups,
  contactTags,
  contacts,
  tags,
} from '../../db/schema/index.ts';
import { rowsOf, type DbOrTx } from '../../platform/db.ts';
import { keywordGrams } from '../friends/index.ts';

/** The contacts a bulk tagging reaches, resolved by the service (accounts and tags checked). */
export interface BulkTarget {
  tenantId: string;
  /** The accounts whose friends are in scope; 'all' = the whole tenant. */
  accountIds: string[] | 'all';
  keyword?: string;
  addedFrom?: number;
  addedTo?: number;
  source?: ContactSource;
  hasTagIds?: string[];
  lacksTagIds?: string[];
  groupIds?: string[];
  /** wxids or aliases (phones) from an uploaded list. */
  list?: string[];
}

const p = (value: unknown): SQL => sql`${sql.param(value)}`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition on `contacts` of a target: every filter given must hold. */
function targetWhere(t: BulkTarget): SQL {
  const conds: SQL[] = [sql`${contacts.tenantId} = ${p(t.tenantId)}::uuid`];
  if (t.accountIds !== 'all') {
    conds.push(sql`${contacts.workAccountId} = any(${p(t.accountIds)}::uuid[])`);
  }
  if (t.keyword) {
    const like = `%${escapeLike(t.keyword.toLowerCase())}%`;
    // The name grams (GIN) rechecked by LIKE, or a wxid prefix (btree): as the friends list.
    conds.push(sql`((${contacts.searchGrams} @> ${p(keywordGrams(t.keyword))}::text[]
      and (lower(${contacts.nickname}) like ${like} or lower(${contacts.remark}) like ${like}))
      or ${contacts.wxid} like ${`${escapeLike(t.keyword)}%`})`);
  }
  if (t.addedFrom !== undefined) {
    conds.push(sql`${contacts.addedAt} >= ${new Date(t.addedFrom).toISOString()}::timestamptz`);
  }
  if (t.addedTo !== undefined) {
    conds.push(sql`${contacts.addedAt} <= ${new Date(t.addedTo).toISOString()}::timestamptz`);
  }
  if (t.source) conds.push(sql`${contacts.source} = ${t.source}`);
  if (t.hasTagIds?.length) {
    conds.push(sql`exists (select 1 from ${contactTags} ct where ct.contact_id = ${contacts.id}
      and ct.tag_id = any(${p(t.hasTagIds)}::uuid[]))`);
  }
  if (t.lacksTagIds?.length) {
    conds.push(sql`not exists (select 1 from ${contactTags} ct where ct.contact_id = ${contacts.id}
      and ct.tag_id = any(${p(t.lacksTagIds)}::uuid[]))`);
  }
  if (t.groupIds?.length) {
    conds.push(sql`exists (select 1 from ${chatGroupMembers} m
      join ${chatGroups} g on g.id = m.chat_group_id
      where g.tenant_id = ${p(t.tenantId)}::uuid and g.work_account_id = ${contacts.workAccountId}
        and g.group_id = any(${p(t.groupIds)}::text[]) and m.wxid = ${contacts.wxid})`);
  }
  if (t.list) {
    // Semi-joins on the list (hashed), not `= any(…)` tested against each contact.
    conds.push(sql`(${contacts.wxid} in (select unnest(${p(t.list)}::text[]))
      or (${contacts.alias} <> '' and ${contacts.alias} in (select unnest(${p(t.list)}::text[]))))`);
  }
  return sql.join(conds, sql` and `);
}

/** How many contacts a target reaches. */
export async function countTarget(db: DbOrTx, t: BulkTarget): Promise<number> {
  const r = await db.execute(
    sql`select count(*)::int as n from ${contacts} where ${targetWhere(t)}`,
  );
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
}

/**
 * One step of a bulk tagging, in one statement: the next `step` contacts of the target after
 * `after` (by id) get every tag added (`insert … select`, links already there skipped) or removed
 * (`delete … where contact_id in`). The count triggers on contact_tags then update each tag once.
 * Contacts and tags are read FOR KEY SHARE when adding, so a tag or a friend deleted meanwhile
 * keeps no link (see `addLinks`).
 */
export async function applyStep(
  db: DbOrTx,
  t: BulkTarget,
  tagIds: string[],
  op: 'add' | 'remove',
  after: string | undefined,
  step: number,
): Promise<{ processed: number; changed: number; last: string | null }> {
  const cursor = after ? sql` and ${contacts.id} > ${after}::uuid` : sql``;
  // Added links lock their contacts as well (see `addLinks`): a friend deleted meanwhile is
  // skipped, or its deletion waits for the step and takes the new links with it.
  const lock = op === 'add' ? sql` for key share` : sql``;
  const chunk = sql`select ${contacts.id} as id from ${contacts}
    where ${targetWhere(t)}${cursor} order by ${contacts.id} limit ${sql.raw(String(Math.trunc(step)))}${lock}`;
  const change =
    op === 'add'
      ? sql`insert into ${contactTags} (contact_id, tag_id, tenant_id)
          select chunk.id, ${tags.id}, ${t.tenantId}::uuid
          from chunk, ${tags}
          where ${tags.tenantId} = ${t.tenantId}::uuid and ${tags.id} = any(${p(tagIds)}::uuid[])
          order by 1, 2
          for key share of ${tags}
          on conflict do nothing returning 1`
      : sql`delete from ${contactTags}
          where tenant_id = ${t.tenantId}::uuid and tag_id = any(${p(tagIds)}::uuid[])
            and contact_id in (select id from chunk) returning 1`;
  const r = await db.execute(sql`
    with chunk as materialized (${chunk}), changed as (${change})
    select (select count(*) from chunk)::int as processed,
      (select count(*) from changed)::int as changed,
      (select id from chunk order by id desc limit 1) as last`);
  const row = rowsOf<{ processed: number; changed: number; last: string | null }>(r)[0];
  return {
    processed: Number(row?.processed ?? 0),
    changed: Number(row?.changed ?? 0),
    last: row?.last ?? null,
  };
}
