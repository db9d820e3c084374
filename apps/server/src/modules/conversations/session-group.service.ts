import { and, eq, inArray } from 'drizzle-orm';
import type { SessionGroupItem } from '@cst/shared';
import { sessionGroupItems, sessionGroups } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './conversation.repository.ts';
import type { ConversationService } from './conversation.service.ts';

/** A user's custom session groups (SPEC: custom sessions). */
export class SessionGroupService {
  constructor(
    private readonly deps: Deps,
    private readonly conversations: ConversationService,
  ) {}

  /** The caller's groups with conversation and unread counts. */
  async list(auth: AuthContext): Promise<SessionGroupItem[]> {
    const rows = await repo.listSessionGroups(this.deps.db, auth.tenantId!, auth.userId);
    return rows.map((r) => ({ id: r.id, name: r.name, count: r.count, unRead: r.unread }));
  }

  /** Creates or renames a group. */
  async save(auth: AuthContext, body: { id?: string; name: string }): Promise<{ id: string }> {
    const tenantId = auth.tenantId!;
    const clash = await this.deps.db
      .select({ id: sessionGroups.id })
      .from(sessionGroups)
      .where(and(eq(sessionGroups.userId, auth.userId), eq(sessionGroups.name, body.name)))
      .limit(1);
    if (clash[0] && clash[0].id !== body.id) throw fail.conflict('sessionGroupNameTaken');
    if (body.id) {
      await this.conversations.ownGroup(auth, body.id);
      await this.deps.db
        .update(sessionGroups)
        .set({ name: body.name })
        .where(eq(sessionGroups.id, body.id));
      return { id: body.id };
    }
    const [row] = await this.deps.db
      .insert(sessionGroups)
      .values({ tenantId, userId: auth.userId, name: body.name })
      .returning({ id: sessionGroups.id });
    return { id: row!.id };
  }

  /** Deletes a group (its conversations stay). */
  async remove(auth: AuthContext, id: string): Promise<null> {
    await this.conversations.ownGroup(auth, id);
    await this.deps.db.delete(sessionGroups).where(eq(sessionGroups.id, id));
    return null;
  }

  /** Puts a conversation in exactly the given groups of the caller. */
  async setGroups(auth: AuthContext, indexNameValue: string, groupIds: string[]): Promise<null> {
    const conv = await this.conversations.conversationOf(auth, indexNameValue);
    const unique = [...new Set(groupIds)];
    for (const id of unique) await this.conversations.ownGroup(auth, id);
    await this.deps.db.transaction(async (tx) => {
      const mine = tx
        .select({ id: sessionGroups.id })
        .from(sessionGroups)
        .where(and(eq(sessionGroups.userId, auth.userId)));
      await tx
        .delete(sessionGroupItems)
        .where(
          and(
            eq(sessionGroupItems.conversationId, conv.id),
            inArray(sessionGroupItems.groupId, mine),
          ),
        );
      if (unique.length) {
        await tx
          .insert(sessionGroupItems)
          .values(unique.map((groupId) => ({ groupId, conversationId: conv.id })))
          .onConflictDoNothing();
      }
    });
    return null;
  }
}
