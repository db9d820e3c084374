import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  autoAcceptGreetings,
  autoAcceptSettings,
  keywordHits,
  keywordRules,
  tags,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';

export type { RobotDraft } from '../../db/schema/index.ts';

// SQL of the robots' settings: keyword rules and their hits, auto-accept settings and greetings.
// Every query takes the tenant.

export type KeywordRuleRow = typeof keywordRules.$inferSelect;
export type KeywordRuleValues = Omit<
  typeof keywordRules.$inferInsert,
  'id' | 'tenantId' | 'hits' | 'lastHitAt' | 'createdAt'
>;
export type AutoAcceptRow = typeof autoAcceptSettings.$inferSelect;
export type GreetingRow = typeof autoAcceptGreetings.$inferSelect;

/** A page of a tenant's rules, newest first; a keyword filters by any keyword containing it. */
export async function listRules(
  db: DbOrTx,
  tenantId: string,
  page: number,
  limit: number,
  keyword?: string,
): Promise<{ rows: KeywordRuleRow[]; total: number }> {
  const where = and(
    eq(keywordRules.tenantId, tenantId),
    keyword
      ? sql`exists (select 1 from unnest(${keywordRules.keywords}) k where strpos(lower(k), lower(${keyword})) > 0)`
      : undefined,
  );
  const [rows, [c]] = await Promise.all([
    db
      .select()
      .from(keywordRules)
      .where(where)
      .orderBy(desc(keywordRules.createdAt), desc(keywordRules.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(keywordRules).where(where),
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

/** Every enabled rule of a tenant (what the engine compiles). */
export function enabledRules(db: DbOrTx, tenantId: string): Promise<KeywordRuleRow[]> {
  return db
    .select()
    .from(keywordRules)
    .where(and(eq(keywordRules.tenantId, tenantId), eq(keywordRules.enabled, true)));
}

/** One rule of a tenant. */
export async function findRule(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<KeywordRuleRow | null> {
  const [row] = await db
    .select()
    .from(keywordRules)
    .where(and(eq(keywordRules.tenantId, tenantId), eq(keywordRules.id, id)));
  return row ?? null;
}

/** Stores a new rule; its id. */
export async function insertRule(
  db: DbOrTx,
  tenantId: string,
  v: KeywordRuleValues,
): Promise<string> {
  const [row] = await db
    .insert(keywordRules)
    .values({ ...v, tenantId })
    .returning({ id: keywordRules.id });
  return row!.id;
}

/** Changes a rule; false when it is not the tenant's. */
export async function updateRule(
  db: DbOrTx,
  tenantId: string,
  id: string,
  v: Partial<KeywordRuleValues>,
): Promise<boolean> {
  const rows = await db
    .update(keywordRules)
    .set(v)
    .where(and(eq(keywordRules.tenantId, tenantId), eq(keywordRules.id, id)))
    .returning({ id: keywordRules.id });
  return rows.length > 0;
}

/** Deletes rules of a tenant; how many. */
export async function deleteRules(db: DbOrTx, tenantId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(keywordRules)
    .where(and(eq(keywordRules.tenantId, tenantId), inArray(keywordRules.id, ids)))
    .returning({ id: keywordRules.id });
  return rows.length;
}

/** Work accounts of a tenant by id (ids and platform ids). */
export function accountsByIds(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), inArray(workAccounts.id, ids)));
}

/** Every work account of a tenant: platform id, name (for mentions). */
export function tenantAccounts(db: DbOrTx, tenantId: string) {
  return db
    .select({ id: workAccounts.id, wxid: workAccounts.wxid, nickname: workAccounts.nickname })
    .from(workAccounts)
    .where(eq(workAccounts.tenantId, tenantId));
}

/** Whether a platform id is a work account of the tenant. */
export async function isTenantAccount(
  db: DbOrTx,
  tenantId: string,
  wxid: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: workAccounts.id })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.wxid, wxid)))
    .limit(1);
  return Boolean(row);
}

