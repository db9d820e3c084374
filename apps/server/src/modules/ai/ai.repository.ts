import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  aiRobotChats,
  aiRobotSettings,
  aiSettings,
  aiTranscripts,
  aiUsage,
  contacts,
  contactTags,
  conversationTranslateSettings,
  materials,
  messages,
  phraseGroups,
  phrases,
  tags,
  workAccounts,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';

export type AiSettingsRow = typeof aiSettings.$inferSelect;
export type AiRobotRow = typeof aiRobotSettings.$inferSelect;

/** The tenant's AI settings, or null when it saved none. */
export async function settingsOf(db: DbOrTx, tenantId: string): Promise<AiSettingsRow | null> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.tenantId, tenantId));
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  row: Omit<AiSettingsRow, 'updatedAt'>,
): Promise<void> {
  const { tenantId, ...rest } = row;
  await db
    .insert(aiSettings)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: aiSettings.tenantId, set: { ...rest, updatedAt: new Date() } });
  void tenantId;
}

/** Tokens the tenant used in a month, all features. */
export async function tokensUsed(db: DbOrTx, tenantId: string, month: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)`,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.tenantId, tenantId), eq(aiUsage.month, month)));
  return Number(row?.n ?? 0);
}

/** Usage of a month by feature. */
export function usageOf(db: DbOrTx, tenantId: string, month: string) {
  return db
    .select({
      feature: aiUsage.feature,
      calls: aiUsage.calls,
      promptTokens: aiUsage.promptTokens,
      completionTokens: aiUsage.completionTokens,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.tenantId, tenantId), eq(aiUsage.month, month)))
    .orderBy(aiUsage.feature);
}

/** Counts one call and its tokens. */
export async function addUsage(
  db: DbOrTx,
  u: { tenantId: string; month: string; feature: string; prompt: number; completion: number },
): Promise<void> {
  await db
    .insert(aiUsage)
    .values({
      tenantId: u.tenantId,
      month: u.month,
      feature: u.feature,
      calls: 1,
      promptTokens: u.prompt,
      completionTokens: u.completion,
    })
    .onConflictDoUpdate({
      target: [aiUsage.tenantId, aiUsage.month, aiUsage.feature],
      set: {
        calls: sql`${aiUsage.calls} + 1`,
        promptTokens: sql`${aiUsage.promptTokens} + ${u.prompt}`,
        completionTokens: sql`${aiUsage.completionTokens} + ${u.completion}`,
      },
    });
}

/** The latest messages of a conversation, oldest first (notes are not messages). */
export async function lastMessages(db: DbOrTx, conversationId: string, limit: number) {
  const rows = await db
    .select({
      id: messages.id,
      msgType: messages.msgType,
      sendSide: messages.sendSide,
      content: messages.content,
      fileName: messages.fileName,
      senderKind: messages.senderKind,
      revoked: messages.revoked,
      msgTime: messages.msgTime,
      memberName: messages.memberName,
      transcript: aiTranscripts.text,
    })
    .from(messages)
    .leftJoin(aiTranscripts, eq(aiTranscripts.messageId, messages.id))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.msgTime), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** The contact of a single chat: remark, nickname and tag names (of this tenant only). */
export async function contactFacts(
  db: DbOrTx,
  tenantId: string,
  workAccountId: string,
  wxid: string,
) {
  const [c] = await db
    .select({ id: contacts.id, nickname: contacts.nickname, remark: contacts.remark })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.workAccountId, workAccountId),
        eq(contacts.wxid, wxid),
      ),
    );
  if (!c) return null;
  const t = await db
    .select({ name: tags.name })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(
      and(
        eq(contactTags.contactId, c.id),
        eq(contactTags.tenantId, tenantId),
        eq(tags.tenantId, tenantId),
      ),
    );
  return { nickname: c.nickname, remark: c.remark, tags: t.map((x) => x.name) };
}

/**
 * Texts of the tenant's libraries to rank: shared phrases and the user's own (when a user asks),
 * and the text materials. Bounded: the most used phrases and the newest materials first.
 */
export async function libraryTexts(
  db: DbOrTx,
  tenantId: string,
  opts: { userId: string | null; phrases: boolean; materials: boolean; limit: number },
): Promise<{ kind: 'phrase' | 'material'; text: string }[]> {
  const out: { kind: 'phrase' | 'material'; text: string }[] = [];
  if (opts.phrases) {
    const owner = opts.userId
      ? or(isNull(phraseGroups.ownerId), eq(phraseGroups.ownerId, opts.userId))
      : isNull(phraseGroups.ownerId);
    const rows = await db
      .select({ content: phrases.content })
      .from(phrases)
      .innerJoin(phraseGroups, eq(phraseGroups.id, phrases.groupId))
      .where(and(eq(phrases.tenantId, tenantId), eq(phraseGroups.tenantId, tenantId), owner))
      .orderBy(desc(phrases.useCount))
      .limit(opts.limit);
    for (const r of rows) out.push({ kind: 'phrase', text: r.content });
  }
  if (opts.materials) {
    const rows = await db
      .select({ title: materials.title, content: materials.content })
      .from(materials)
      .where(and(eq(materials.tenantId, tenantId), eq(materials.type, 1)))
      .orderBy(desc(materials.createdAt))
      .limit(opts.limit);
    for (const r of rows) {
      const text = [r.title, r.content].filter(Boolean).join('：');
      if (text) out.push({ kind: 'material', text });
    }
  }
  return out;
}

/** The AI robot of accounts (by id). */
export function robotsOfAccounts(db: DbOrTx, tenantId: string, accountIds: string[]) {
  if (accountIds.length === 0) return Promise.resolve([] as AiRobotRow[]);
  return db
    .select()
    .from(aiRobotSettings)
    .where(
      and(
        eq(aiRobotSettings.tenantId, tenantId),
        inArray(aiRobotSettings.workAccountId, accountIds),
      ),
    );
}

/** The enabled AI robots of a tenant, newest saved first, with their account's wxid. */
export function enabledRobots(db: DbOrTx, tenantId: string) {
  return db
    .select({ robot: aiRobotSettings, wxid: workAccounts.wxid })
    .from(aiRobotSettings)
    .innerJoin(workAccounts, eq(workAccounts.id, aiRobotSettings.workAccountId))
    .where(and(eq(aiRobotSettings.tenantId, tenantId), eq(aiRobotSettings.enabled, true)))
    .orderBy(desc(aiRobotSettings.updatedAt));
}

/** The robot of one account, when it is enabled. */
export async function robotOf(db: DbOrTx, workAccountId: string): Promise<AiRobotRow | null> {
  const [row] = await db
    .select()
    .from(aiRobotSettings)
    .where(eq(aiRobotSettings.workAccountId, workAccountId));
  return row ?? null;
}

export async function saveRobot(
  db: DbOrTx,
  row: Omit<AiRobotRow, 'id' | 'updatedAt'>,
): Promise<void> {
  const { tenantId: _t, workAccountId: _w, ...rest } = row;
  await db
    .insert(aiRobotSettings)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: aiRobotSettings.workAccountId,
      set: { ...rest, updatedAt: new Date() },
    });
}

/** The robot's state in a chat. */
export async function chatState(db: DbOrTx, workAccountId: string, peerId: string) {
  const [row] = await db
    .select()
    .from(aiRobotChats)
    .where(and(eq(aiRobotChats.workAccountId, workAccountId), eq(aiRobotChats.peerId, peerId)));
  return row ?? null;
}

/**
 * Marks a chat handed over to the seats; true when this call did it (it was not before), so the
 * seats are told once.
 */
export async function handOver(
  db: DbOrTx,
  c: { tenantId: string; workAccountId: string; peerId: string; reason: string; at: number },
): Promise<boolean> {
  const rows = rowsOf<{ peer_id: string }>(
    await db.execute(sql`
      insert into ai_robot_chats (tenant_id, work_account_id, peer_id, replies, handed_over_at, handoff_reason)
      values (${c.tenantId}, ${c.workAccountId}, ${c.peerId}, 0, ${c.at}, ${c.reason})
      on conflict (work_account_id, peer_id) do update
        set handed_over_at = excluded.handed_over_at, handoff_reason = excluded.handoff_reason
        where ai_robot_chats.handed_over_at is null
      returning peer_id`),
  );
  return rows.length > 0;
}

/** Counts a reply of the robot in a chat. */
export async function countReply(
  db: DbOrTx,
  c: { tenantId: string; workAccountId: string; peerId: string },
): Promise<void> {
  await db
    .insert(aiRobotChats)
    .values({ ...c, replies: 1 })
    .onConflictDoUpdate({
      target: [aiRobotChats.workAccountId, aiRobotChats.peerId],
      set: { replies: sql`${aiRobotChats.replies} + 1` },
    });
}

/** A transcript stored before. */
export async function transcriptOf(db: DbOrTx, messageId: number): Promise<string | null> {
  const [row] = await db
    .select({ text: aiTranscripts.text })
    .from(aiTranscripts)
    .where(eq(aiTranscripts.messageId, messageId));
  return row?.text ?? null;
}

export async function saveTranscript(
  db: DbOrTx,
  c: { messageId: number; tenantId: string; text: string },
): Promise<void> {
  await db.insert(aiTranscripts).values(c).onConflictDoNothing();
}

/**
 * The language a seat talks to a chat's contact in (its auto translation's `peerLang`), when it
 * set one: the drafts are written in it.
 */
export async function peerLanguageOf(
  db: DbOrTx,
  c: { tenantId: string; userId: string; conversationId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ peerLang: conversationTranslateSettings.peerLang })
    .from(conversationTranslateSettings)
    .where(
      and(
        eq(conversationTranslateSettings.tenantId, c.tenantId),
        eq(conversationTranslateSettings.userId, c.userId),
        eq(conversationTranslateSettings.conversationId, c.conversationId),
      ),
    );
  return row?.peerLang || null;
}
