import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  conversationTranslateSettings,
  messages,
  messageTranslations,
  translationCache,
  translationSettings,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { notHidden } from '../conversations/index.ts';

/** Kept translations of messages into one language, by message id. */
export async function cachedTranslations(
  db: DbOrTx,
  tenantId: string,
  messageIds: number[],
  target: string,
): Promise<Map<number, string>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: messageTranslations.messageId, text: messageTranslations.text })
    .from(messageTranslations)
    .where(
      and(
        eq(messageTranslations.tenantId, tenantId),
        eq(messageTranslations.target, target),
        inArray(messageTranslations.messageId, messageIds),
      ),
    );
  return new Map(rows.map((r) => [Number(r.id), r.text]));
}

/** Keeps a translation (the first one stored wins). */
export async function storeTranslation(
  db: DbOrTx,
  row: { tenantId: string; messageId: number; target: string; text: string; source: string },
): Promise<void> {
  await db.insert(messageTranslations).values(row).onConflictDoNothing();
}

/** A user's auto translation of a conversation, or null when off. */
export async function autoSettingsOf(db: DbOrTx, userId: string, conversationId: string) {
  const rows = await db
    .select()
    .from(conversationTranslateSettings)
    .where(
      and(
        eq(conversationTranslateSettings.userId, userId),
        eq(conversationTranslateSettings.conversationId, conversationId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Turns a user's auto translation of a conversation on (with its languages) or off (null). */
export async function saveAutoSettings(
  db: DbOrTx,
  key: { tenantId: string; userId: string; conversationId: string },
  langs: { seatLang: string; peerLang: string } | null,
): Promise<void> {
  if (!langs) {
    await db
      .delete(conversationTranslateSettings)
      .where(
        and(
          eq(conversationTranslateSettings.userId, key.userId),
          eq(conversationTranslateSettings.conversationId, key.conversationId),
        ),
      );
    return;
  }
  await db
    .insert(conversationTranslateSettings)
    .values({ ...key, ...langs, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [conversationTranslateSettings.userId, conversationTranslateSettings.conversationId],
      set: { ...langs, updatedAt: new Date() },
    });
}

/** Messages of one conversation by id, not hidden (others are left out). */
export async function messagesOfConversation(
  db: DbOrTx,
  tenantId: string,
  conversationId: string,
  ids: number[],
) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: messages.id,
      msgType: messages.msgType,
      content: messages.content,
      revoked: messages.revoked,
    })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.conversationId, conversationId),
        inArray(messages.id, ids),
        notHidden(),
      ),
    );
}

/** What identifies a translated text in the cache. */
export interface TextKey {
  tenantId: string;
  provider: string;
  source: string;
  target: string;
  text: string;
}

const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function keyWhere(k: TextKey) {
  return and(
    eq(translationCache.tenantId, k.tenantId),
    eq(translationCache.provider, k.provider),
    eq(translationCache.source, k.source),
    eq(translationCache.target, k.target),
    eq(translationCache.textHash, hashOf(k.text)),
  );
}

/** A text translated before by the same provider between the same languages, or null. */
export async function cachedText(
  db: DbOrTx,
  k: TextKey,
): Promise<{ text: string; detected: string } | null> {
  const rows = await db
    .select({ text: translationCache.text, detected: translationCache.detected })
    .from(translationCache)
    .where(keyWhere(k))
    .limit(1);
  return rows[0] ?? null;
}

/** Keeps a translated text (the first one stored wins). */
export async function keepText(
  db: DbOrTx,
  k: TextKey,
  text: string,
  detected: string,
): Promise<void> {
  await db
    .insert(translationCache)
    .values({
      tenantId: k.tenantId,
      provider: k.provider,
      source: k.source,
      target: k.target,
      textHash: hashOf(k.text),
      text,
      detected,
    })
    .onConflictDoNothing();
}

/** A tenant's translation settings row. */
export type TranslationSettingsRow = typeof translationSettings.$inferSelect;

/** The tenant's translation settings, or null (the platform default). */
export async function settingsRow(
  db: DbOrTx,
  tenantId: string,
): Promise<TranslationSettingsRow | null> {
  const rows = await db
    .select()
    .from(translationSettings)
    .where(eq(translationSettings.tenantId, tenantId))
    .limit(1);
  return rows[0] ?? null;
}

/** Saves the tenant's settings (null: back to the default) and empties its translation cache. */
export async function replaceSettings(
  db: DbOrTx,
  tenantId: string,
  values: Omit<TranslationSettingsRow, 'tenantId'> | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (values) {
      await tx
        .insert(translationSettings)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: translationSettings.tenantId, set: values });
    } else {
      await tx.delete(translationSettings).where(eq(translationSettings.tenantId, tenantId));
    }
    await tx.delete(translationCache).where(eq(translationCache.tenantId, tenantId));
  });
}