/** Which of these tag ids are the tenant's. */
export async function existingTags(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- hits

/** What a trigger checks before answering, read in its transaction. */
export interface HitGuards {
  /** The rule answered this contact on this account within its cooldown. */
  cooling: boolean;
  /** Robot replies of the account in the last minute. */
  lastMinute: number;
  /** Robot replies in this conversation in the storm window. */
  inConversation: number;
}

/** The counts a trigger's guards need (one statement). */
export async function hitGuards(
  db: DbOrTx,
  h: {
    ruleId: string;
    workAccountId: string;
    contactWxid: string;
    peerId: string;
    coolingSince: number;
    minuteSince: number;
    stormSince: number;
  },
): Promise<HitGuards> {
  const [row] = rowsOf<{ cooling: boolean; minute: number; storm: number }>(
    await db.execute(sql`
      select
        exists (select 1 from ${keywordHits}
          where rule_id = ${h.ruleId} and work_account_id = ${h.workAccountId}
            and contact_wxid = ${h.contactWxid} and at > ${h.coolingSince}) as cooling,
        (select count(*)::int from ${keywordHits}
          where work_account_id = ${h.workAccountId} and at > ${h.minuteSince}) as minute,
        (select count(*)::int from ${keywordHits}
          where work_account_id = ${h.workAccountId} and peer_id = ${h.peerId}
            and at > ${h.stormSince}) as storm`),
  );
  return {
    cooling: Boolean(row?.cooling),
    lastMinute: Number(row?.minute ?? 0),
    inConversation: Number(row?.storm ?? 0),
  };
}

/** Records a rule's answer to a message; false when it was recorded before (exactly once). */
export async function insertHit(db: DbOrTx, h: typeof keywordHits.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(keywordHits)
    .values(h)
    .onConflictDoNothing({
      target: [keywordHits.ruleId, keywordHits.workAccountId, keywordHits.msgId],
    })
    .returning({ id: keywordHits.id });
  return rows.length > 0;
}

/** Counts a hit on the rule. */
export async function countHit(db: DbOrTx, tenantId: string, ruleId: string, at: number) {
  await db
    .update(keywordRules)
    .set({ hits: sql`${keywordRules.hits} + 1`, lastHitAt: at })
    .where(and(eq(keywordRules.tenantId, tenantId), eq(keywordRules.id, ruleId)));
}

/**
 * Whether a message is a robot's reply echoed back: the sender is a work account on this server
 * whose robot sent the same text to this account a moment ago.
 */
export async function isRobotEcho(
  db: DbOrTx,
  senderWxid: string,
  receiverWxid: string,
  content: string,
  since: number,
): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      select 1 as one
      from work_accounts a
      join conversations c on c.work_account_id = a.id and c.peer_id = ${receiverWxid}
      join messages m on m.conversation_id = c.id
      where a.wxid = ${senderWxid} and m.robot and m.msg_time > ${since} and m.content = ${content}
      limit 1`),
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- auto-accept settings

const accountIs = (
  col: typeof autoAcceptSettings.workAccountId | typeof autoAcceptGreetings.workAccountId,
  id: string | null,
) => (id ? eq(col, id) : isNull(col));

/** An account's own auto-accept settings, or the default (account null). */
export async function findAutoAccept(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string | null,
): Promise<AutoAcceptRow | null> {
  const [row] = await db
    .select()
    .from(autoAcceptSettings)
    .where(
      and(
        eq(autoAcceptSettings.tenantId, tenantId),
        accountIs(autoAcceptSettings.workAccountId, workAccountId),
      ),
    );
  return row ?? null;
}

/** Every auto-accept setting of a tenant. */
export function listAutoAccept(db: DbOrTx, tenantId: string): Promise<AutoAcceptRow[]> {
  return db.select().from(autoAcceptSettings).where(eq(autoAcceptSettings.tenantId, tenantId));
}

/** Saves an account's (or the default) auto-accept settings. */
export async function saveAutoAccept(
  db: DbOrTx,
  v: Omit<typeof autoAcceptSettings.$inferInsert, 'id' | 'updatedAt'>,
): Promise<void> {
  const set = {
    enabled: v.enabled,
    keywords: v.keywords,
    delayMinSec: v.delayMinSec,
    delayMaxSec: v.delayMaxSec,
    dailyCap: v.dailyCap,
    tagIds: v.tagIds,
    updatedAt: new Date(),
  };
  const updated = await db
    .update(autoAcceptSettings)
    .set(set)
    .where(
      and(
        eq(autoAcceptSettings.tenantId, v.tenantId),
        accountIs(autoAcceptSettings.workAccountId, v.workAccountId ?? null),
      ),
    )
    .returning({ id: autoAcceptSettings.id });
  if (updated.length > 0) return;
  await db.insert(autoAcceptSettings).values(v).onConflictDoNothing();
}

/** The settings that apply to an account: its own, else the tenant default. */
export async function effectiveAutoAccept(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
): Promise<AutoAcceptRow | null> {
  const rows = await db
    .select()
    .from(autoAcceptSettings)
    .where(
      and(
        eq(autoAcceptSettings.tenantId, tenantId),
        sql`(${autoAcceptSettings.workAccountId} = ${workAccountId} or ${autoAcceptSettings.workAccountId} is null)`,
      ),
    );
  return rows.find((r) => r.workAccountId === workAccountId) ?? rows[0] ?? null;
}

/** An account's own greeting, or the default (account null). */
export async function findGreeting(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string | null,
): Promise<GreetingRow | null> {
  const [row] = await db
    .select()
    .from(autoAcceptGreetings)
    .where(
      and(
        eq(autoAcceptGreetings.tenantId, tenantId),
        accountIs(autoAcceptGreetings.workAccountId, workAccountId),
      ),
    );
  return row ?? null;
}

/** Every greeting of a tenant. */
export function listGreetings(db: DbOrTx, tenantId: string): Promise<GreetingRow[]> {
  return db.select().from(autoAcceptGreetings).where(eq(autoAcceptGreetings.tenantId, tenantId));
}

/** Saves an account's (or the default) greeting. */
export async function saveGreeting(
  db: DbOrTx,
  v: Omit<typeof autoAcceptGreetings.$inferInsert, 'id' | 'updatedAt'>,
): Promise<void> {
  const set = {
    enabled: v.enabled,
    messages: v.messages,
    drafts: v.drafts,
    intervalSec: v.intervalSec,
    updatedAt: new Date(),
  };
  const updated = await db
    .update(autoAcceptGreetings)
    .set(set)
    .where(
      and(
        eq(autoAcceptGreetings.tenantId, v.tenantId),
        accountIs(autoAcceptGreetings.workAccountId, v.workAccountId ?? null),
      ),
    )
    .returning({ id: autoAcceptGreetings.id });
  if (updated.length > 0) return;
  await db.insert(autoAcceptGreetings).values(v).onConflictDoNothing();
}

/** The greeting that applies to an account: its own, else the tenant default. */
export async function effectiveGreeting(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
): Promise<GreetingRow | null> {
  const rows = await db
    .select()
    .from(autoAcceptGreetings)
    .where(
      and(
        eq(autoAcceptGreetings.tenantId, tenantId),
        sql`(${autoAcceptGreetings.workAccountId} = ${workAccountId} or ${autoAcceptGreetings.workAccountId} is null)`,
      ),
    );
  return rows.find((r) => r.workAccountId === workAccountId) ?? rows[0] ?? null;
}

/** Hits of one account since a time (tests and the per-minute limit). */
export async function hitsSince(db: DbOrTx, workAccountId: string, since: number) {
  const [c] = await db
    .select({ n: count() })
    .from(keywordHits)
    .where(and(eq(keywordHits.workAccountId, workAccountId), gt(keywordHits.at, since)));
  return Number(c?.n ?? 0);
}

/** A work account of a tenant by id: what the outbox needs. */
export async function accountRow(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: workAccounts.id, tenantId: workAccounts.tenantId, wxid: workAccounts.wxid })
    .from(workAccounts)
    .where(and(eq(workAccounts.tenantId, tenantId), eq(workAccounts.id, id)));
  return row ?? null;
}
